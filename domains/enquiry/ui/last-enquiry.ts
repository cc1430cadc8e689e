import { useMemo, useSyncExternalStore } from 'react';

import { STATUS_TOKEN_PATTERN } from '#domains/enquiry/status-link.ts';

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

/** Kept on the device (localStorage) by default; in this tab only (sessionStorage) once the customer asks. */
type Place = 'device' | 'tab';
const storageOf = (place: Place): Storage => (place === 'device' ? localStorage : sessionStorage);

function readFrom(place: Place): string | null {
  try {
    return storageOf(place).getItem(LAST_ENQUIRY_KEY);
  } catch {
    return null;
  }
}

function writeTo(place: Place, value: string | null): void {
  try {
    if (value === null) storageOf(place).removeItem(LAST_ENQUIRY_KEY);
    else storageOf(place).setItem(LAST_ENQUIRY_KEY, value);
  } catch {
    // storage full or disabled: the notice is a convenience only
  }
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** What is stored and where: the device's copy first (a tab's copy exists only once the device forgot it). */
function read(): string | null {
  const device = readFrom('device');
  if (device !== null) return `device:${device}`;
  const tab = readFrom('tab');
  return tab === null ? null : `tab:${tab}`;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Kept in localStorage, so a reload, a closed tab or a lost connection does not take the enquiry number away. */
export function saveLastEnquiry(enquiry: LastEnquiry): void {
  writeTo('tab', null);
  writeTo('device', JSON.stringify(enquiry));
  changed();
}

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

export interface LastEnquiryState {
  enquiry: LastEnquiry | null;
  /** Whether it is kept on the device for a week (else for this tab only). */
  onDevice: boolean;
  dismiss: () => void;
  /** For a shared phone: removed from the device, kept in this tab until it is closed. */
  forgetDevice: () => void;
}

/** The last enquiry (none on the server, which has no storage), where it is kept, and what the customer may do. */
export function useLastEnquiry(): LastEnquiryState {
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const onDevice = stored?.startsWith('device:') ?? false;
  const raw = stored === null ? null : stored.slice(stored.indexOf(':') + 1);
  const enquiry = useMemo(() => parseLastEnquiry(raw, Date.now()), [raw]);
  return {
    enquiry,
    onDevice,
    dismiss: () => {
      writeTo('device', null);
      writeTo('tab', null);
      changed();
    },
    forgetDevice: () => {
      writeTo('tab', raw);
      writeTo('device', null);
      changed();
    },
  };
}
