import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';

import { PanelFormButtons, usePanelRefusal } from '#app/admin/panel-form.tsx';
import { useSteadyForm } from '#app/lib/use-steady-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import type { CreditNotePreview, InvoiceDocument } from '#domains/invoice/model.ts';
import { creditNoteBodySchema } from '#domains/invoice/schema.ts';

import { CreditNoteFigures } from './CreditNoteFigures.tsx';
import { type CreditNoteInput, previewCreditNote, useIssueCreditNote } from './invoice-api.ts';

const NOTHING = 'Name the cartons or the delivery charge to credit';

/** The form as typed: the reason as the API checks it, cartons per invoice line, the delivery charge, or everything. */
const creditFormSchema = z
  .object({
    reason: creditNoteBodySchema.shape.reason,
    everything: z.boolean(),
    delivery: z.boolean(),
    quantities: z.array(
      z
        .string()
        .trim()
        .regex(/^\d{0,3}$/, 'Whole cartons, or leave it empty'),
    ),
  })
  .refine((form) => form.everything || form.delivery || form.quantities.some((quantity) => Number(quantity) > 0), {
    path: ['quantities', 0],
    message: NOTHING,
  });
type CreditForm = z.input<typeof creditFormSchema>;

/**
 * A credit note against the invoice: why, and what it takes back (cartons of its lines, the delivery charge), or
 * everything left for a cancelled order. The server works out the figures from the invoice as issued, and shows
 * them first: the staff issue the credit note they previewed, and changing what it takes back asks for a new preview.
 */
export function CreditNoteForm({
  orderId,
  invoice,
  cancelled,
  onIssued,
  onCancel,
}: {
  orderId: number;
  invoice: InvoiceDocument;
  cancelled: boolean;
  onIssued: (number: string) => void;
  onCancel: () => void;
}) {
  const issue = useIssueCreditNote();
  // The answer's field names are not this form's (it asks in cartons per line): its refusals are said in the alert.
  const refusal = usePanelRefusal('The credit note could not be issued. Please try again.');
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    watch,
    formState: { errors },
  } = useSteadyForm<CreditForm>({
    resolver: zodResolver(creditFormSchema),
    defaultValues: { reason: '', everything: cancelled, delivery: false, quantities: invoice.lines.map(() => '') },
  });
  const [preview, setPreview] = useState<CreditNotePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const figures = useRef<HTMLDivElement>(null);
  useEffect(() => setFocus('reason'), [setFocus]);
  useEffect(() => {
    const watching = watch((_, { name }) => {
      if (name !== 'reason') setPreview(null);
    });
    return () => watching.unsubscribe();
  }, [watch]);
  // The figures take the focus once shown, so they are read before the button that now issues the credit note.
  useEffect(() => {
    if (preview) figures.current?.focus();
  }, [preview]);
  const everything = watch('everything');

  const submit = async () => {
    if (issue.isPending || previewing) return;
    refusal.clear();
    const form = getValues();
    const asked: Omit<CreditNoteInput, 'reason'> = form.everything
      ? {}
      : {
          lines: form.quantities
            .map((quantity, index) => ({ line: index + 1, quantity: Number(quantity) }))
            .filter((line) => line.quantity > 0),
          delivery: form.delivery,
        };
    if (!preview) {
      setPreviewing(true);
      try {
        setPreview(await previewCreditNote(orderId, asked));
      } catch (error) {
        refusal.refuse(error);
      } finally {
        setPreviewing(false);
      }
      return;
    }
    issue.mutate(
      { id: orderId, body: { reason: form.reason, ...asked } },
      { onSuccess: (note) => onIssued(note.number), onError: refusal.refuse },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-3 border-t border-stone-200 pt-3 print:hidden"
    >
      <h4 className="font-bold text-leaf-900">Credit note against {invoice.number}</h4>
      {refusal.alert}
      <FormField label="Reason" error={errors.reason?.message}>
        {(control) => <input {...control} {...register('reason')} maxLength={200} />}
      </FormField>
      {cancelled && (
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" {...register('everything')} className="size-5" />
          Everything not yet credited (the order is cancelled)
        </label>
      )}
      {!everything && (
        <fieldset className="space-y-2">
          <legend className="font-semibold">What it takes back</legend>
          {invoice.lines.map((line, index) => (
            <FormField
              key={index}
              label={`Cartons of line ${index + 1}: ${line.productName}${line.options ? ` (${line.options})` : ''}`}
              hint={`${line.quantity} invoiced`}
              error={errors.quantities?.[index]?.message}
            >
              {(control) => <input {...control} {...register(`quantities.${index}`)} inputMode="numeric" maxLength={3} />}
            </FormField>
          ))}
          {invoice.delivery && (
            <label className="flex min-h-11 items-center gap-2">
              <input type="checkbox" {...register('delivery')} className="size-5" />
              The delivery charge
            </label>
          )}
        </fieldset>
      )}
      {preview && (
        <div ref={figures} tabIndex={-1} aria-labelledby="credit-preview-title" role="group" className="space-y-2">
          <p id="credit-preview-title" className="font-semibold">
            The credit note will take back:
          </p>
          <CreditNoteFigures preview={preview} />
        </div>
      )}
      <PanelFormButtons
        pending={issue.isPending || previewing}
        label={preview ? 'Issue credit note' : 'Preview the credit note'}
        pendingLabel={preview ? 'Issuing...' : 'Working it out...'}
        onCancel={onCancel}
      />
    </form>
  );
}
