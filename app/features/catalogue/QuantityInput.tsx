import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';

/** Cartons from 1 to max, with a note when the limit is reached. */
export function QuantityInput({ value, max, onChange }: { value: number; max: number; onChange: (value: number) => void }) {
  const id = useId();
  const clamp = (n: number) => Math.min(Math.max(1, Math.floor(n) || 1), Math.max(1, max));
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-stone-900">
        Quantity (cartons)
      </label>
      <div className="flex items-center gap-2">
        <button type="button" className="btn-outline size-11 p-0" onClick={() => onChange(clamp(value - 1))} disabled={value <= 1}>
          <Minus aria-hidden="true" className="size-4" />
          <span className="sr-only">Decrease quantity</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => onChange(clamp(Number(event.target.value)))}
          className="h-11 w-20 rounded-lg border border-stone-300 text-center"
        />
        <button type="button" className="btn-outline size-11 p-0" onClick={() => onChange(clamp(value + 1))} disabled={value >= max}>
          <Plus aria-hidden="true" className="size-4" />
          <span className="sr-only">Increase quantity</span>
        </button>
      </div>
      {value >= max && (
        <p role="status" className="mt-2 text-sm text-amber-800">
          Maximum available quantity
        </p>
      )}
    </div>
  );
}
