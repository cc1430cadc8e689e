import { Outlet } from 'react-router';

import { PublicErrorPage, PublicShell } from '#app/shell/PublicShell.tsx';

import type { Route } from './+types/public.ts';

/** The layout route of every public page: the shop's header and footer around the page. */
export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicErrorPage error={error} />;
}
