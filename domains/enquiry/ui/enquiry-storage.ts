import { removeStored, writeStored } from '#app/lib/session-storage.ts';
import type { Product } from '#domains/catalogue/model.ts';
import { type Selection, selectionIds } from '#domains/catalogue/ui/variation-choice.ts';
import { DIRECT_ENQUIRY_KEY, KEPT_DIRECT_KEY } from '#domains/enquiry/model.ts';
import type { DirectEnquiryItem } from '#domains/enquiry/schema.ts';
import { cartonDetails, piecePrice, priceAt, pricedList, type PriceGroupTerms } from '#domains/pricing/model.ts';
import { toDecimalString } from '#lib/money.ts';

/** A line to enquire about at once, priced as the visitor's pages show it (the server prices it again when it is sent). */
export function directEnquiryItem(
  product: Product,
  selection: Selection,
  quantity: number,
  terms: PriceGroupTerms | null = null,
): DirectEnquiryItem {
  const { variation } = selection;
  const { price } = priceAt(pricedList(product, variation, terms).list, quantity);
  const carton = cartonDetails(product, variation);
  return {
    productId: product.id,
    productName: product.name,
    productDescription: product.description,
    productImageUrl: product.imageUrl,
    quantity,
    price: toDecimalString(price),
    variationId: variation?.id ?? null,
    variationName: variation?.name ?? null,
    variationType: variation?.type ?? null,
    variationValue: variation?.value ?? null,
    unitsPerCarton: carton.unitsPerCarton,
    unitType: carton.unitType,
    pricePerUnit: toDecimalString(piecePrice(price, carton.unitsPerCarton)),
    cartonWeight: carton.cartonWeight,
    cartonDimensions: carton.cartonDimensions,
    optionIds: selectionIds(selection),
    options: selection.options.map(({ id, type, name, value }) => ({ id, type, name, value })),
  };
}

export function saveDirectEnquiry(items: DirectEnquiryItem[]): void {
  writeStored(DIRECT_ENQUIRY_KEY, items);
}

/**
 * The direct enquiry list is taken once from its session storage key; the checkout keeps its own copy so a customer
 * who leaves checkout and comes back (Back, a look at another product) finds the enquiry still there.
 */
export function keepDirectLines(items: DirectEnquiryItem[]): void {
  if (items.length === 0) removeStored(KEPT_DIRECT_KEY);
  else writeStored(KEPT_DIRECT_KEY, items);
}

/** Checkout from the cart panel: the cart's lines are wanted, not an earlier direct enquiry. */
export const forgetDirectLines = (): void => removeStored(KEPT_DIRECT_KEY);
