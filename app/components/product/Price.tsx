import { formatRupees, formatUnits, toPaise } from '../../../core/money';
import { discountPercent, piecePrice } from '../../../core/pricing';

interface PriceProps {
  /** Per carton, decimal string. */
  price: string;
  originalPrice: string | null;
  unitsPerCarton: number;
  unitType: string;
  size?: 'card' | 'detail';
}

/** Per-piece price first (what customers compare), then the box rate and any discount. */
export function Price({ price, originalPrice, unitsPerCarton, unitType, size = 'card' }: PriceProps) {
  const carton = toPaise(price);
  const original = originalPrice ? toPaise(originalPrice) : null;
  const percent = discountPercent(carton, original);
  const singular = unitType.endsWith('s') ? unitType.slice(0, -1) : unitType;
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
    </div>
  );
}
