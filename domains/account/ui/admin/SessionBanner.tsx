import { Clock, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { ADMIN_SESSION_MS } from '#domains/account/model.ts';

import { renewSession, sessionEnded } from './session-prompt.ts';
import { SESSION_WARNING_MS, timeLeftText } from './session-time.ts';
import { useNow, useSessionDeadline } from './session-time-query.ts';

/** How often the countdown is redrawn: it shows whole minutes. */
const TICK_MS = 15_000;

/**
 * Above the admin content (the guard's last step): the session's state and its countdown. A few minutes before
 * the 4 hours are up it warns once and offers to sign in again; when they are up the sign-in prompt opens by itself,
 * without waiting for a request to be refused.
 */
export function SessionBanner({ secure, focus }: { secure: boolean; focus: boolean }) {
  const banner = useRef<HTMLDivElement>(null);
  const deadline = useSessionDeadline(true);
  const now = useNow(TICK_MS);
  // A countdown that ticks every 15 s is up to 15 s old when a new deadline arrives (after signing in again): counted
  // from the later of the two, the fresh 4 hours read "4 hours", not "4 hours 1 minute" until the next tick.
  const left = deadline === null ? ADMIN_SESSION_MS : deadline.endsAt - Math.max(now, deadline.readAt);
  const warning = left <= SESSION_WARNING_MS;

  useEffect(() => {
    if (focus) banner.current?.focus();
  }, [focus]);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setTimeout(sessionEnded, Math.max(0, deadline.endsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);

  const Icon = secure ? ShieldCheck : ShieldAlert;
  return (
    <div
      ref={banner}
      tabIndex={-1}
      role="region"
      aria-label="Admin session"
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 border-b px-4 py-1.5 text-xs focus:outline-none sm:px-6 sm:py-2 sm:text-sm ${
        warning
          ? 'border-amber-300 bg-amber-100 text-amber-950'
          : secure
            ? 'border-leaf-200 bg-leaf-50 text-leaf-900'
            : 'border-amber-200 bg-amber-50 text-amber-950'
      }`}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-4" />
        {secure ? 'Secure Admin Session Active' : 'Admin Session Active (2FA Recommended)'}
      </p>
      <p className="flex items-center gap-1 sm:ml-auto">
        <Clock aria-hidden="true" className="size-3.5" />
        Session expires in {timeLeftText(left)}
      </p>
      {warning && left > 0 && (
        <div role="alert" className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <p className="font-semibold">Your session ends in less than {timeLeftText(SESSION_WARNING_MS)}.</p>
          <button type="button" className="btn-primary min-h-11" onClick={renewSession}>
            Sign in again
          </button>
          <p>What you are typing stays as it is.</p>
        </div>
      )}
    </div>
  );
}
