import { Outlet, redirect, type ShouldRevalidateFunction } from 'react-router';

import { AdminGuard } from '#app/admin/AdminGuard.tsx';
import { AdminLayout } from '#app/admin/AdminLayout.tsx';
import { adminMeta } from '#app/admin/meta.ts';
import { usesPanel } from '#domains/account/model.ts';
import { requestAuthStatus } from '#domains/account/ui/status.server.ts';

import type { Route } from './+types/admin.ts';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'Admin');

/**
 * Visitors and signed-in customers are sent to /login before anything renders; administrators and
 * staff pass. One whose 2FA code is still pending passes too: the guard asks for the code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const status = await requestAuthStatus(request, context);
  if (!status.authenticated || !usesPanel(status.user?.role)) throw redirect('/login');
  // The settings' GST rates: what the product dialog's and the quote form's rate selects offer.
  return { gstRates: (await context.settings.current()).tax.gstRates };
}

/**
 * Not again for a change of the address's search alone (a list's filter, search or page): the answer cannot change
 * with it, and waiting on the server for it left the address as it was, so a search typed just after a filter was
 * pressed was built on the address without the filter and dropped it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

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
