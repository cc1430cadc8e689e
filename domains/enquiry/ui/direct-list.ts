import { lineCeiling } from '#domains/catalogue/variations.ts';
import type { DirectEnquiryItem } from '#domains/enquiry/schema.ts';

import { keyOf } from './enquiry-lines.ts';

/** The direct enquiry list with a repeated line merged into one. */
export function usableDirectList(items: readonly DirectEnquiryItem[] | null): DirectEnquiryItem[] | null {
  if (!items) return null;
  const merged: DirectEnquiryItem[] = [];
  for (const item of items) {
    const same = merged.findIndex((other) => keyOf(other) === keyOf(item));
    if (same === -1) merged.push(item);
    else merged[same] = mergeQuantity(merged[same] as DirectEnquiryItem, item.quantity);
  }
  return merged.length > 0 ? merged : null;
}

const mergeQuantity = (item: DirectEnquiryItem, extra: number): DirectEnquiryItem => ({
  ...item,
  quantity: Math.min(item.quantity + extra, lineCeiling([])),
});

/** Puts `replacement` where the line `key` was; if it now equals another line, the two become one. */
export function replaceDirectItem(
  items: readonly DirectEnquiryItem[],
  key: string,
  replacement: DirectEnquiryItem,
): DirectEnquiryItem[] {
  const newKey = keyOf(replacement);
  const other = items.find((item) => keyOf(item) === newKey && newKey !== key);
  return items.flatMap((item) => {
    const itemKey = keyOf(item);
    if (itemKey === key) return other ? [] : [replacement];
    if (other && itemKey === newKey) return [mergeQuantity(item, replacement.quantity)];
    return [item];
  });
}
