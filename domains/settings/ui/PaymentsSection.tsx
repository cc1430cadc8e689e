import { type PaymentsSettings, paymentsSettingsSchema } from '#domains/settings/schema.ts';

import { rupeesText, typedPaise } from './rupees.ts';
import { CheckField, SectionFrame, TextField, useSectionForm } from './section-form.tsx';
import type { SettingsSectionProps } from './section-props.ts';

/** What the form holds: text for each optional detail ('' for none) and the UPI limit in rupees. */
type PaymentsForm = Omit<PaymentsSettings, 'upiId' | 'upiMerchantCode' | 'upiLimit' | 'bankAccount' | 'ifsc'> & {
  upiId: string;
  upiMerchantCode: string;
  upiLimit: string;
  bankAccount: string;
  ifsc: string;
};

const toForm = (payments: PaymentsSettings): PaymentsForm => ({
  ...payments,
  upiId: payments.upiId ?? '',
  upiMerchantCode: payments.upiMerchantCode ?? '',
  upiLimit: rupeesText(payments.upiLimit),
  bankAccount: payments.bankAccount ?? '',
  ifsc: payments.ifsc ?? '',
});
// The schema reads a blank detail as none.
const toBody = (form: PaymentsForm) => ({ ...form, upiLimit: typedPaise(form.upiLimit) });

/** Payments: the UPI payee invoices ask to be paid to, and the bank account printed on them. */
export function PaymentsSection({ answer }: SettingsSectionProps) {
  const { watch, field, frame } = useSectionForm({
    section: 'payments',
    schema: paymentsSettingsSchema,
    answer,
    toBody,
    toForm,
    title: 'Payments',
  });
  return (
    <SectionFrame {...frame} label="Save payments">
      <fieldset className="space-y-4">
        <legend className="mb-1 font-semibold text-stone-900">UPI</legend>
        <TextField
          {...field}
          name="upiId"
          label="UPI ID"
          hint="greenleaf@okaxis; blank: no UPI request on invoices"
          inputMode="email"
        />
        <TextField
          {...field}
          name="upiName"
          label="Payee name"
          hint="What the customer’s UPI app shows; blank: the trading name"
        />
        <CheckField {...field} name="upiMerchant" label="It is a merchant UPI ID" hint="Registered with the bank as a business" />
        {watch('upiMerchant') && (
          <TextField {...field} name="upiMerchantCode" label="Merchant category code" hint="4 digits" inputMode="numeric" />
        )}
        <TextField
          {...field}
          name="upiLimit"
          label="Most one UPI payment may be (₹)"
          hint="Blank: ₹1,00,000, a personal UPI ID’s limit"
          inputMode="decimal"
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-1 font-semibold text-stone-900">Bank account</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field} name="bankAccount" label="Account number" hint="9 to 18 digits" inputMode="numeric" />
          <TextField {...field} name="ifsc" label="IFSC" hint="FDRL0001234" />
          <TextField {...field} name="bankName" label="Bank name" />
          <TextField {...field} name="bankBranch" label="Branch" />
        </div>
      </fieldset>
    </SectionFrame>
  );
}
