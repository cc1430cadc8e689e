import { greetingName, type PublicUser } from '../../../core/auth';
import { ORDER_NUMBER_BASE, TAX, type CartItem, type LineOption } from '../../../core/enquiry';
import { toDecimalString, toPaise, type Paise } from '../../../core/money';
import { linesTotal, piecePrice } from '../../../core/pricing';
import type { CheckoutForm, OrderPayload } from '../../../core/schemas/enquiry';
import { lineCeiling, optionsText } from '../../../core/variations';
import { itemCarton, itemMax, itemPrice } from '../../lib/line-price';
import type { DirectEnquiryItem } from '../../lib/enquiry-storage';

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
}

export const lineKey = (productId: number, variationId: number | null, optionIds: readonly number[]) =>
  `${productId}-${variationId ?? 0}${optionIds.length > 1 ? `-${optionIds.join('-')}` : ''}`;
/** The key of a cart item, a direct item or a line. */
export const keyOf = (line: { productId: number; variationId: number | null; optionIds: readonly number[] }) =>
  lineKey(line.productId, line.variationId, line.optionIds);

export function lineFromCart(item: CartItem): EnquiryLine {
  const carton = itemCarton(item);
  return {
    key: keyOf(item),
    productId: item.productId,
    variationId: item.variationId,
    optionIds: item.optionIds,
    options: item.options,
    productName: item.product.name,
    imageUrl: item.product.imageUrl,
    variationName: item.variation?.name ?? null,
    variationType: item.variation?.type ?? null,
    variationValue: item.variation?.value ?? null,
    quantity: item.quantity,
    price: itemPrice(item),
    ...carton,
    max: itemMax(item),
  };
}

/** A direct enquiry line; its stock is not known here, so the server has the last word on the quantity. */
export function lineFromDirect(item: DirectEnquiryItem): EnquiryLine {
  return {
    key: keyOf(item),
    productId: item.productId,
    variationId: item.variationId,
    optionIds: item.optionIds,
    options: item.options,
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
  };
}

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

export const lineTotal = (line: EnquiryLine): Paise => line.price * line.quantity;
export const enquiryTotal = (lines: readonly EnquiryLine[]): Paise => linesTotal(lines);

const cartons = (quantity: number) => `${quantity} carton${quantity === 1 ? '' : 's'}`;

/** The line's options as people read them: 'Size: 10 inch', 'Size: 500 ml · Model: Round'. */
export const optionText = (line: Pick<EnquiryLine, 'variationName' | 'variationValue' | 'options'>) =>
  line.options.length > 0
    ? optionsText(line.options)
    : line.variationValue
      ? optionsText([{ name: line.variationName, value: line.variationValue }])
      : null;

/** '3 cartons Areca Leaf Round Plate (Size: 10 inch), 2 cartons Bagasse Bowl' */
export function cartonSummary(lines: readonly EnquiryLine[]): string {
  return lines
    .map((line) => {
      const option = optionText(line);
      return `${cartons(line.quantity)} ${line.productName}${option ? ` (${option})` : ''}`;
    })
    .join(', ');
}

/** Who is sending: a logged-in user, else a guest with a client-generated session id. */
export interface CheckoutUser {
  id: number;
  /** Prefills the name field: first and last name, else the username. */
  name: string;
  email: string;
  /** The page greets by first name, else username. */
  greeting: string;
}

export function checkoutUserOf(user: PublicUser): CheckoutUser {
  return {
    id: user.id,
    name: [user.firstName.trim(), user.lastName.trim()].filter(Boolean).join(' ') || user.username,
    email: user.email,
    greeting: greetingName(user),
  };
}

type CheckoutValues = Omit<CheckoutForm, 'website'>;

/** The spec's enquiry payload (section 3). The server recomputes prices and totals from the catalogue. */
export function orderPayload(
  values: CheckoutValues,
  lines: readonly EnquiryLine[],
  sender: { user: CheckoutUser | null; guestSessionId: () => string },
): OrderPayload {
  const subtotal = enquiryTotal(lines);
  return {
    customerName: values.customerName,
    customerEmail: values.customerEmail,
    customerPhone: values.customerPhone,
    deliveryLocation: values.deliveryLocation,
    specialRequests: values.specialRequests ?? '',
    items: lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      price: toDecimalString(line.price),
      variationId: line.variationId,
      optionIds: line.optionIds,
      variationName: line.variationName,
      variationType: line.variationType,
      variationValue: line.variationValue,
      unitsPerCarton: line.unitsPerCarton,
      unitType: line.unitType,
      pricePerUnit: toDecimalString(piecePrice(line.price, line.unitsPerCarton)),
      cartonWeight: line.cartonWeight,
      cartonDimensions: line.cartonDimensions,
    })),
    subtotal: toDecimalString(subtotal),
    tax: TAX,
    total: toDecimalString(subtotal + toPaise(TAX)),
    isGuest: sender.user === null,
    userId: sender.user?.id ?? null,
    sessionId: sender.user === null ? sender.guestSessionId() : null,
    orderIdPrefix: ORDER_NUMBER_BASE,
  };
}

/** The number people see: the answer's displayId, else 1000 plus the id (spec section 7). */
export function displayIdOf(answer: { id?: unknown; displayId?: unknown }): number | null {
  if (typeof answer.displayId === 'number' && Number.isSafeInteger(answer.displayId)) return answer.displayId;
  if (typeof answer.id === 'number' && Number.isSafeInteger(answer.id)) return ORDER_NUMBER_BASE + answer.id;
  return null;
}
