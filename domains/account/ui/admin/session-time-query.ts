import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { getJson } from '#app/lib/api.ts';
import type { SessionTime } from '#domains/account/model.ts';

import { whileSignedIn } from './session-prompt.ts';

export const SESSION_TIME_KEY = ['auth', 'session'] as const;

/** When the panel's session ends, and when that was read, both on this browser's clock. */
export interface SessionDeadline {
  endsAt: number;
  readAt: number;
}

/**
 * When the panel's session ends, on this browser's clock: the server's seconds left, counted from the moment they
 * arrived (the two clocks need not agree). Read again after signing in again.
 */
export function useSessionDeadline(enabled: boolean): SessionDeadline | null {
  const { data } = useQuery({
    queryKey: SESSION_TIME_KEY,
    queryFn: async ({ signal }) => {
      const time = await whileSignedIn(() => getJson<SessionTime>('/api/auth/session', signal));
      const readAt = Date.now();
      return { endsAt: readAt + time.secondsLeft * 1000, readAt };
    },
    enabled,
    staleTime: Infinity,
  });
  return data ?? null;
}

/** The time now, again every `everyMs` (a countdown's tick). */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
