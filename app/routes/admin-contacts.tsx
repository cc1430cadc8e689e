import { ComingSoon } from '../features/admin/AdminLayout';
import { adminMeta } from '../features/admin/meta';
import type { Route } from './+types/admin-contacts';

export const meta: Route.MetaFunction = () => adminMeta('Contacts');

/** /admin/contacts: filled by the admin panel work. */
export default function AdminContacts() {
  return <ComingSoon title="Contacts" />;
}
