import { adminMeta } from '#app/features/admin/meta.ts';
import { SettingsPage } from '#app/features/admin/settings/SettingsPage.tsx';

import type { Route } from './+types/admin-settings.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Settings');

export default function AdminSettings() {
  return <SettingsPage />;
}
