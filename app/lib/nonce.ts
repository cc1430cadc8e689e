import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (app/entry.server.tsx provides it);
 * undefined in the browser, which never needs it: browsers hide a nonce from scripts once the page has parsed.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
