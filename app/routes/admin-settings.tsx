import { adminMeta } from '../features/admin/meta';
import { SettingsPage } from '../features/admin/settings/SettingsPage';
import type { Route } from './+types/admin-settings';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Settings');

export default function AdminSettings() {
  return <SettingsPage />;
}
