import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useEffect } from 'react';
import { z } from 'zod';

import { PanelFormButtons, usePanelForm } from '#app/admin/panel-form.tsx';
import { FormField } from '#app/ui/FormField.tsx';
import { useRecordIrpAnswer } from '#domains/invoice/ui/invoice-api.ts';

import { documentNumbers, type EInvoiceFormProps } from './e-invoice-form.ts';

const NOT_JSON = "This is not the portal's JSON answer: paste it whole, from { to }";
const formSchema = z.object({
  /** '0' for the invoice, 'N' for its N-th credit note. */
  document: z.string(),
  answer: z
    .string()
    .trim()
    .min(1, "Paste the portal's answer, or upload its file")
    .max(200_000, 'This is longer than any answer of the portal')
    .refine((text) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    }, NOT_JSON),
});

/**
 * The invoice registration portal's answer for the invoice or one of its credit notes, pasted or read from the file
 * the portal gave (the IRN, the acknowledgement, the signed invoice and QR code). The server checks that its signed
 * QR code names the document and says what differs; recorded, a held invoice is e-mailed to the customer.
 */
export function IrpAnswerForm({ orderId, order, onDone, onCancel }: EInvoiceFormProps) {
  const record = useRecordIrpAnswer();
  const { register, handleSubmit, setValue, setFocus, errors, refusal } = usePanelForm(
    zodResolver(formSchema),
    { document: '0', answer: '' },
    "The portal's answer could not be recorded. Please try again.",
    // Every part of the answer is checked in the one box it was pasted into.
    (key) => (key.startsWith('answer') ? 'answer' : key === 'creditNote' ? 'document' : null),
  );
  useEffect(() => setFocus('answer'), [setFocus]);
  const documents = documentNumbers(order);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setValue('answer', await file.text(), { shouldValidate: true });
    setFocus('answer');
  };
  const submit = ({ document, answer }: z.output<typeof formSchema>) => {
    if (record.isPending) return;
    refusal.clear();
    const creditNote = Number(document);
    record.mutate(
      { id: orderId, body: { ...(creditNote > 0 ? { creditNote } : {}), answer: JSON.parse(answer) as object } },
      { onSuccess: () => onDone(documents[creditNote] as string), onError: refusal.refuse },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-3 border-t border-stone-200 pt-3 print:hidden"
    >
      <h4 className="font-bold text-leaf-900">The e-invoice portal’s answer</h4>
      {refusal.alert}
      {documents.length > 1 && (
        <FormField label="For" error={errors.document?.message}>
          {(control) => (
            <select {...control} {...register('document')}>
              {documents.map((number, index) => (
                <option key={number} value={String(index)}>
                  {index === 0 ? `Invoice ${number}` : `Credit note ${number}`}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField
        label="IRP answer (JSON)"
        hint="Paste what the portal answered: Irn, AckNo, AckDt, SignedInvoice, SignedQRCode"
        error={errors.answer?.message}
        multiline
      >
        {(control) => (
          <textarea
            {...control}
            {...register('answer')}
            rows={6}
            spellCheck={false}
            autoCapitalize="off"
            className={`${control.className} font-mono text-sm break-all`}
          />
        )}
      </FormField>
      <FormField label="Or upload the answer's file">
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".json,application/json,.txt,text/plain"
            className={`${control.className} py-2`}
            onChange={(event) => void readFile(event)}
          />
        )}
      </FormField>
      <PanelFormButtons pending={record.isPending} label="Record the answer" pendingLabel="Recording..." onCancel={onCancel} />
    </form>
  );
}
