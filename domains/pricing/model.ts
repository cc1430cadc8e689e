import { divideRoundHalfUp, type Paise, toDecimalString, toPaise } from '#lib/money.ts';

/** What a carton holds when neither its product nor its option says (one of the catalogue's UNIT_TYPES). */
export const DEFAULT_UNITS_PER_CARTON = 1;
export const DEFAULT_UNIT_TYPE = 'pieces';

/** The price of a carton: the variation's own price when it has one, else the product's. */
export function cartonPrice(productPrice: string, variationPrice?: string | null): Paise {
  return toPaise(variationPrice != null && variationPrice.trim() !== '' ? variationPrice : productPrice);
}

/** Price of one piece: the carton price over the units in a carton (default 1), to the paisa. */
export function piecePrice(carton: Paise, unitsPerCarton?: number | null): Paise {
  return divideRoundHalfUp(carton, unitsPerCarton && unitsPerCarton > 0 ? unitsPerCarton : DEFAULT_UNITS_PER_CARTON);
}

/** Whole percent saved, shown only when the original price exceeds the price. */
export function discountPercent(price: Paise, originalPrice: Paise | null): number | null {
  if (originalPrice === null || originalPrice <= price) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

/** A variation's own carton details, falling back to the product's, then to the defaults (1, 'pieces'). */
export function cartonDetails(
  product: CartonFields,
  variation?: Partial<CartonFields> | null,
): { unitsPerCarton: number; unitType: string; cartonWeight: string | null; cartonDimensions: string | null } {
  return {
    unitsPerCarton: variation?.unitsPerCarton ?? product.unitsPerCarton ?? DEFAULT_UNITS_PER_CARTON,
    unitType: variation?.unitType || product.unitType || DEFAULT_UNIT_TYPE,
    cartonWeight: variation?.cartonWeight ?? product.cartonWeight ?? null,
    cartonDimensions: variation?.cartonDimensions || product.cartonDimensions || null,
  };
}

export interface CartonFields {
  unitsPerCarton: number | null;
  unitType: string | null;
  cartonWeight: string | null;
  cartonDimensions: string | null;
}

/** Sum of carton price times cartons over every line. */
export function linesTotal(lines: ReadonlyArray<{ price: Paise; quantity: number }>): Paise {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** A quantity break as the API carries it: from `minCartons` cartons on, a carton costs `price` (decimal string). */
export interface PriceBreak {
  minCartons: number;
  price: string;
}

/** What prices a line: its carton price, and the cheaper carton prices its breaks give from a number of cartons on. */
export interface PriceList {
  price: Paise;
  /** Ascending by minCartons. */
  breaks: ReadonlyArray<{ minCartons: number; price: Paise }>;
}

/**
 * The price list of a product or of its pricing option: an option's own breaks when it has any; else the product's,
 * unless the option has its own price (the product's breaks are prices of the product's carton, not of that one).
 */
export function catalogueList(
  product: { price: string; priceBreaks: readonly PriceBreak[] },
  variation?: { price: string | null; priceBreaks: readonly PriceBreak[] } | null,
): PriceList {
  const ownPrice = variation?.price != null && variation.price.trim() !== '';
  const breaks = variation?.priceBreaks.length ? variation.priceBreaks : ownPrice ? [] : product.priceBreaks;
  return { price: cartonPrice(product.price, variation?.price), breaks: paiseBreaks(breaks) };
}

export const paiseBreaks = (breaks: readonly PriceBreak[]): PriceList['breaks'] =>
  breaks.map((b) => ({ minCartons: b.minCartons, price: toPaise(b.price) })).sort((a, b) => a.minCartons - b.minCartons);

/** The carton price at `quantity` cartons: the largest break reached, else the list's price; `breakFrom` names the break. */
export function priceAt(list: PriceList, quantity: number): { price: Paise; breakFrom: number | null } {
  const reached = list.breaks.filter((b) => b.minCartons <= quantity).at(-1);
  return reached ? { price: reached.price, breakFrom: reached.minCartons } : { price: list.price, breakFrom: null };
}

/** The next break above `quantity`: how many more cartons reach it and its carton price ("4 more cartons for ₹900 each"). */
export function nextBreak(list: PriceList, quantity: number): { more: number; price: Paise } | null {
  const next = list.breaks.find((b) => b.minCartons > quantity);
  return next ? { more: next.minCartons - quantity, price: next.price } : null;
}

/** The cheapest break, as a card shows it ("₹850 a carton from 50"); null without breaks. */
export const bestBreak = (list: PriceList): { minCartons: number; price: Paise } | null => list.breaks.at(-1) ?? null;

/**
 * Why a line costs its price, kept with the line when it is sent: the break it reached (null: none) and the price
 * group it was priced for (null: the public prices).
 */
export interface PriceBasis {
  breakFrom: number | null;
  group: string | null;
}

/** A line's price list as the API answers it beside the catalogue's fields (decimal strings), and its price group. */
export interface LinePrices {
  price: string;
  breaks: PriceBreak[];
  /** The price group whose prices these are; null: the public prices. */
  group: string | null;
}

export const linePrices = (list: PriceList, group: string | null = null): LinePrices => ({
  price: toDecimalString(list.price),
  breaks: list.breaks.map((b) => ({ minCartons: b.minCartons, price: toDecimalString(b.price) })),
  group,
});

export const listOf = (prices: LinePrices): PriceList => ({ price: toPaise(prices.price), breaks: paiseBreaks(prices.breaks) });

/**
 * A price group the shop names (Distributor, Caterer…) and its terms: a percentage off the catalogue's prices and
 * breaks, or prices of its own per product and option with breaks of their own (a product without one of its own is
 * at the catalogue's). docs/decisions/511-trade-prices-minimums-steps-and-breaks.md.
 */
export interface PriceGroupTerms {
  name: string;
  kind: PriceGroupKind;
  /** The percentage off, a decimal string ('12.50'); null for a group of its own prices. */
  percentOff: string | null;
  /** A 'prices' group's own carton prices; [] for a percentage group. */
  prices: GroupPrice[];
}

export type PriceGroupKind = 'percent' | 'prices';

/** A group's own price of a product (variationId null) or of one of its pricing options, with its own breaks. */
export interface GroupPrice {
  productId: number;
  variationId: number | null;
  price: string;
  priceBreaks: PriceBreak[];
}

/** A price less a percentage ('12.50'), rounded half up to the paisa. */
export function lessPercent(price: Paise, percentOff: string): Paise {
  const basisPoints = Math.round(Number(percentOff) * 100);
  return divideRoundHalfUp(price * (10_000 - basisPoints), 10_000);
}

/**
 * The price list a line is priced by for a group's customer, and the group when its terms changed the price (null:
 * the catalogue's). A percentage comes off the catalogue's price and each of its breaks; a group's own price of the
 * option, else of the product (unless the option has a catalogue price of its own, as with breaks), replaces the
 * catalogue's list, breaks and all.
 */
export function pricedList(
  product: { id: number; price: string; priceBreaks: readonly PriceBreak[] },
  variation: { id: number; price: string | null; priceBreaks: readonly PriceBreak[] } | null | undefined,
  terms: PriceGroupTerms | null | undefined,
): { list: PriceList; group: string | null } {
  const catalogue = catalogueList(product, variation);
  if (!terms) return { list: catalogue, group: null };
  if (terms.kind === 'percent') {
    if (terms.percentOff === null || Number(terms.percentOff) === 0) return { list: catalogue, group: null };
    const off = (price: Paise) => lessPercent(price, terms.percentOff ?? '0');
    return {
      list: {
        price: off(catalogue.price),
        breaks: catalogue.breaks.map((b) => ({ minCartons: b.minCartons, price: off(b.price) })),
      },
      group: terms.name,
    };
  }
  const ownOption = variation
    ? terms.prices.find((p) => p.productId === product.id && p.variationId === variation.id)
    : undefined;
  const optionPriced = variation?.price != null && variation.price.trim() !== '';
  const own =
    ownOption ?? (optionPriced ? undefined : terms.prices.find((p) => p.productId === product.id && p.variationId === null));
  return own
    ? { list: { price: toPaise(own.price), breaks: paiseBreaks(own.priceBreaks) }, group: terms.name }
    : { list: catalogue, group: null };
}

/** A line's price list as the cart answers it, for a group's customer or a guest (terms null). */
export const linePricesFor = (
  product: Parameters<typeof pricedList>[0],
  variation: Parameters<typeof pricedList>[1],
  terms: PriceGroupTerms | null,
): LinePrices => {
  const { list, group } = pricedList(product, variation, terms);
  return linePrices(list, group);
};
