/**
 * A guest's details, kept on this device only when they tick 'Remember my details on this device' (a shared phone
 * should not offer them to the next person), and forgotten at a tap.
 */
export interface RememberedDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryLocation: string;
}

const KEY = 'checkout-details';
const FIELDS = ['customerName', 'customerEmail', 'customerPhone', 'deliveryLocation'] as const;

/** What this device remembers; broken or missing data reads as none. */
export function rememberedDetails(): RememberedDetails | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null;
    if (!value || !FIELDS.every((field) => typeof value[field] === 'string')) return null;
    return Object.fromEntries(FIELDS.map((field) => [field, value[field]])) as unknown as RememberedDetails;
  } catch {
    return null;
  }
}

export function rememberDetails(details: RememberedDetails): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, details[field]]))));
  } catch {
    // storage full or disabled: remembering is a convenience only
  }
}

export function forgetDetails(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
