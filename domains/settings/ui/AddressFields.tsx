import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { get } from 'react-hook-form';

import { FormField } from '#app/ui/FormField.tsx';
import { GST_STATES } from '#domains/tax/gst.ts';

import { TextField } from './section-form.tsx';

const STATES = Object.values(GST_STATES).sort((a, b) => a.localeCompare(b));

/** An address of a section's form (the business's registered one, the dispatch one) under `name`. */
export function AddressFields<TForm extends FieldValues>({
  name,
  register,
  errors,
}: {
  name: string;
  register: UseFormRegister<TForm>;
  errors: FieldErrors<TForm>;
}) {
  const at = (field: string) => `${name}.${field}` as Path<TForm>;
  const stateError = (get(errors, at('state')) as { message?: string } | undefined)?.message;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name={at('street')} label="Street" register={register} errors={errors} className="sm:col-span-2" />
      <TextField name={at('locality')} label="Locality" register={register} errors={errors} />
      <TextField name={at('city')} label="City or district" register={register} errors={errors} />
      <FormField label="State" error={stateError}>
        {(control) => (
          <select {...control} {...register(at('state'))}>
            {STATES.map((state) => (
              <option key={state}>{state}</option>
            ))}
          </select>
        )}
      </FormField>
      <TextField name={at('postalCode')} label="Pincode" register={register} errors={errors} inputMode="numeric" />
    </div>
  );
}
