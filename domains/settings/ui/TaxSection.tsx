import { get } from 'react-hook-form';

import { FormField } from '#app/ui/FormField.tsx';
import { type TaxSettings, taxSettingsSchema } from '#domains/settings/schema.ts';

import { CheckField, SectionFrame, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** The rates as typed ('0, 5, 18, 40') and the HSN digits as the radio buttons give them. */
type TaxForm = Omit<TaxSettings, 'gstRates' | 'hsnDigits'> & { gstRates: string; hsnDigits: '4' | '6' };

const toForm = (tax: TaxSettings): TaxForm => ({
  ...tax,
  gstRates: tax.gstRates.join(', '),
  hsnDigits: tax.hsnDigits === 6 ? '6' : '4',
});
const toBody = (form: TaxForm) => ({
  ...form,
  // What is not a number stays as typed, for the schema to refuse.
  gstRates: form.gstRates
    .split(',')
    .map((rate) => rate.trim())
    .filter(Boolean)
    .map((rate) => (/^\d+$/.test(rate) ? Number(rate) : rate)),
  hsnDigits: Number(form.hsnDigits),
});

/** Tax: the GST rates a product or a quote line may have, e-invoicing, and the HSN digits invoices print. */
export function TaxSection({ answer }: SettingsSectionProps) {
  const { register, errors, frame } = useSectionForm({
    section: 'tax',
    schema: taxSettingsSchema,
    answer,
    toBody,
    toForm,
    title: 'Tax',
  });
  // A rate's own message ('GST rates are at most 100 per cent') is under the one field they are typed in.
  const rates = get(errors, 'gstRates') as { message?: string } | Array<{ message?: string } | undefined> | undefined;
  const ratesError = Array.isArray(rates) ? rates.find((issue) => issue?.message)?.message : rates?.message;
  return (
    <SectionFrame {...frame} label="Save tax">
      <FormField label="GST rates offered (per cent)" hint="Separated by commas: 0, 5, 18, 40" error={ratesError}>
        {(control) => <input {...control} {...register('gstRates')} type="text" inputMode="text" autoComplete="off" />}
      </FormField>
      <CheckField
        register={register}
        name="eInvoicing"
        label="The shop must e-invoice"
        hint="Turnover above the e-invoicing threshold: invoices to businesses need an IRN"
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-stone-900">HSN digits on invoices</legend>
        {(['4', '6'] as const).map((digits) => (
          <label key={digits} className="flex min-h-11 items-center gap-3">
            <input type="radio" value={digits} {...register('hsnDigits')} className="size-5 accent-leaf-700" />
            {digits === '4' ? '4 digits (turnover up to ₹5 crore)' : '6 digits (turnover above ₹5 crore)'}
          </label>
        ))}
      </fieldset>
    </SectionFrame>
  );
}
