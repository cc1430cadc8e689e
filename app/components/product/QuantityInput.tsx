import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';

/** Cartons from 1 to max, with a note when the limit is reached. */
export function QuantityInput({ value, max, onChange }: { value: number; max: number; onChange: (value: number) => void }) {
  const id = useId();
  // What the customer is typing: it may be empty or out of range for a moment (Backspace, then 3), so it is kept
  // apart from the quantity and only a whole number in range reaches onChange; leaving the box shows the quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const ceiling = Math.max(1, max);
  const clamp = (n: number) => Math.min(Math.max(1, n), ceiling);
  const type = (text: string) => {
    const digits = text.replace(/\D/g, '').replace(/^0+/, '');
    if (digits === '') {
      setDraft('');
      return;
    }
    const quantity = clamp(Number(digits));
    setDraft(String(quantity));
    if (quantity !== value) onChange(quantity);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-stone-900">
        Quantity (cartons)
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn-outline size-11 p-0"
          onClick={() => onChange(clamp(value - 1))}
          disabled={value <= 1}
        >
          <Minus aria-hidden="true" className="size-4" />
          <span className="sr-only">Decrease quantity</span>
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={draft ?? String(value)}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setDraft(null)}
          className="h-11 w-20 rounded-lg border border-stone-300 text-center"
        />
        <button
          type="button"
          className="btn-outline size-11 p-0"
          onClick={() => onChange(clamp(value + 1))}
          disabled={value >= max}
        >
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
