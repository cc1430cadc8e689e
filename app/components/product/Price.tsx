import type { Product, ProductVariation } from '../../../core/catalogue';
import { formatRupees, formatUnits, toPaise } from '../../../core/money';
import { bestBreak, cartonDetails, cartonPrice, catalogueList, discountPercent, piecePrice } from '../../../core/pricing';

interface PriceProps {
  product: Product;
  /** The option that prices what Add to Cart would take (none: the product's own price). */
  option: ProductVariation | null;
  size?: 'card' | 'detail';
}

/**
 * Per-piece price first (what customers compare), then the box rate and any discount: of the option that prices the
 * line, so a card and the product page show what Add to Cart puts in the cart.
 */
export function Price({ product, option, size = 'card' }: PriceProps) {
  const carton = cartonPrice(product.price, option?.price);
  const originalPrice = option ? option.originalPrice : product.originalPrice;
  const original = originalPrice ? toPaise(originalPrice) : null;
  const percent = discountPercent(carton, original);
  const { unitsPerCarton, unitType } = cartonDetails(product, option);
  const singular = unitType.endsWith('s') ? unitType.slice(0, -1) : unitType;
  const best = bestBreak(catalogueList(product, option));
  return (
    <div>
      <p className={size === 'detail' ? 'text-3xl font-bold text-leaf-800' : 'text-xl font-bold text-leaf-800'}>
        {formatRupees(piecePrice(carton, unitsPerCarton))}
        <span className="text-sm font-normal text-stone-600"> per {singular === 'piece' ? 'piece' : singular}</span>
      </p>
      <p className="text-sm text-stone-700">
        Box rate: <span className="font-semibold">{formatRupees(carton)}</span> for {formatUnits(unitsPerCarton, unitType)}
        {percent !== null && original !== null && (
          <>
            {' '}
            <s className="text-stone-500">
              <span className="sr-only">was </span>
              {formatRupees(original)}
            </s>{' '}
            <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{percent}% off</span>
          </>
        )}
      </p>
      {best && (
        <p className="text-sm font-semibold text-leaf-800">
          {formatRupees(best.price)} a carton from {best.minCartons}
        </p>
      )}
    </div>
  );
}
