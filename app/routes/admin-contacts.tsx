import { adminMeta } from '#app/admin/meta.ts';
import { ContactsPage } from '#domains/message/ui/ContactsPage.tsx';

import type { Route } from './+types/admin-contacts.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Contacts');

export default function AdminContacts() {
  return <ContactsPage />;
}
