import type { CartItem } from '../../core/enquiry';
import type { Paise } from '../../core/money';
import { cartonDetails, cartonPrice, linesTotal } from '../../core/pricing';
import { lineCeiling, optionsText } from '../../core/variations';

/** A cart line's carton price: the variation's price, else the product's. */
export const itemPrice = (item: CartItem): Paise => cartonPrice(item.product.price, item.variation?.price);
export const itemCarton = (item: CartItem) => cartonDetails(item.product, item.variation);
/** Every option of the line counts (a line from before option lists: its variation). */
export const itemMax = (item: CartItem): number =>
  lineCeiling(item.options.length > 0 ? item.options : item.variation ? [item.variation] : []);
export const cartTotal = (items: readonly CartItem[]): Paise =>
  linesTotal(items.map((item) => ({ price: itemPrice(item), quantity: item.quantity })));

/** Every option of the line, 'Size: 500 ml · Model: Round' (a line from before option lists: its variation). */
export const itemOptionsText = (item: CartItem): string | null =>
  item.options.length > 0 ? optionsText(item.options) : item.variation ? optionsText([item.variation]) : null;
