import { isRouteErrorResponse, Outlet } from 'react-router';

import { ErrorPage, PublicShell } from '../components/shell/PublicShell';
import type { Route } from './+types/public';

/** The layout route of every public page: the shop's header and footer around the page. */
export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell>
      <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />
    </PublicShell>
  );
}
