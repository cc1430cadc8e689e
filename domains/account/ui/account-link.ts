import { useEffect, useState } from 'react';

import { ROLE_WORDS, usesPanel } from '#domains/account/model.ts';
import type { LinkPreview } from '#domains/account/schema.ts';
import { authErrorMessage, previewLink } from '#domains/account/ui/auth-api.ts';
import { msg } from '#lib/i18n/translate.ts';

export type LinkState =
  { state: 'checking' } | { state: 'ready'; token: string; preview: LinkPreview } | { state: 'refused'; message: string };

// The messages are English, shown in the page's language (the catalogue's ids: lib/i18n).
const INCOMPLETE = msg('This link is not complete. Open it again from your e-mail, or ask your administrator for a new one.');

/**
 * The token of an e-mailed account link, read from the address's fragment (which never reaches a server or its logs)
 * and then taken out of the address bar, and what the server says the link is for.
 */
export function useAccountLink(purpose: LinkPreview['purpose']): LinkState {
  const [link, setLink] = useState<LinkState>({ state: 'checking' });
  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) {
      setLink({ state: 'refused', message: INCOMPLETE });
      return;
    }
    let current = true;
    previewLink(purpose, token).then(
      (preview) => current && setLink({ state: 'ready', token, preview }),
      (failure: unknown) =>
        current &&
        setLink({
          state: 'refused',
          message: authErrorMessage(failure, msg('The link could not be checked. Please try again.')),
        }),
    );
    return () => {
      current = false;
    };
  }, [purpose]);
  return link;
}

/** 'Administrator' or 'Staff', as the pages name the role a link gives (an invitation's is always a panel role). */
export const roleWord = (preview: LinkPreview) => (usesPanel(preview.role) ? ROLE_WORDS[preview.role] : '');

/** What a panel password needs, under its field. */
export const PASSWORD_HINT = msg('At least 12 characters, with uppercase, lowercase, numbers and symbols');

/** What a customer's password needs, as the register form asks it. */
export const CUSTOMER_PASSWORD_HINT = msg('At least 8 characters');
