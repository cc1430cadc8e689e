import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import { useT } from '#app/lib/language.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { TEXT_LIMITS } from '#domains/enquiry/model.ts';
import type { CheckoutForm } from '#domains/enquiry/schema.ts';

/** The checkout's texts with a limit. */
type LimitedField = 'deliveryLocation' | 'specialRequests';

/**
 * The checkout form's sections: contact details, delivery address, special requests, a business's GSTIN, and the bots'
 * honeypot.
 */
export function CheckoutFields({
  register,
  errors,
  lengths,
  remember,
}: {
  register: UseFormRegister<CheckoutForm>;
  errors: FieldErrors<CheckoutForm>;
  /** What is typed so far in the texts with a limit. */
  lengths: Record<LimitedField, number>;
  /** A guest's 'remember my details on this device' (null when signed in: the account remembers). */
  remember: { checked: boolean; onChange: (checked: boolean) => void; onForget: () => void } | null;
}) {
  const t = useT();
  return (
    <div className="space-y-8">
      <Section id="contact-title" title={t('Contact details')}>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <FormField label={t('Full name')} error={errors.customerName?.message} className="sm:col-span-2">
            {(control) => <input {...control} {...register('customerName')} type="text" autoComplete="name" />}
          </FormField>
          <FormField label={t('Email')} error={errors.customerEmail?.message}>
            {(control) => (
              <input {...control} {...register('customerEmail')} type="email" autoComplete="email" inputMode="email" />
            )}
          </FormField>
          <FormField
            label={t('Mobile number')}
            hint={t('10 digits, starting with 6, 7, 8 or 9')}
            error={errors.customerPhone?.message}
          >
            {(control) => <input {...control} {...register('customerPhone')} type="tel" autoComplete="tel" />}
          </FormField>
        </div>
      </Section>

      <Section id="delivery-title" title={t('Delivery address')}>
        <LimitedText
          field="deliveryLocation"
          label={t('Delivery address')}
          hint={t('Street, area, city, state and 6-digit pincode')}
          rows={4}
          autoComplete="street-address"
          {...{ register, errors, lengths }}
        />
      </Section>

      <Section id="requests-title" title={t('Special requests')}>
        <LimitedText
          field="specialRequests"
          label={t('Special requests (optional)')}
          hint={t('Delivery date, custom branding, anything we should know')}
          rows={3}
          {...{ register, errors, lengths }}
        />
      </Section>

      <Section id="business-title" title={t('For businesses')}>
        <FormField
          label={t('Business name (optional)')}
          hint={t('Buying for a business? Its name goes on the quote and the invoice as the party billed.')}
          error={errors.customerBusinessName?.message}
          className="mt-4"
        >
          {(control) => (
            <input {...control} {...register('customerBusinessName')} type="text" autoComplete="organization" maxLength={200} />
          )}
        </FormField>
        <FormField
          label={t('GSTIN (optional)')}
          hint={t('Registered for GST? Your 15-character GSTIN goes on the quote and the invoice.')}
          error={errors.customerGstin?.message}
          className="mt-4"
        >
          {(control) => (
            <input
              {...control}
              {...register('customerGstin')}
              type="text"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
            />
          )}
        </FormField>
      </Section>

      {remember && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-stone-200 px-5 py-3">
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              className="size-5 accent-leaf-700"
              checked={remember.checked}
              onChange={(event) => remember.onChange(event.target.checked)}
            />
            {t('Remember my details on this device')}
          </label>
          {remember.checked && (
            <button type="button" className="tap text-sm font-semibold text-leaf-800 underline" onClick={remember.onForget}>
              {t('Forget my details')}
            </button>
          )}
          <p className="w-full text-xs text-stone-600">
            {t(
              'Your name, e-mail, phone, address, business name and GSTIN are filled in next time. Leave it unticked on a shared phone.',
            )}
          </p>
        </div>
      )}

      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="checkout-website">{t('Leave this field empty')}</label>
        <input id="checkout-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
    </div>
  );
}

/** A text with a limit: the control stops there and the field counts down to it. */
function LimitedText({
  field,
  label,
  hint,
  rows,
  autoComplete,
  register,
  errors,
  lengths,
}: {
  field: LimitedField;
  label: string;
  hint: string;
  rows: number;
  autoComplete?: string;
  register: UseFormRegister<CheckoutForm>;
  errors: FieldErrors<CheckoutForm>;
  lengths: Record<LimitedField, number>;
}) {
  const max = TEXT_LIMITS[field];
  return (
    <FormField
      label={label}
      hint={hint}
      error={errors[field]?.message}
      className="mt-4"
      multiline
      count={{ length: lengths[field], max }}
    >
      {(control) => <textarea {...control} {...register(field)} rows={rows} autoComplete={autoComplete} maxLength={max} />}
    </FormField>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 p-5 sm:p-6">
      <h2 id={id} className="text-xl font-bold text-leaf-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
