import { z } from 'zod';

import { readStored, removeStored } from '#app/lib/session-storage.ts';
import { DIRECT_ENQUIRY_KEY, KEPT_DIRECT_KEY } from '#domains/enquiry/model.ts';
import { type DirectEnquiryItem, directEnquiryItemSchema, type StoredDirectEnquiryItem } from '#domains/enquiry/schema.ts';
import { DEFAULT_UNIT_TYPE, DEFAULT_UNITS_PER_CARTON, piecePrice } from '#domains/pricing/model.ts';
import { toDecimalString, toPaise } from '#lib/money.ts';

// The checkout's side of the direct enquiry: reading it back through the shared schema. It lives here, not beside
// the writing side in enquiry-storage.ts, so the product pages, which only write, do not load the schema library.

/**
 * Reads the direct enquiry list once and removes it. A list with a broken line is ignored, like any broken session
 * data; missing carton fields take the defaults (1, 'pieces') and the per-piece price is worked out again.
 */
export function takeDirectEnquiry(): DirectEnquiryItem[] | null {
  const value = readStored(DIRECT_ENQUIRY_KEY);
  removeStored(DIRECT_ENQUIRY_KEY);
  const parsed = z.array(directEnquiryItemSchema).min(1).safeParse(value);
  return parsed.success ? parsed.data.map(directItemOf) : null;
}

export function keptDirectLines(): DirectEnquiryItem[] | null {
  const parsed = z.array(directEnquiryItemSchema).min(1).safeParse(readStored(KEPT_DIRECT_KEY));
  return parsed.success ? parsed.data.map(directItemOf) : null;
}

/** An item saved by an older page has no option list: its one option is its variation. */
function directItemOf(item: StoredDirectEnquiryItem): DirectEnquiryItem {
  const variationId = item.variationId ?? null;
  const unitsPerCarton = item.unitsPerCarton ?? DEFAULT_UNITS_PER_CARTON;
  const clean = {
    ...item,
    variationId,
    variationName: item.variationName ?? null,
    variationType: item.variationType ?? null,
    variationValue: item.variationValue ?? null,
    unitsPerCarton,
    unitType: item.unitType || DEFAULT_UNIT_TYPE,
    pricePerUnit: toDecimalString(piecePrice(toPaise(item.price), unitsPerCarton)),
  };
  if (item.optionIds && item.options)
    return { ...clean, optionIds: [...item.optionIds].sort((a, b) => a - b), options: item.options };
  const value = clean.variationValue;
  return {
    ...clean,
    optionIds: variationId === null ? [] : [variationId],
    options:
      variationId === null || !value
        ? []
        : [{ id: variationId, type: clean.variationType ?? '', name: clean.variationName ?? 'Option', value }],
  };
}
