import { useSyncExternalStore } from 'react';

import { ApiError } from '#app/lib/api.ts';

/**
 * Why the sign-in prompt is open: the session has ended (a request was refused, or its 4 hours ran out), or the staff
 * member chose to sign in again before it ends. Null while it is closed.
 */
export type SessionPrompt = 'ended' | 'renew' | null;

let prompt: SessionPrompt = null;
let waiting: Array<() => void> = [];
const listeners = new Set<() => void>();

function set(next: SessionPrompt): void {
  if (prompt === next) return;
  prompt = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The prompt's state, for the component that draws it. */
export function useSessionPrompt(): SessionPrompt {
  return useSyncExternalStore(
    subscribe,
    () => prompt,
    () => null,
  );
}

/** The session has ended: the prompt opens over the page (which stays as it is). */
export function sessionEnded(): void {
  set('ended');
}

/** Sign in again now, before the session ends (the warning's button). */
export function renewSession(): void {
  if (prompt === null) set('renew');
}

/** The prompt closed without signing in (only a renewal can be put off). */
export function keepSession(): void {
  if (prompt === 'renew') set(null);
}

/** Signed in again: the prompt closes and every request that waited for it is sent again. */
export function sessionResumed(): void {
  const resume = waiting;
  waiting = [];
  set(null);
  for (const go of resume) go();
}

/**
 * A call to the API that outlives the session: when it is refused because nobody is signed in any more (401), the
 * prompt opens, and once the same person has signed in again the call is made again and its answer is the caller's.
 * So a quote, a status change or a product half typed is sent as soon as they are back, never dropped with an error.
 */
export async function whileSignedIn<T>(call: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        sessionEnded();
      });
    }
  }
}
