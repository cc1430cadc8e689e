import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import { FormField } from '#app/ui/FormField.tsx';
import { type DocumentsSettings, documentsSettingsSchema } from '#domains/settings/schema.ts';

import { ImageField } from './ImageField.tsx';
import { rupeesText, typedPaise } from './rupees.ts';
import { SectionFrame, TextField, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** The delivery charges as typed, in rupees. */
type DocumentsForm = Omit<DocumentsSettings, 'deliveryInState' | 'deliveryElsewhere'> & {
  deliveryInState: string;
  deliveryElsewhere: string;
};

const toForm = (documents: DocumentsSettings): DocumentsForm => ({
  ...documents,
  deliveryInState: rupeesText(documents.deliveryInState),
  deliveryElsewhere: rupeesText(documents.deliveryElsewhere),
});
const toBody = (form: DocumentsForm) => ({
  ...form,
  // Blank in the shop's state is no charge; blank elsewhere is a charge typed on each quote.
  deliveryInState: typedPaise(form.deliveryInState) ?? 0,
  deliveryElsewhere: typedPaise(form.deliveryElsewhere),
});

/** Documents: what quotes, invoices and credit notes print: logo, signature, series, validity, terms, delivery. */
export function DocumentsSection({ answer }: SettingsSectionProps) {
  const { register, errors, watch, setValue, setError, field, frame } = useSectionForm({
    section: 'documents',
    schema: documentsSettingsSchema,
    answer,
    toBody,
    toForm,
    title: 'Documents',
  });
  /** A picture's field by its name: what it holds, its message, and the upload's answer (its address or the refusal). */
  const picture = (name: 'logo' | 'signature') => ({
    value: watch(name),
    error: errors[name]?.message,
    onChange: (url: string | null, refusal?: string) => {
      if (refusal) setError(name, { type: 'server', message: refusal });
      else setValue(name, url, { shouldDirty: true, shouldValidate: true });
    },
  });
  return (
    <SectionFrame {...frame} label="Save documents">
      <ImageField
        label="Logo"
        hint="Printed at the top of quotes and invoices: a PNG, JPEG or WebP picture, at most 5 MB."
        {...picture('logo')}
      />
      <ImageField
        label="Signature"
        hint="The signatory’s signature for invoices: a PNG with a see-through background prints best."
        {...picture('signature')}
      />
      <TextField {...field} name="signatoryName" label="Signatory’s name" hint="Signs the invoices for the shop" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field} name="invoicePrefix" label="Invoice prefix" hint="1 to 4 capital letters (GL)" />
        <TextField {...field} name="creditNotePrefix" label="Credit note prefix" hint="1 to 4 capital letters (GLC)" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DaysField {...field} name="quoteValidityDays" label="Quote validity (days)" range={[1, 90]} />
        <DaysField
          {...field}
          name="paymentTermsDays"
          label="Payment terms (days)"
          hint="0: paid on the day of the invoice"
          range={[0, 365]}
        />
      </div>
      <FormField label="Terms printed on quotes and invoices" multiline error={errors.terms?.message}>
        {(control) => <textarea {...control} {...register('terms')} rows={5} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...field}
          name="deliveryInState"
          label="Delivery in the shop’s state (₹)"
          hint="Blank: free"
          inputMode="decimal"
        />
        <TextField
          {...field}
          name="deliveryElsewhere"
          label="Delivery elsewhere (₹)"
          hint="Blank: worked out on each quote"
          inputMode="decimal"
        />
      </div>
    </SectionFrame>
  );
}

/** A number of days, typed as a whole number within `range`. */
function DaysField({
  name,
  label,
  hint,
  range: [min, max],
  register,
  errors,
}: {
  name: 'quoteValidityDays' | 'paymentTermsDays';
  label: string;
  hint?: string;
  range: [number, number];
  register: UseFormRegister<DocumentsForm>;
  errors: FieldErrors<DocumentsForm>;
}) {
  return (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      {(control) => (
        <input {...control} {...register(name, { valueAsNumber: true })} type="number" inputMode="numeric" min={min} max={max} />
      )}
    </FormField>
  );
}
