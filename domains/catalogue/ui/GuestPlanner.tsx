import { Users } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import {
  DEFAULT_SPARE_PERCENT,
  MAX_GUESTS,
  MAX_PIECES_PER_GUEST,
  MAX_SPARE_PERCENT,
  planCartons,
} from '#domains/catalogue/planner.ts';
import { formatCount } from '#lib/money.ts';

import { useUnits } from './units.ts';

interface GuestPlannerProps {
  unitsPerCarton: number;
  unitType: string;
  /** The most cartons the line may hold. */
  max: number;
  onUse: (cartons: number) => void;
}

/** 'How many cartons for my event?': guests, pieces per guest and a spare margin give cartons (domains/catalogue/planner.ts). */
export function GuestPlanner({ unitsPerCarton, unitType, max, onUse }: GuestPlannerProps) {
  const id = useId();
  const t = useT();
  const { units, cartonsText, unitWord } = useUnits();
  const details = useRef<HTMLDetailsElement>(null);
  const [guests, setGuests] = useState('');
  const [perGuest, setPerGuest] = useState('1');
  const [spare, setSpare] = useState(String(DEFAULT_SPARE_PERCENT));
  const plan = planCartons({
    guests: Number(guests),
    piecesPerGuest: Number(perGuest),
    sparePercent: Number(spare),
    unitsPerCarton,
  });
  const cartons = Math.min(plan.cartons, max);
  const field = (label: string, value: string, set: (v: string) => void, limit: number, name: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-semibold text-stone-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={limit}
        value={value}
        onChange={(event) => set(event.target.value.replace(/\D/g, '').slice(0, String(limit).length))}
        className="h-11 w-full rounded-lg border border-stone-300 px-3"
      />
    </div>
  );
  return (
    <details ref={details} className="rounded-xl border border-stone-200 bg-earth-50 px-4 py-1">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-leaf-900">
        <Users aria-hidden="true" className="size-5" /> {t('Plan by number of guests')}
      </summary>
      <div className="grid grid-cols-3 gap-3 pt-2">
        {field(t('Guests'), guests, setGuests, MAX_GUESTS, 'guests')}
        {field(t('{unit} each', { unit: unitWord(unitType) }), perGuest, setPerGuest, MAX_PIECES_PER_GUEST, 'each')}
        {field(t('Spare %'), spare, setSpare, MAX_SPARE_PERCENT, 'spare')}
      </div>
      <p role="status" className="mt-3 text-sm text-stone-800">
        {plan.cartons > 0
          ? t('{needed} + {spare}% spare = {withSpare}: {cartons} of {perCarton} ({pieces}).', {
              needed: units(plan.needed, unitType),
              spare: Number(spare) || 0,
              withSpare: formatCount(plan.withSpare),
              cartons: cartonsText(plan.cartons),
              perCarton: formatCount(unitsPerCarton),
              pieces: units(plan.pieces, unitType),
            })
          : t('Type the number of guests.')}
        {plan.cartons > max && ` ${t('Only {max} can be sent at once; ask us for the rest.', { max: formatCount(max) })}`}
      </p>
      <button
        type="button"
        className="btn-outline my-3"
        aria-disabled={cartons < 1 || undefined}
        onClick={() => {
          if (cartons < 1) return;
          onUse(cartons);
          // Done planning: the planner folds up and its summary keeps the focus, next to the quantity it filled.
          if (details.current) details.current.open = false;
          details.current?.querySelector('summary')?.focus();
        }}
      >
        {cartons === 1
          ? t('Use {count} carton', { count: cartons })
          : t('Use {count} cartons', { count: cartons > 0 ? cartons : '' })}
      </button>
    </details>
  );
}
