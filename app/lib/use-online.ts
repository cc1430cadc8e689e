import { useSyncExternalStore } from 'react';

import { msg } from '#lib/i18n/translate.ts';

import type { Toast } from './toast.tsx';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection (the server renders as online). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A request that never reached the server: fetch rejects with a TypeError, not an answer. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError || !navigator.onLine;

/**
 * The toast for a change that did not go through: offline, it says so and that nothing changed (the page never shows a
 * change the shop did not make); otherwise the usual error.
 */
export function failureToast(error: unknown, description: string, offline: string = msg('Nothing was changed.')): Toast {
  return isNetworkFailure(error)
    ? {
        title: msg('You are offline'),
        description: [offline, msg('Try again when you are back online.')],
        variant: 'destructive',
      }
    : { title: msg('Error'), description, variant: 'destructive' };
}
