import { Outlet, redirect } from 'react-router';

import { usesPanel } from '../../core/auth';
import { AdminGuard } from '../features/admin/AdminGuard';
import { AdminLayout } from '../features/admin/AdminLayout';
import { adminMeta } from '../features/admin/meta';
import { requestAuthStatus } from '../features/auth/status.server';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = () => adminMeta('Admin');

/**
 * Visitors and signed-in customers are sent to /login before anything renders; administrators and
 * staff pass. One whose 2FA code is still pending passes too: the guard asks for the code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const status = await requestAuthStatus(request, context);
  if (!status.authenticated || !usesPanel(status.user?.role)) throw redirect('/login');
  // The shop's GST_RATES setting: what the product dialog's and the quote form's rate selects offer.
  return { gstRates: context.gstRates };
}

/** Admin pages are personal: never stored by the browser or a proxy. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** The layout route of /admin and its sections: the admin-only guard around the sidebar layout. */
export default function AdminArea() {
  return (
    <AdminGuard>
      <AdminLayout>
        <Outlet />
      </AdminLayout>
    </AdminGuard>
  );
}
