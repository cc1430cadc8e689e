import { Download, FileText } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';

import { GST_STATES, type GstRate, type GstStateCode } from '../../../../core/gst';
import { formatRupees, parseRupees } from '../../../../core/money';
import { priceQuote, type QuoteDraft, SHOP_STATE } from '../../../../core/quote';
import { dayText } from '../../../../core/reply-promise';
import { quoteBodySchema } from '../../../../core/schemas/quote';
import { FormField } from '../../../components/ui/FormField';
import { ApiError } from '../../../lib/api';
import { useToast } from '../../../lib/toast';
import { useOrderQuotes, useSendQuote } from '../shared/admin-api';
import { statusLabel } from '../shared/format';
import { GstRateOptions } from '../shared/GstRateOptions';

interface LineForm {
  price: string;
  hsnCode: string;
  gstRate: GstRate;
}

interface QuoteForm {
  lines: LineForm[];
  delivery: string;
  placeOfSupply: GstStateCode;
  customerGstin: string;
  validUntil: string;
  note: string;
}

const formOf = (draft: QuoteDraft): QuoteForm => ({
  lines: draft.lines.map(({ price, hsnCode, gstRate }) => ({ price, hsnCode, gstRate })),
  delivery: draft.delivery,
  placeOfSupply: draft.placeOfSupply,
  customerGstin: '',
  validUntil: draft.validUntil,
  note: '',
});

const STATES = Object.entries(GST_STATES) as Array<[GstStateCode, string]>;

/** The enquiry's quotes in the order details: every version sent, and the form that prepares the next one. */
export function QuotePanel({ orderId }: { orderId: number }) {
  const { data } = useOrderQuotes(orderId);
  const [form, setForm] = useState<QuoteForm | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  if (!data) return <p>Loading the quotes…</p>;
  const latest = data.quotes[0];

  return (
    <div className="space-y-3">
      <h4 ref={heading} tabIndex={-1} className="sr-only">
        Quote versions
      </h4>
      {data.quotes.length === 0 ? (
        <p>No quote sent yet.</p>
      ) : (
        <ul className="space-y-1">
          {data.quotes.map((quote) => (
            <li key={quote.version} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {quote.number}: {formatRupees(quote.totals.total)} · {statusLabel(quote.status)} · valid until{' '}
                {dayText(quote.validUntil)}
                {quote.declineReason && ` · “${quote.declineReason}”`}
              </span>
              <a href={`/api/admin/orders/${orderId}/quotes/${quote.version}/pdf`} className="btn-ghost min-h-11" download>
                <Download aria-hidden="true" className="size-4" /> PDF<span className="sr-only"> of {quote.number}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {form ? (
        <QuoteFormView
          orderId={orderId}
          draft={data.draft}
          form={form}
          setForm={setForm}
          onDone={() => {
            setForm(null);
            requestAnimationFrame(() => heading.current?.focus());
          }}
        />
      ) : (
        <button type="button" className="btn-primary min-h-11 print:hidden" onClick={() => setForm(formOf(data.draft))}>
          <FileText aria-hidden="true" className="size-4" /> {latest ? 'Revise quote' : 'Prepare quote'}
        </button>
      )}
    </div>
  );
}

function QuoteFormView({
  orderId,
  draft,
  form,
  setForm,
  onDone,
}: {
  orderId: number;
  draft: QuoteDraft;
  form: QuoteForm;
  setForm: (form: QuoteForm | null) => void;
  onDone: () => void;
}) {
  const toast = useToast();
  const send = useSendQuote();
  const [problem, setProblem] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const setLine = (index: number, change: Partial<LineForm>) =>
    setForm({ ...form, lines: form.lines.map((line, i) => (i === index ? { ...line, ...change } : line)) });
  const preview = previewOf(draft, form);

  const refuse = (message: string) => {
    setProblem(message);
    requestAnimationFrame(() => alert.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = quoteBodySchema.safeParse(form);
    if (!checked.success) return refuse(checked.error.issues[0]?.message ?? 'Please check the quote.');
    setProblem(null);
    send.mutate(
      { id: orderId, body: form },
      {
        onSuccess: () => {
          toast({ title: 'Quote sent', description: 'The customer gets it by e-mail and on their status page.' });
          onDone();
        },
        onError: (error) => {
          const message = (error instanceof ApiError && error.body?.message) || 'Failed to send the quote. Please try again.';
          toast({ title: 'Error', description: message, variant: 'destructive' });
          refuse(message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4 border-t border-stone-200 pt-3 print:hidden">
      {problem && (
        <p ref={alert} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      {draft.lines.map((line, index) => {
        const value = form.lines[index] as LineForm;
        return (
          <fieldset key={index} className="rounded-lg border border-stone-200 p-3">
            <legend className="px-1 font-semibold">
              {line.productName}
              {line.options && ` (${line.options})`} × {line.quantity}
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField label={`Price per carton (₹), line ${index + 1}`}>
                {(control) => (
                  <input
                    {...control}
                    inputMode="decimal"
                    value={value.price}
                    onChange={(e) => setLine(index, { price: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label={`HSN code, line ${index + 1}`}>
                {(control) => (
                  <input
                    {...control}
                    inputMode="numeric"
                    value={value.hsnCode}
                    onChange={(e) => setLine(index, { hsnCode: e.target.value })}
                  />
                )}
              </FormField>
              <FormField label={`GST rate, line ${index + 1}`}>
                {(control) => (
                  <select
                    {...control}
                    value={value.gstRate}
                    onChange={(e) => setLine(index, { gstRate: Number(e.target.value) as GstRate })}
                  >
                    <GstRateOptions />
                  </select>
                )}
              </FormField>
            </div>
          </fieldset>
        );
      })}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Delivery charge (₹)">
          {(control) => (
            <input
              {...control}
              inputMode="decimal"
              value={form.delivery}
              onChange={(e) => setForm({ ...form, delivery: e.target.value })}
            />
          )}
        </FormField>
        <FormField label="Place of supply (state of delivery)">
          {(control) => (
            <select
              {...control}
              value={form.placeOfSupply}
              onChange={(e) => setForm({ ...form, placeOfSupply: e.target.value as GstStateCode })}
            >
              {STATES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name} ({code})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Customer's GSTIN (optional)">
          {(control) => (
            <input
              {...control}
              autoCapitalize="characters"
              maxLength={20}
              value={form.customerGstin}
              onChange={(e) => setForm({ ...form, customerGstin: e.target.value })}
            />
          )}
        </FormField>
        <FormField label="Valid until">
          {(control) => (
            <input
              {...control}
              type="date"
              value={form.validUntil}
              onChange={(e) => setForm({ ...form, validUntil: e.target.value })}
            />
          )}
        </FormField>
      </div>
      {!draft.placeFromPincode && (
        <p className="text-sm text-amber-900">No pincode was found in the delivery address: check the place of supply.</p>
      )}
      <FormField label="Note for the customer (optional)" multiline>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={1000}
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
        )}
      </FormField>
      <p aria-live="polite" className="font-semibold">
        {preview
          ? `${preview.tax} · Total ${formatRupees(preview.total)}`
          : 'The total shows once every price and the delivery charge are valid amounts.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" aria-disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send quote'}
        </button>
        <button type="button" className="btn-ghost min-h-11" onClick={() => setForm(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The quote's tax and total as the server will work them out (the same rule, core/quote.ts). */
function previewOf(draft: QuoteDraft, form: QuoteForm): { tax: string; total: number } | null {
  const prices = form.lines.map((line) => parseRupees(line.price));
  const delivery = parseRupees(form.delivery);
  if (prices.some((price) => price === null) || delivery === null) return null;
  const { totals } = priceQuote(
    draft.lines.map((line, index) => ({
      ...line,
      price: prices[index] as number,
      hsnCode: form.lines[index]?.hsnCode ?? '',
      gstRate: form.lines[index]?.gstRate ?? line.gstRate,
    })),
    delivery,
    form.placeOfSupply,
  );
  const tax =
    form.placeOfSupply === SHOP_STATE
      ? `CGST ${formatRupees(totals.cgst)} + SGST ${formatRupees(totals.sgst)}`
      : `IGST ${formatRupees(totals.igst)}`;
  return { tax: `Taxable ${formatRupees(totals.taxable)} · ${tax}`, total: totals.total };
}
