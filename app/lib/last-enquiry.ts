/** The enquiry just sent, handed from the checkout page to the page it lands on (read once). */
export interface LastEnquiry {
  displayId: number;
  /** '3 cartons Areca Leaf Round Plate (Size: 10 inch), 2 cartons …' */
  summary: string;
}

const LAST_ENQUIRY_KEY = 'last-enquiry';

export function saveLastEnquiry(enquiry: LastEnquiry): void {
  try {
    sessionStorage.setItem(LAST_ENQUIRY_KEY, JSON.stringify(enquiry));
  } catch {
    // storage full or disabled: the notice is a convenience only
  }
}

/** Reads the last enquiry and removes it; broken data is ignored. */
export function takeLastEnquiry(): LastEnquiry | null {
  try {
    const raw = sessionStorage.getItem(LAST_ENQUIRY_KEY);
    sessionStorage.removeItem(LAST_ENQUIRY_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LastEnquiry> | null;
    if (!value || !Number.isSafeInteger(value.displayId) || typeof value.summary !== 'string') return null;
    return { displayId: value.displayId as number, summary: value.summary };
  } catch {
    return null;
  }
}
