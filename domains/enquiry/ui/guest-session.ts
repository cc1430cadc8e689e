import { randomId } from '#app/lib/random-id.ts';

const GUEST_SESSION_KEY = 'guest-session-id';

/** The guest's client-generated session id (sent as sessionId, by guests only), kept for the browser tab's session. */
export function guestSessionId(): string {
  try {
    const existing = sessionStorage.getItem(GUEST_SESSION_KEY);
    if (existing && /^[A-Za-z0-9_-]{8,100}$/.test(existing)) return existing;
    const created = randomId();
    sessionStorage.setItem(GUEST_SESSION_KEY, created);
    return created;
  } catch {
    // storage disabled: an id for this enquiry only
    return randomId();
  }
}
