import { MAX_QUANTITY_WITHOUT_VARIATION } from '../../core/constants';
import type { CartItem } from '../../core/enquiry';
import type { Paise } from '../../core/money';
import { cartonDetails, cartonPrice, linesTotal } from '../../core/pricing';
import { optionsText } from '../../core/variations';

/** A cart line's carton price: the variation's price, else the product's. */
export const itemPrice = (item: CartItem): Paise => cartonPrice(item.product.price, item.variation?.price);
export const itemCarton = (item: CartItem) => cartonDetails(item.product, item.variation);
export const itemMax = (item: CartItem): number =>
  item.variation ? Math.min(item.variation.stockQuantity, MAX_QUANTITY_WITHOUT_VARIATION) : MAX_QUANTITY_WITHOUT_VARIATION;
export const cartTotal = (items: readonly CartItem[]): Paise =>
  linesTotal(items.map((item) => ({ price: itemPrice(item), quantity: item.quantity })));

/** Every option of the line, 'Size: 500 ml · Model: Round' (a line from before option lists: its variation). */
export const itemOptionsText = (item: CartItem): string | null =>
  item.options.length > 0 ? optionsText(item.options) : item.variation ? optionsText([item.variation]) : null;
