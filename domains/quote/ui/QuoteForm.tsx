import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';

import { usePreviewQuote } from '#app/admin/admin-api.ts';
import { GstRateOptions } from '#app/admin/GstRateOptions.tsx';
import { PanelFormButtons, usePanelForm } from '#app/admin/panel-form.tsx';
import { FormField } from '#app/ui/FormField.tsx';
import { priceQuote, type QuoteDraft, type QuotePreview } from '#domains/quote/model.ts';
import { type QuoteBodyInput, quoteBodySchema } from '#domains/quote/schema.ts';
import { GST_STATE_CHOICES, type GstStateCode } from '#domains/tax/gst.ts';
import { formatCount, formatRupees, toPaise } from '#lib/money.ts';

const linePrice = quoteBodySchema.shape.lines.element.shape.price;
const deliveryCharge = quoteBodySchema.shape.delivery;

/** The form's values from the draft: the last version sent, or the enquiry's prices for a first quote. */
export const formOf = (draft: QuoteDraft): QuoteBodyInput => ({
  lines: draft.lines.map(({ price, hsnCode, gstRate }) => ({ price, hsnCode, gstRate: String(gstRate) })),
  delivery: draft.delivery,
  placeOfSupply: draft.placeOfSupply,
  customerGstin: draft.customerGstin,
  billingName: draft.billingName,
  billingAddress: draft.billingAddress,
  validUntil: draft.validUntil,
  note: draft.note,
});

/**
 * The quote form (react-hook-form with the API's own schema, as checkout does): a price, HSN code and GST rate per
 * line, delivery, place of supply, the party billed (legal name, GSTIN and billing address), the last valid day and a
 * note. 'Review quote' asks the
 * server how the quote would go out; `onReview` receives that and the values.
 */
export function QuoteForm({
  orderId,
  draft,
  values,
  onReview,
  onCancel,
  onChange,
  submitLabel = 'Review quote',
}: {
  orderId: number;
  draft: QuoteDraft;
  values: QuoteBodyInput;
  onReview: (preview: QuotePreview, values: QuoteBodyInput) => void;
  onCancel: () => void;
  /** Every change of what is typed (the quote panel keeps it while the details are closed). */
  onChange?: (values: QuoteBodyInput) => void;
  /** The submit button: the invoice's confirmation of lines uses this form too. */
  submitLabel?: string;
}) {
  const preview = usePreviewQuote();
  const { register, handleSubmit, getValues, watch, setFocus, errors, refusal } = usePanelForm(
    zodResolver(quoteBodySchema),
    values,
    'The quote could not be checked. Please try again.',
  );
  const live = liveTotal(draft, watch());
  // Opened (or come back to from the review): the first price is where the work starts.
  useEffect(() => setFocus('lines.0.price'), [setFocus]);
  useEffect(() => {
    if (!onChange) return;
    const typing = watch(() => onChange(getValues()));
    return () => typing.unsubscribe();
  }, [watch, getValues, onChange]);

  const review = () => {
    if (preview.isPending) return;
    refusal.clear();
    const body = getValues();
    preview.mutate({ id: orderId, body }, { onSuccess: (answer) => onReview(answer, body), onError: refusal.refuse });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(review)(event)}
      className="space-y-4 border-t border-stone-200 pt-3 print:hidden"
    >
      {draft.basis && (
        <p className="text-sm text-stone-700">Starts from {draft.basis} as it was sent: change what the revision changes.</p>
      )}
      {refusal.alert}
      {draft.lines.map((line, index) => (
        <fieldset key={index} className="rounded-lg border border-stone-200 p-3">
          <legend className="px-1 font-semibold">
            {line.productName}
            {line.options && ` (${line.options})`} × {formatCount(line.quantity)}
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField
              label={`Price per carton (₹), line ${index + 1}`}
              hint={`Catalogue price ${formatRupees(toPaise(line.listPrice))}`}
              error={errors.lines?.[index]?.price?.message}
            >
              {(control) => <input {...control} {...register(`lines.${index}.price`)} inputMode="decimal" />}
            </FormField>
            <FormField label={`HSN code, line ${index + 1}`} error={errors.lines?.[index]?.hsnCode?.message}>
              {(control) => <input {...control} {...register(`lines.${index}.hsnCode`)} inputMode="numeric" maxLength={8} />}
            </FormField>
            <FormField label={`GST rate, line ${index + 1}`} error={errors.lines?.[index]?.gstRate?.message}>
              {(control) => (
                <select {...control} {...register(`lines.${index}.gstRate`)}>
                  <GstRateOptions current={line.gstRate} />
                </select>
              )}
            </FormField>
          </div>
        </fieldset>
      ))}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Delivery charge (₹)" error={errors.delivery?.message}>
          {(control) => <input {...control} {...register('delivery')} inputMode="decimal" />}
        </FormField>
        <FormField label="Place of supply (state of delivery)" error={errors.placeOfSupply?.message}>
          {(control) => (
            <select {...control} {...register('placeOfSupply')}>
              {GST_STATE_CHOICES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Valid until" error={errors.validUntil?.message}>
          {(control) => <input {...control} {...register('validUntil')} type="date" />}
        </FormField>
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Bill to</legend>
        <p className="text-sm text-stone-600 sm:col-span-2">
          The GSTIN holder as the invoice names them. Left blank: the customer&apos;s name and the delivery address.
        </p>
        <FormField label="Legal name (optional)" error={errors.billingName?.message}>
          {(control) => <input {...control} {...register('billingName')} autoComplete="off" maxLength={200} />}
        </FormField>
        <FormField label="Customer's GSTIN (optional)" error={errors.customerGstin?.message}>
          {(control) => <input {...control} {...register('customerGstin')} autoCapitalize="characters" maxLength={20} />}
        </FormField>
        <FormField label="Billing address (optional)" error={errors.billingAddress?.message} multiline className="sm:col-span-2">
          {(control) => <textarea {...control} {...register('billingAddress')} rows={2} maxLength={500} />}
        </FormField>
      </fieldset>
      {!draft.placeFromPincode && (
        <p className="text-sm text-amber-900">No pincode was found in the delivery address: check the place of supply.</p>
      )}
      <FormField label="Note for the customer (optional)" error={errors.note?.message} multiline>
        {(control) => <textarea {...control} {...register('note')} rows={2} maxLength={1000} />}
      </FormField>
      <p aria-live="polite" className="font-semibold">
        {live ?? 'The total shows once every price and the delivery charge are valid amounts.'}
      </p>
      <PanelFormButtons pending={preview.isPending} label={submitLabel} pendingLabel="Checking..." onCancel={onCancel} />
    </form>
  );
}

/** The running total while the form is typed, by the rule the server uses (domains/quote/model.ts priceQuote). */
function liveTotal(draft: QuoteDraft, values: QuoteBodyInput): string | null {
  const prices = values.lines.map((line) => linePrice.safeParse(line.price).data);
  const delivery = deliveryCharge.safeParse(values.delivery).data;
  if (prices.some((price) => price === undefined) || delivery === undefined) return null;
  const place = values.placeOfSupply as GstStateCode;
  const { totals } = priceQuote(
    draft.lines.map((line, index) => ({
      ...line,
      price: prices[index] as number,
      hsnCode: '',
      gstRate: Number(values.lines[index]?.gstRate ?? line.gstRate),
    })),
    delivery,
    place,
    draft.shopState,
  );
  const tax =
    place === draft.shopState
      ? `CGST ${formatRupees(totals.cgst)} + SGST ${formatRupees(totals.sgst)}`
      : `IGST ${formatRupees(totals.igst)}`;
  return `Taxable ${formatRupees(totals.taxable)} · ${tax} · Total ${formatRupees(totals.total)}`;
}
