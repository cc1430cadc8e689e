/**
 * A guest's details, kept on this device only when they tick 'Remember my details on this device' (a shared phone
 * should not offer them to the next person), and forgotten at a tap.
 */
export interface RememberedDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryLocation: string;
  /** Blank for most customers; details kept before the checkout asked for a GSTIN have none. */
  customerGstin: string;
  /** Blank for most customers, and in details kept before the checkout asked for it. */
  customerBusinessName: string;
}

const KEY = 'checkout-details';
/** Every remembered field, in the form's order; the forget button clears these. */
export const REMEMBERED_FIELDS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'deliveryLocation',
  'customerGstin',
  'customerBusinessName',
] as const;
export type RememberedField = (typeof REMEMBERED_FIELDS)[number];
/** What details kept before the GSTIN and business name fields may lack, read as blank. */
const OPTIONAL = new Set<RememberedField>(['customerGstin', 'customerBusinessName']);

/** What this device remembers; broken or missing data reads as none. */
export function rememberedDetails(): RememberedDetails | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null;
    if (!value) return null;
    const details: Partial<Record<RememberedField, string>> = {};
    for (const field of REMEMBERED_FIELDS) {
      const kept = value[field] ?? (OPTIONAL.has(field) ? '' : undefined);
      if (typeof kept !== 'string') return null;
      details[field] = kept;
    }
    return details as RememberedDetails;
  } catch {
    return null;
  }
}

export function rememberDetails(details: Record<RememberedField, string | null | undefined>): void {
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify(Object.fromEntries(REMEMBERED_FIELDS.map((field) => [field, details[field] ?? '']))),
    );
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
