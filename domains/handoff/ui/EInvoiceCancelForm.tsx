import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { z } from 'zod';

import { PanelFormButtons, usePanelForm } from '#app/admin/panel-form.tsx';
import { FormField } from '#app/ui/FormField.tsx';
import { CANCEL_REASONS } from '#domains/handoff/schema.ts';
import { useCancelEInvoice } from '#domains/invoice/ui/invoice-api.ts';
import { istWall } from '#lib/india-time.ts';

import { documentNumbers, type EInvoiceFormProps } from './e-invoice-form.ts';

const AT_MESSAGE = 'The time the portal cancelled it, to the second, as it showed';
const formSchema = z.object({
  /** '0' for the invoice, 'N' for its N-th credit note. */
  document: z.string(),
  reason: z.enum(Object.keys(CANCEL_REASONS) as ['1', '2', '3', '4'], { error: 'Choose the reason given on the portal' }),
  remark: z.string().trim().min(1, 'Give the remark typed on the portal').max(100, 'A remark is at most 100 characters'),
  /** As a datetime-local field gives it: '2026-12-05T12:30' or '2026-12-05T12:30:15'. */
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, AT_MESSAGE),
});

/** The portal's time ('2026-12-05 12:30:00') of a datetime-local field's value. */
const portalTime = (at: string) => `${at.replace('T', ' ')}${at.length === 16 ? ':00' : ''}`;
/** Now in India, as a datetime-local field holds it (the portal's times are India's). */
const nowInIndia = () => istWall(new Date()).toISOString().slice(0, 19);

/**
 * The cancellation of an e-invoice the staff made on the portal, within 24 hours of its acknowledgement: which
 * document (of those registered and not cancelled), the portal's reason and remark, and when the portal cancelled it.
 * The server refuses a time past the 24 hours (a credit note is the way then) and says so at the time's field.
 */
export function EInvoiceCancelForm({ orderId, order, onDone, onCancel }: EInvoiceFormProps) {
  const cancel = useCancelEInvoice();
  // The documents with an IRN in force, by their place on the order (0 the invoice, N its N-th credit note).
  const registered = documentNumbers(order).flatMap((number, index) => {
    const record = order.eInvoices.find((entry) => entry.documentNumber === number && !entry.cancelled);
    return record ? [{ index, number, irn: record.irn }] : [];
  });
  const { register, handleSubmit, setFocus, errors, refusal } = usePanelForm(
    zodResolver(formSchema),
    { document: String(registered[0]?.index ?? 0), reason: '2' as const, remark: '', at: nowInIndia() },
    'The cancellation could not be recorded. Please try again.',
    (key) =>
      key === 'CancelDate'
        ? 'at'
        : key === 'Irn' || key === 'creditNote'
          ? 'document'
          : ['reason', 'remark'].includes(key)
            ? key
            : null,
  );
  useEffect(() => setFocus('remark'), [setFocus]);

  const submit = ({ document, reason, remark, at }: z.output<typeof formSchema>) => {
    if (cancel.isPending) return;
    refusal.clear();
    const chosen = registered.find((entry) => String(entry.index) === document);
    if (!chosen) return;
    cancel.mutate(
      {
        id: orderId,
        body: {
          ...(chosen.index > 0 ? { creditNote: chosen.index } : {}),
          Irn: chosen.irn,
          CancelDate: portalTime(at),
          reason,
          remark,
        },
      },
      { onSuccess: () => onDone(chosen.number), onError: refusal.refuse },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-3 border-t border-stone-200 pt-3 print:hidden"
    >
      <h4 className="font-bold text-leaf-900">E-invoice cancelled on the portal</h4>
      <p className="text-sm text-stone-700">
        The portal cancels an IRN within 24 hours of its acknowledgement. Record here the cancellation made there; after 24 hours,
        issue a credit note instead.
      </p>
      {refusal.alert}
      {registered.length > 1 && (
        <FormField label="Cancelled" error={errors.document?.message}>
          {(control) => (
            <select {...control} {...register('document')}>
              {registered.map(({ index, number }) => (
                <option key={number} value={String(index)}>
                  {index === 0 ? `Invoice ${number}` : `Credit note ${number}`}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {registered.length === 1 && (
        <p className="break-all">
          {registered[0]?.index === 0 ? 'Invoice' : 'Credit note'} {registered[0]?.number}, IRN {registered[0]?.irn}
        </p>
      )}
      <FormField label="Reason, as given on the portal" error={errors.reason?.message}>
        {(control) => (
          <select {...control} {...register('reason')}>
            {Object.entries(CANCEL_REASONS).map(([code, words]) => (
              <option key={code} value={code}>
                {code}: {words}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Remark" hint="As typed on the portal, up to 100 characters" error={errors.remark?.message}>
        {(control) => <input {...control} {...register('remark')} maxLength={100} autoComplete="off" />}
      </FormField>
      <FormField label="Cancelled on the portal at" hint="India time, as the portal showed it" error={errors.at?.message}>
        {(control) => <input {...control} {...register('at')} type="datetime-local" step={1} />}
      </FormField>
      <PanelFormButtons
        pending={cancel.isPending}
        label="Record the cancellation"
        pendingLabel="Recording..."
        onCancel={onCancel}
      />
    </form>
  );
}
