import { ContactsPage } from '#app/features/admin/contacts/ContactsPage.tsx';
import { adminMeta } from '#app/features/admin/meta.ts';

import type { Route } from './+types/admin-contacts.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Contacts');

export default function AdminContacts() {
  return <ContactsPage />;
}
