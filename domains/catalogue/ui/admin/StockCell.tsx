import type { AdminProduct } from '#domains/catalogue/product-admin-schema.ts';
import { formatCount } from '#lib/money.ts';

/** How many options a row lists before it says how many more there are. */
const LISTED = 3;

/** A stock as the staff read it: a count, 'sold out' at 0, 'not counted' when the shop keeps no count. */
const stockText = (stock: number | null): string =>
  stock === null ? 'not counted' : stock === 0 ? 'sold out' : formatCount(stock);

/**
 * The list's Stock column: the product's stock quantity or 'N/A'. A product whose stock is kept per option lists each
 * option's, since the product's own count is then empty.
 */
export function StockCell({ product }: { product: Pick<AdminProduct, 'stockQuantity' | 'hasVariations' | 'variations'> }) {
  const options = product.hasVariations ? product.variations.filter((variation) => variation.isActive) : [];
  const own = product.stockQuantity === null ? 'N/A' : formatCount(product.stockQuantity);
  if (options.length === 0) return own;
  return (
    <ul className="text-right md:text-left">
      {product.stockQuantity !== null && <li>{own} in all</li>}
      {options.slice(0, LISTED).map((option) => (
        <li key={option.id}>
          {option.value}: <span className="font-semibold">{stockText(option.stockQuantity)}</span>
        </li>
      ))}
      {options.length > LISTED && <li className="text-stone-600">{`+${options.length - LISTED} more options`}</li>}
    </ul>
  );
}
