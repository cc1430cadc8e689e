/**
 * Indian pincodes as people write them: six digits, the first never 0, often split 3 + 3 ("683 101"). One rule for
 * every place an address's pincode is read: the checkout's check and the quote's place of supply.
 */
const PINCODE = /(?<!\d)[1-9]\d{2} ?\d{3}(?!\d)/g;

/** The last pincode in a delivery address, as six digits ("Kerala 683 101" → "683101"); null when there is none. */
export function pincodeIn(address: string): string | null {
  const all = address.match(PINCODE);
  return all ? (all[all.length - 1] as string).replace(' ', '') : null;
}

/** Whether an address carries a pincode, spaced or not. */
export const hasPincode = (address: string): boolean => pincodeIn(address) !== null;

/** The text with its pincodes taken out ("Kochi 682 024" → "Kochi "). */
export const withoutPincodes = (text: string): string => text.replace(PINCODE, '');
