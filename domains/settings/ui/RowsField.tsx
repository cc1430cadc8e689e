import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ArrayPath, type Control, type FieldArray, type FieldValues, useFieldArray } from 'react-hook-form';

/**
 * A list of the form's rows the staff add to and take from (the footer's social links, the holidays): a legend and a
 * hint, a line when there are none, each row's fields beside its Remove button, and the Add button, which adds a
 * blank row and puts the focus in its first field (none at the list's limit).
 */
export function RowsField<TForm extends FieldValues, TName extends ArrayPath<TForm>, TBody>({
  control,
  name,
  blank,
  most = Number.POSITIVE_INFINITY,
  legend,
  hint,
  none,
  rowName,
  renderRow,
  addLabel,
}: {
  control: Control<TForm, unknown, TBody>;
  /** The form's list ('holidays'). */
  name: TName;
  /** A new row, its fields in the order shown: the first takes the focus. */
  blank: FieldArray<TForm, TName>;
  /** The most rows the list keeps (the schema's limit), when it has one. */
  most?: number;
  legend: string;
  hint: string;
  /** Shown when there are no rows ('No holidays listed.'). */
  none: string;
  /** What a row is, for the Remove buttons' names ('holiday': 'Remove holiday 2'). */
  rowName: string;
  renderRow: (index: number) => ReactNode;
  addLabel: string;
}) {
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  const add = () => append(blank, { focusName: `${name}.${rows.length}.${Object.keys(blank as object)[0]}` });
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
            <button type="button" className="btn-outline min-h-11 text-red-800" onClick={() => remove(index)}>
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only">{` ${rowName} ${index + 1}`}</span>
            </button>
          </li>
        ))}
      </ul>
      {rows.length < most && (
        <button type="button" className="btn-outline min-h-11" onClick={add}>
          <Plus aria-hidden="true" className="size-4" /> {addLabel}
        </button>
      )}
    </fieldset>
  );
}
