import { useCallback, useSyncExternalStore } from 'react';

/**
 * 'Skip for Now' on the 2FA offer lasts for the browser tab's session (sessionStorage), so a reload does not
 * ask again. It is kept per account: another admin signing in on the same tab is asked.
 */
export const TWO_FACTOR_SKIP_KEY = 'admin-2fa-skipped';

const listeners = new Set<() => void>();
/** Used when the browser refuses storage: the choice then lasts until the page is left. */
let fallback: string | null = null;

function read(): string | null {
  try {
    return sessionStorage.getItem(TWO_FACTOR_SKIP_KEY) ?? fallback;
  } catch {
    return fallback;
  }
}

function write(value: string | null): void {
  fallback = value;
  try {
    if (value === null) sessionStorage.removeItem(TWO_FACTOR_SKIP_KEY);
    else sessionStorage.setItem(TWO_FACTOR_SKIP_KEY, value);
  } catch {
    // Storage refused (private mode, quota): the in-memory value stands in.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the choice (on logout). */
export function forgetTwoFactorSkip(): void {
  write(null);
}

/** Whether this account chose 'Skip for Now' in this tab, and the function that records the choice. */
export function useTwoFactorSkip(userId: number | null): { skipped: boolean; skip: () => void } {
  // The server has no sessionStorage: it renders "not skipped" and the browser corrects it after hydration.
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const skip = useCallback(() => {
    if (userId !== null) write(String(userId));
  }, [userId]);
  return { skipped: userId !== null && stored === String(userId), skip };
}
