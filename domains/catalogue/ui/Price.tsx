import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { bestBreak, cartonDetails, cartonPrice, discountPercent, piecePrice, pricedList } from '#domains/pricing/model.ts';
import { usePriceGroup } from '#domains/pricing/ui/use-price-group.ts';
import { formatRupees, formatUnits, toPaise } from '#lib/money.ts';

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
  // A price group's customer sees the group's price, the catalogue's struck through beside it.
  const { list, group } = pricedList(product, option, usePriceGroup());
  const carton = list.price;
  const originalPrice = option ? option.originalPrice : product.originalPrice;
  const original = group ? cartonPrice(product.price, option?.price) : originalPrice ? toPaise(originalPrice) : null;
  const percent = discountPercent(carton, original);
  const { unitsPerCarton, unitType } = cartonDetails(product, option);
  const singular = unitType.endsWith('s') ? unitType.slice(0, -1) : unitType;
  const best = bestBreak(list);
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
      {group && <p className="text-sm font-semibold text-leaf-800">Your {group} price</p>}
      {best && (
        <p className="text-sm font-semibold text-leaf-800">
          {formatRupees(best.price)} a carton from {best.minCartons}
        </p>
      )}
    </div>
  );
}
