import { SlidersHorizontal, Trash2 } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { PLACEHOLDER_IMAGE } from '#app/lib/placeholder.ts';
import { NextBreak } from '#domains/catalogue/ui/PriceBreaks.tsx';
import { QuantityInput } from '#domains/catalogue/ui/QuantityInput.tsx';
import { useUnits } from '#domains/catalogue/ui/units.ts';
import { imageAtWidth } from '#lib/images.ts';
import { formatRupees } from '#lib/money.ts';

import { type EnquiryLine, lineTotal, optionText } from './enquiry-lines.ts';

interface SummaryLineProps {
  line: EnquiryLine;
  /** Products with variations can change their option here. */
  editable: boolean;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  onEdit: () => void;
}

export const editButtonId = (key: string) => `edit-options-${key}`;

/** One line of the enquiry summary: what, how many cartons, what it costs, and its controls. */
export function SummaryLine({ line, editable, busy, onQuantity, onRemove, onEdit }: SummaryLineProps) {
  const option = optionText(line);
  const t = useT();
  const { units, cartonsText } = useUnits();
  return (
    <li className="flex gap-3 py-4" data-testid="enquiry-line">
      <img
        src={imageAtWidth(line.imageUrl, 128) || PLACEHOLDER_IMAGE}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        onError={(event) => {
          if (!event.currentTarget.src.endsWith(PLACEHOLDER_IMAGE)) event.currentTarget.src = PLACEHOLDER_IMAGE;
        }}
        className="size-16 shrink-0 rounded-lg bg-leaf-50 object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-semibold break-words text-stone-900">{line.productName}</h3>
            {option && <p className="text-sm text-stone-600">{option}</p>}
          </div>
          <p className="shrink-0 font-semibold text-stone-900">
            <span className="sr-only">{t('Line total')} </span>
            {formatRupees(lineTotal(line))}
          </p>
        </div>
        <p className="mt-1 text-sm text-stone-700">
          {cartonsText(line.quantity)} × {units(line.unitsPerCarton, line.unitType)}
        </p>
        <p className="text-sm text-stone-700">{t('{price} per carton', { price: formatRupees(line.price) })}</p>
        <NextBreak list={line.list} quantity={line.quantity} />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <QuantityInput
            value={line.quantity}
            max={line.max}
            rule={line.rule}
            of={line.productName}
            busy={busy}
            onChange={onQuantity}
          />
          {editable && (
            <button
              id={editButtonId(line.key)}
              type="button"
              className="btn-ghost px-2 text-leaf-800"
              disabled={busy}
              onClick={onEdit}
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              {t('Edit Options')}
              <span className="sr-only"> {t('of {name}', { name: line.productName })}</span>
            </button>
          )}
          <button type="button" className="btn-ghost ml-auto px-2 text-red-700" disabled={busy} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t('Remove')}
            <span className="sr-only"> {line.productName}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
