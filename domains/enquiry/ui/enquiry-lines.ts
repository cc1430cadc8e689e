import { itemCarton, itemList, itemMax, itemPrice, itemRule } from '#domains/cart/line-price.ts';
import type { CartItem, LineOption } from '#domains/cart/model.ts';
import { ANY_QUANTITY, type CartonRule } from '#domains/catalogue/carton-rules.ts';
import { lineCeiling, optionsText } from '#domains/catalogue/variations.ts';
import type { DirectEnquiryItem } from '#domains/enquiry/schema.ts';
import { linesTotal, type PriceList } from '#domains/pricing/model.ts';
import { cartonsIn, type Translate } from '#lib/i18n/translate.ts';
import { type Paise, toPaise } from '#lib/money.ts';

/** One line of the enquiry summary, whether it comes from the cart or from a direct enquiry. */
export interface EnquiryLine {
  /** Unique within the list: product and options. */
  key: string;
  productId: number;
  /** The pricing option. */
  variationId: number | null;
  /** Every chosen option, ascending. */
  optionIds: number[];
  /** The same options in the product's type order. */
  options: LineOption[];
  productName: string;
  imageUrl: string;
  variationName: string | null;
  variationType: string | null;
  variationValue: string | null;
  quantity: number;
  /** Per carton. */
  price: Paise;
  unitsPerCarton: number;
  unitType: string;
  cartonWeight: string | null;
  cartonDimensions: string | null;
  /** Most cartons the plus button allows. */
  max: number;
  /** The minimum order and carton step the quantity keeps. */
  rule: CartonRule;
  /** The line's price list (a direct line: its one price; the server prices it when it is sent). */
  list: PriceList;
}

export const lineKey = (productId: number, variationId: number | null, optionIds: readonly number[]) =>
  `${productId}-${variationId ?? 0}${optionIds.length > 1 ? `-${optionIds.join('-')}` : ''}`;
/** The key of a cart item, a direct item or a line. */
export const keyOf = (line: { productId: number; variationId: number | null; optionIds: readonly number[] }) =>
  lineKey(line.productId, line.variationId, line.optionIds);

/** What identifies a line, from the cart or a direct enquiry alike: its key, product and options. */
const identityOf = (item: Pick<EnquiryLine, 'productId' | 'variationId' | 'optionIds' | 'options'>) => ({
  key: keyOf(item),
  productId: item.productId,
  variationId: item.variationId,
  optionIds: item.optionIds,
  options: item.options,
});

export function lineFromCart(item: CartItem): EnquiryLine {
  const carton = itemCarton(item);
  return {
    ...identityOf(item),
    productName: item.product.name,
    imageUrl: item.product.imageUrl,
    variationName: item.variation?.name ?? null,
    variationType: item.variation?.type ?? null,
    variationValue: item.variation?.value ?? null,
    quantity: item.quantity,
    price: itemPrice(item),
    ...carton,
    max: itemMax(item),
    rule: itemRule(item),
    list: itemList(item),
  };
}

/** A direct enquiry line; its stock is not known here, so the server has the last word on the quantity. */
export function lineFromDirect(item: DirectEnquiryItem): EnquiryLine {
  return {
    ...identityOf(item),
    productName: item.productName,
    imageUrl: item.productImageUrl,
    variationName: item.variationName,
    variationType: item.variationType,
    variationValue: item.variationValue,
    quantity: item.quantity,
    price: toPaise(item.price),
    unitsPerCarton: item.unitsPerCarton,
    unitType: item.unitType,
    cartonWeight: item.cartonWeight ?? null,
    cartonDimensions: item.cartonDimensions ?? null,
    max: lineCeiling([]),
    rule: ANY_QUANTITY,
    list: { price: toPaise(item.price), breaks: [] },
  };
}

export const lineTotal = (line: EnquiryLine): Paise => line.price * line.quantity;
export const enquiryTotal = (lines: readonly EnquiryLine[]): Paise => linesTotal(lines);

/** The line's options as people read them: 'Size: 10 inch', 'Size: 500 ml · Model: Round'. */
export const optionText = (line: Pick<EnquiryLine, 'variationName' | 'variationValue' | 'options'>) =>
  line.options.length > 0
    ? optionsText(line.options)
    : line.variationValue
      ? optionsText([{ name: line.variationName, value: line.variationValue }])
      : null;

/** '3 cartons Areca Leaf Round Plate (Size: 10 inch), 2 cartons Bagasse Bowl' */
export function cartonSummary(lines: readonly EnquiryLine[], t: Translate): string {
  return lines
    .map((line) => {
      const option = optionText(line);
      return `${cartonsIn(t, line.quantity)} ${line.productName}${option ? ` (${option})` : ''}`;
    })
    .join(', ');
}
