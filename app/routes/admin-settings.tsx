import { adminMeta } from '#app/admin/meta.ts';
import { SettingsPage } from '#domains/settings/ui/SettingsPage.tsx';

import type { Route } from './+types/admin-settings.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Settings');

export default function AdminSettings() {
  return <SettingsPage />;
}
