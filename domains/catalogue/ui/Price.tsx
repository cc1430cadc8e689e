import { useT } from '#app/lib/language.ts';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { bestBreak, cartonDetails, cartonPrice, discountPercent, piecePrice, pricedList } from '#domains/pricing/model.ts';
import { usePriceGroup } from '#domains/pricing/ui/price-group.tsx';
import { formatRupees, toPaise } from '#lib/money.ts';

import { useUnits } from './units.ts';

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
  const t = useT();
  const { units, perUnit } = useUnits();
  const carton = list.price;
  const originalPrice = option ? option.originalPrice : product.originalPrice;
  const original = group ? cartonPrice(product.price, option?.price) : originalPrice ? toPaise(originalPrice) : null;
  const percent = discountPercent(carton, original);
  const { unitsPerCarton, unitType } = cartonDetails(product, option);
  const best = bestBreak(list);
  return (
    <div>
      <p className={size === 'detail' ? 'text-3xl font-bold text-leaf-800' : 'text-xl font-bold text-leaf-800'}>
        {formatRupees(piecePrice(carton, unitsPerCarton))}
        <span className="text-sm font-normal text-stone-600"> {perUnit(unitType)}</span>
      </p>
      <p className="text-sm text-stone-700">
        {t('Box rate:')} <span className="font-semibold">{formatRupees(carton)}</span>{' '}
        {t('for {units}', { units: units(unitsPerCarton, unitType) })}
        {percent !== null && original !== null && (
          <>
            {' '}
            <s className="text-stone-500">
              <span className="sr-only">{t('was')} </span>
              {formatRupees(original)}
            </s>{' '}
            <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
              {t('{percent}% off', { percent })}
            </span>
          </>
        )}
      </p>
      {group && <p className="text-sm font-semibold text-leaf-800">{t('Your {group} price', { group })}</p>}
      {best && (
        <p className="text-sm font-semibold text-leaf-800">
          {t('{price} a carton from {count}', { price: formatRupees(best.price), count: best.minCartons })}
        </p>
      )}
    </div>
  );
}
