import type { ReactNode } from 'react';

import { InlineAlert } from '#app/ui/InlineAlert.tsx';

import type { LinkState } from './account-link.ts';
import { AuthChecking, AuthFrame } from './AuthFrame.tsx';

/**
 * An e-mailed link's page (its title and `checking` in the page's language): while its link is checked, that; then its title, and either why the link is refused (used,
 * expired, unknown) or the page's form for the link that is ready.
 */
export function LinkFrame({
  title,
  link,
  checking,
  children,
}: {
  title: string;
  link: LinkState;
  checking: string;
  children: (ready: Extract<LinkState, { state: 'ready' }>) => ReactNode;
}) {
  if (link.state === 'checking') {
    return <AuthChecking>{checking}</AuthChecking>;
  }
  return (
    <AuthFrame>
      <h1 className="text-2xl font-bold text-leaf-900">{title}</h1>
      {link.state === 'refused' ? (
        <div className="mt-4">
          <InlineAlert message={link.message} />
        </div>
      ) : (
        children(link)
      )}
    </AuthFrame>
  );
}
