/** The enquiry last sent from this browser: shown on the home page until the customer dismisses it. */
export interface LastEnquiry {
  displayId: number;
  /** '3 cartons Areca Leaf Round Plate (Size: 10 inch), 2 cartons …' */
  summary: string;
  /** When it was sent (ISO): the reply promise counts from it. */
  sentAt: string;
}

const LAST_ENQUIRY_KEY = 'last-enquiry';
/** After a week the call has long been made; the notice would only be noise. */
const KEEP_MS = 7 * 24 * 3_600_000;

/** Kept in localStorage, so a reload, a closed tab or a lost connection does not take the enquiry number away. */
export function saveLastEnquiry(enquiry: LastEnquiry): void {
  try {
    localStorage.setItem(LAST_ENQUIRY_KEY, JSON.stringify(enquiry));
  } catch {
    // storage full or disabled: the notice is a convenience only
  }
}

/** The last enquiry while it is worth showing; broken or old data is forgotten. */
export function readLastEnquiry(now = Date.now()): LastEnquiry | null {
  try {
    const raw = localStorage.getItem(LAST_ENQUIRY_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LastEnquiry> | null;
    const sentAt = typeof value?.sentAt === 'string' ? Date.parse(value.sentAt) : Number.NaN;
    if (!value || !Number.isSafeInteger(value.displayId) || typeof value.summary !== 'string' || !(now - sentAt < KEEP_MS)) {
      forgetLastEnquiry();
      return null;
    }
    return { displayId: value.displayId as number, summary: value.summary, sentAt: value.sentAt as string };
  } catch {
    return null;
  }
}

export function forgetLastEnquiry(): void {
  try {
    localStorage.removeItem(LAST_ENQUIRY_KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}
