import { ContactsPage } from '../features/admin/contacts/ContactsPage';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-contacts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Contacts');

export default function AdminContacts() {
  return <ContactsPage />;
}
