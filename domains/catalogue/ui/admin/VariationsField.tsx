import { Plus, Trash2 } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { type Control, type FieldErrors, useFieldArray, type UseFormRegister, useWatch } from 'react-hook-form';

import { UNIT_TYPES, VARIATION_TYPES } from '#domains/catalogue/categories.ts';
import type { ProductBodyInput } from '#domains/catalogue/product-admin-schema.ts';
import { newVariationRow, type ProductFormValues } from '#domains/catalogue/product-form-schema.ts';

import { CHECK } from './ProductFields.tsx';

const SMALL_INPUT = 'h-11 w-full rounded-lg border bg-white px-3';

/** A row's text boxes, in the order its message names them. */
const ROW_FIELDS = [
  'name',
  'value',
  'priceAdjustment',
  'stockQuantity',
  'unitsPerCarton',
  'cartonWeight',
  'cartonDimensions',
  'minCartons',
  'cartonStep',
  'priceBreaks',
] as const;
type RowText = (typeof ROW_FIELDS)[number];
type RowErrors = NonNullable<FieldErrors<ProductFormValues>['variations']>[number];

interface RowProps {
  index: number;
  register: UseFormRegister<ProductFormValues>;
  errors: RowErrors | undefined;
  /** The id of the row's message, which its refused boxes point to. */
  errorId: string;
}

/** A small visible label over its control; the row number is said to screen readers only. */
function Labelled({ index, label, children }: { index: number; label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold text-stone-700">
      <span>
        <span className="sr-only">Variation {index + 1} </span>
        {label}
      </span>
      {children}
    </label>
  );
}

/** A labelled text box of a variation row, marked when the row's message is about it. */
function RowInput({
  index,
  register,
  errors,
  errorId,
  field,
  label,
  ...input
}: RowProps & { field: RowText; label: string } & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'placeholder'>) {
  const refused = Boolean(errors?.[field]);
  return (
    <Labelled index={index} label={label}>
      <input
        {...input}
        {...register(`variations.${index}.${field}`)}
        type="text"
        aria-invalid={refused}
        aria-describedby={refused ? errorId : undefined}
        className={`${SMALL_INPUT} ${refused ? 'border-red-600' : 'border-stone-300'}`}
      />
    </Labelled>
  );
}

const CARTON_FIELDS: ReadonlyArray<[RowText, string, 'numeric' | 'decimal' | undefined]> = [
  ['unitsPerCarton', 'Units per carton', 'numeric'],
  ['cartonWeight', 'Carton weight (kg)', 'decimal'],
  ['cartonDimensions', 'Carton dimensions', undefined],
  ['minCartons', 'Minimum order', 'numeric'],
  ['cartonStep', 'Steps of', 'numeric'],
  ['priceBreaks', 'Quantity breaks (10 = 900)', undefined],
];

function VariationRow({ onRemove, ...row }: RowProps & { onRemove: () => void }) {
  const { index, register, errors, errorId } = row;
  // One message for the row: its boxes say which are meant.
  const message = ROW_FIELDS.map((field) => errors?.[field]?.message).find(Boolean);
  return (
    <li className="rounded-xl border border-stone-200 p-3" data-testid="variation-row">
      <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-3">
        <RowInput {...row} field="name" label="Name" placeholder="Size" />
        <Labelled index={index} label="Type">
          <select className={`${SMALL_INPUT} border-stone-300`} {...register(`variations.${index}.type`)}>
            {VARIATION_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Labelled>
        <RowInput {...row} field="value" label="Value" placeholder="10 inch" />
        <RowInput {...row} field="priceAdjustment" label="Price adjustment (₹)" inputMode="decimal" />
        <RowInput {...row} field="stockQuantity" label="Stock" inputMode="numeric" placeholder="Not counted" />
        <span className="flex items-end justify-between gap-2">
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
            <input type="checkbox" className={CHECK} {...register(`variations.${index}.isActive`)} />
            Active
          </label>
          <button type="button" className="btn-outline size-11 shrink-0 p-0 text-red-800" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">Remove variation {index + 1}</span>
          </button>
        </span>
      </div>
      {message && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {message}
        </p>
      )}
      <details className="mt-2" open={CARTON_FIELDS.some(([field]) => errors?.[field]) || undefined}>
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-leaf-800">
          Carton overrides (empty: the product's own)
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {CARTON_FIELDS.map(([field, label, inputMode]) => (
            <RowInput key={field} {...row} field={field} label={label} inputMode={inputMode} />
          ))}
          <Labelled index={index} label="Unit type">
            <select className={`${SMALL_INPUT} border-stone-300`} {...register(`variations.${index}.unitType`)}>
              <option value="">The product's</option>
              {UNIT_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </Labelled>
        </div>
      </details>
    </li>
  );
}

/** The variations switch and, while it is on, one row per variation. */
export function VariationsField({
  control,
  register,
  errors,
}: {
  control: Control<ProductFormValues, unknown, ProductBodyInput>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  const id = useId();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'variations' });
  const on = useWatch({ control, name: 'hasVariations' });
  const switchError = errors.hasVariations?.message;
  return (
    <>
      <div className="sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            role="switch"
            className={CHECK}
            aria-invalid={Boolean(switchError)}
            aria-describedby={switchError ? `${id}-switch` : undefined}
            {...register('hasVariations', {
              // Turning variations off clears the list; on, it starts with an empty row.
              onChange: (event: { target: { checked: boolean } }) => replace(event.target.checked ? [newVariationRow()] : []),
            })}
          />
          Has variations
        </label>
        {switchError && (
          <p id={`${id}-switch`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {switchError}
          </p>
        )}
      </div>
      {on && (
        <fieldset className="sm:col-span-2">
          <legend className="font-bold text-leaf-900">Variations</legend>
          <p className="text-sm text-stone-600">A row left without a name and a value is not saved.</p>
          <ol className="mt-2 space-y-3">
            {fields.map((field, index) => (
              <VariationRow
                key={field.id}
                index={index}
                register={register}
                errors={errors.variations?.[index]}
                errorId={`${id}-row-${field.id}`}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
          <button type="button" className="btn-outline mt-3 min-h-11" onClick={() => append(newVariationRow())}>
            <Plus aria-hidden="true" className="size-4" /> Add Variation
          </button>
        </fieldset>
      )}
    </>
  );
}
