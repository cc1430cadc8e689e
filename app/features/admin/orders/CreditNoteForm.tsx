import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';

import type { InvoiceDocument } from '../../../../core/invoice';
import { creditNoteBodySchema } from '../../../../core/schemas/invoice';
import { FormField } from '../../../components/ui/FormField';
import { ApiError } from '../../../lib/api';
import { useSteadyForm } from '../../../lib/use-steady-form';
import { useIssueCreditNote } from './invoice-api';

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
 * everything left for a cancelled order. The server works out the figures from the invoice as issued.
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
  const [problem, setProblem] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
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
  useEffect(() => setFocus('reason'), [setFocus]);
  const everything = watch('everything');

  const submit = () => {
    if (issue.isPending) return;
    setProblem(null);
    const form = getValues();
    const body = form.everything
      ? { reason: form.reason }
      : {
          reason: form.reason,
          lines: form.quantities
            .map((quantity, index) => ({ line: index + 1, quantity: Number(quantity) }))
            .filter((line) => line.quantity > 0),
          delivery: form.delivery,
        };
    issue.mutate(
      { id: orderId, body },
      {
        onSuccess: (note) => onIssued(note.number),
        onError: (error) => {
          setProblem(
            (error instanceof ApiError && error.body?.message) || 'The credit note could not be issued. Please try again.',
          );
          requestAnimationFrame(() => alert.current?.focus());
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-3 border-t border-stone-200 pt-3 print:hidden"
    >
      <h4 className="font-bold text-leaf-900">Credit note against {invoice.number}</h4>
      {problem && (
        <p ref={alert} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
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
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" aria-disabled={issue.isPending}>
          {issue.isPending ? 'Issuing...' : 'Issue credit note'}
        </button>
        <button type="button" className="btn-ghost min-h-11" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
