import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A list of rows the staff add to and take from (the footer's social links, the holidays): a legend and a hint, a
 * line when there are none, each row's fields beside its Remove button, and the Add button (none when `onAdd` is
 * absent, at the list's limit).
 */
export function RowsField({
  legend,
  hint,
  none,
  rows,
  rowName,
  renderRow,
  onRemove,
  addLabel,
  onAdd,
}: {
  legend: string;
  hint: string;
  /** Shown when there are no rows ('No holidays listed.'). */
  none: string;
  rows: ReadonlyArray<{ id: string }>;
  /** What a row is, for the Remove buttons' names ('holiday': 'Remove holiday 2'). */
  rowName: string;
  renderRow: (index: number) => ReactNode;
  onRemove: (index: number) => void;
  addLabel: string;
  onAdd?: () => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-semibold text-stone-900">{legend}</legend>
      <p className="text-sm text-stone-700">{hint}</p>
      {rows.length === 0 && <p className="text-sm text-stone-700">{none}</p>}
      <ul className="space-y-3">
        {rows.map((row, index) => (
          <li
            key={row.id}
            className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
          >
            {renderRow(index)}
            <button type="button" className="btn-outline min-h-11 text-red-800" onClick={() => onRemove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only">{` ${rowName} ${index + 1}`}</span>
            </button>
          </li>
        ))}
      </ul>
      {onAdd && (
        <button type="button" className="btn-outline min-h-11" onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" /> {addLabel}
        </button>
      )}
    </fieldset>
  );
}
