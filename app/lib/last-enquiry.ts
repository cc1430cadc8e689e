import { useMemo, useSyncExternalStore } from 'react';

import { STATUS_TOKEN_PATTERN } from '../../core/enquiry-status';

/** The enquiry last sent from this browser: shown on the home page until the customer dismisses it. */
export interface LastEnquiry {
  displayId: number;
  /** '3 cartons Areca Leaf Round Plate (Size: 10 inch), 2 cartons …' */
  summary: string;
  /** When it was sent (ISO): the reply promise counts from it. */
  sentAt: string;
  /** The token of its private status page, when the shop gave one. */
  statusToken?: string;
}

const LAST_ENQUIRY_KEY = 'last-enquiry';
/** After a week the call has long been made; the notice would only be noise. */
const KEEP_MS = 7 * 24 * 3_600_000;

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(LAST_ENQUIRY_KEY);
  } catch {
    return null;
  }
}

function write(value: LastEnquiry | null): void {
  try {
    if (value === null) localStorage.removeItem(LAST_ENQUIRY_KEY);
    else localStorage.setItem(LAST_ENQUIRY_KEY, JSON.stringify(value));
  } catch {
    // storage full or disabled: the notice is a convenience only
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Kept in localStorage, so a reload, a closed tab or a lost connection does not take the enquiry number away. */
export const saveLastEnquiry = (enquiry: LastEnquiry): void => write(enquiry);

/** The stored enquiry while it is worth showing; broken or week-old data reads as none. */
export function parseLastEnquiry(raw: string | null, now: number): LastEnquiry | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LastEnquiry> | null;
    if (!value || !Number.isSafeInteger(value.displayId) || typeof value.summary !== 'string') return null;
    const sentAt = typeof value.sentAt === 'string' ? Date.parse(value.sentAt) : Number.NaN;
    if (!(now - sentAt < KEEP_MS)) return null;
    const statusToken =
      typeof value.statusToken === 'string' && STATUS_TOKEN_PATTERN.test(value.statusToken) ? value.statusToken : undefined;
    return { displayId: value.displayId as number, summary: value.summary, sentAt: value.sentAt as string, statusToken };
  } catch {
    return null;
  }
}

/** The last enquiry (none on the server, which has no storage) and the function that dismisses it. */
export function useLastEnquiry(): { enquiry: LastEnquiry | null; dismiss: () => void } {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const enquiry = useMemo(() => parseLastEnquiry(raw, Date.now()), [raw]);
  return { enquiry, dismiss: () => write(null) };
}
