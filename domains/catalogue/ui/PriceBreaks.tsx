import { useT } from '#app/lib/language.ts';
import { nextBreak, priceAt, type PriceList } from '#domains/pricing/model.ts';
import { formatCount, formatRupees } from '#lib/money.ts';

import { SideBox } from './SideBox.tsx';

/**
 * The product page's quantity prices: one row per band of cartons ('1-9 cartons', '10-49', '50 or more'), the band
 * the chosen quantity is in marked.
 */
export function PriceBreaks({ list, quantity }: { list: PriceList; quantity: number }) {
  const bands = [{ minCartons: 1, price: list.price }, ...list.breaks];
  const current = priceAt(list, quantity).breakFrom ?? 1;
  const t = useT();
  return (
    <SideBox id="price-breaks-title" title={t('Quantity prices')}>
      <table className="mt-2 w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('Cartons')}</th>
            <th scope="col">{t('Price a carton')}</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band, index) => {
            const next = bands[index + 1];
            const cartons = next
              ? t('{from}-{to} cartons', { from: band.minCartons, to: next.minCartons - 1 })
              : band.minCartons === 1
                ? t('{count} carton or more', { count: formatCount(band.minCartons) })
                : t('{count} cartons or more', { count: formatCount(band.minCartons) });
            const here = band.minCartons === current;
            return (
              <tr key={band.minCartons} aria-current={here || undefined} className={here ? 'font-semibold text-leaf-900' : ''}>
                <th scope="row" className="py-1 pr-4 font-normal">
                  {cartons}
                </th>
                <td className="py-1 text-right">{formatRupees(band.price)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </SideBox>
  );
}

/** What the next break would save a line: '4 more cartons for ₹900.00 each'; nothing past the last break. */
export function NextBreak({ list, quantity }: { list: PriceList; quantity: number }) {
  const next = nextBreak(list, quantity);
  const t = useT();
  if (!next) return null;
  const values = { count: formatCount(next.more), price: formatRupees(next.price) };
  return (
    <p className="text-sm text-leaf-800">
      {next.more === 1 ? t('{count} more carton for {price} each', values) : t('{count} more cartons for {price} each', values)}
    </p>
  );
}
