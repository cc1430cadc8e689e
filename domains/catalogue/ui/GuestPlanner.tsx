import { Users } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import {
  DEFAULT_SPARE_PERCENT,
  MAX_GUESTS,
  MAX_PIECES_PER_GUEST,
  MAX_SPARE_PERCENT,
  planCartons,
} from '#domains/catalogue/planner.ts';
import { formatCartons, formatCount, formatUnits } from '#lib/money.ts';

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
        <Users aria-hidden="true" className="size-5" /> Plan by number of guests
      </summary>
      <div className="grid grid-cols-3 gap-3 pt-2">
        {field('Guests', guests, setGuests, MAX_GUESTS, 'guests')}
        {field(`${unitType} each`, perGuest, setPerGuest, MAX_PIECES_PER_GUEST, 'each')}
        {field('Spare %', spare, setSpare, MAX_SPARE_PERCENT, 'spare')}
      </div>
      <p role="status" className="mt-3 text-sm text-stone-800">
        {plan.cartons > 0
          ? `${formatUnits(plan.needed, unitType)} + ${Number(spare) || 0}% spare = ${formatCount(plan.withSpare)}: ${formatCartons(plan.cartons)} of ${formatCount(unitsPerCarton)} (${formatUnits(plan.pieces, unitType)}).`
          : 'Type the number of guests.'}
        {plan.cartons > max && ` Only ${formatCount(max)} can be sent at once; ask us for the rest.`}
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
        Use {cartons > 0 ? cartons : ''} carton{cartons === 1 ? '' : 's'}
      </button>
    </details>
  );
}
