import type { CartItem } from '#domains/cart/model.ts';
import { type CartonRule, cartonRule } from '#domains/catalogue/carton-rules.ts';
import { lineCeiling, optionsText } from '#domains/catalogue/variations.ts';
import { cartonDetails, linesTotal, listOf, priceAt, type PriceList } from '#domains/pricing/model.ts';
import type { Paise } from '#lib/money.ts';

/** A cart line's price list, as the server answered it for whoever asks (their price group's, if any). */
export const itemList = (item: CartItem): PriceList => listOf(item.prices);
/** A cart line's carton price at its cartons: the break it reaches, else the list's price. */
export const itemPrice = (item: CartItem): Paise => priceAt(itemList(item), item.quantity).price;
/** A cart line's minimum order and carton step. */
export const itemRule = (item: CartItem): CartonRule => cartonRule(item.product, item.variation);
export const itemCarton = (item: CartItem) => cartonDetails(item.product, item.variation);
/** Every option of the line counts (a line from before option lists: its variation). */
export const itemMax = (item: CartItem): number =>
  lineCeiling(item.options.length > 0 ? item.options : item.variation ? [item.variation] : []);
export const cartTotal = (items: readonly CartItem[]): Paise =>
  linesTotal(items.map((item) => ({ price: itemPrice(item), quantity: item.quantity })));

/** Every option of the line, 'Size: 500 ml · Model: Round' (a line from before option lists: its variation). */
export const itemOptionsText = (item: CartItem): string | null =>
  item.options.length > 0 ? optionsText(item.options) : item.variation ? optionsText([item.variation]) : null;
