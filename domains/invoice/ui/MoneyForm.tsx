import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import type { Resolver } from 'react-hook-form';

import { PanelFormButtons, usePanelForm } from '#app/admin/panel-form.tsx';
import { randomId } from '#app/lib/random-id.ts';
import { FormField } from '#app/ui/FormField.tsx';
import {
  PAYMENT_METHOD_WORDS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentPosition,
  paymentProblem,
  refundProblem,
} from '#domains/invoice/payments.ts';
import { paymentBodySchema, refundBodySchema } from '#domains/invoice/schema.ts';
import { istDate } from '#lib/india-time.ts';
import { formatRupees, type Paise, toDecimalString } from '#lib/money.ts';

import { type MoneyInput, useRecordMoney } from './invoice-api.ts';

const REFERENCE_LABELS: Record<PaymentMethod, string> = {
  upi: 'UPI reference (UTR, 12 digits)',
  'bank-transfer': 'Bank transfer UTR (12 to 22 letters and digits)',
  cheque: 'Cheque number (6 digits)',
  cash: 'Reference (none for cash)',
};

/** Money the staff record on an invoice: a payment that arrived, or a refund paid out. */
export type MoneyKind = 'payments' | 'refunds';

/** What differs between the two: the schema, the most it may be, its day's field, and the words. */
const KINDS = {
  payments: {
    schema: paymentBodySchema,
    most: (position: PaymentPosition) => position.balance,
    problem: paymentProblem,
    day: 'receivedOn',
    heading: 'Record a payment',
    amountLabel: 'Amount received (₹)',
    mostWords: 'Still due',
    dayLabel: 'Received on',
    button: 'Record payment',
    failed: 'The payment could not be recorded. Please try again.',
  },
  refunds: {
    schema: refundBodySchema,
    most: (position: PaymentPosition) => position.refundDue,
    problem: refundProblem,
    day: 'paidOn',
    heading: 'Record a refund paid out',
    amountLabel: 'Amount refunded (₹)',
    mostWords: 'Refund due',
    dayLabel: 'Paid on',
    button: 'Record refund',
    failed: 'The refund could not be recorded. Please try again.',
  },
} as const;

/**
 * Recording money that moved on the invoice: amount (all that is due, to start with), the day, the method and its
 * reference on the statement, and for a refund a note. More than is due is refused at the amount, before anything is
 * sent; the server checks again. One Idempotency-Key per record: made when the form opens, sent again with every
 * retry and double click (the server then answers the record already made), and new once it is recorded.
 */
export function MoneyForm({
  kind,
  orderId,
  position,
  onRecorded,
  onCancel,
}: {
  kind: MoneyKind;
  orderId: number;
  position: PaymentPosition;
  onRecorded: () => void;
  onCancel: () => void;
}) {
  const words = KINDS[kind];
  const most: Paise = words.most(position);
  const record = useRecordMoney(kind);
  const key = useRef(randomId());
  const { register, handleSubmit, getValues, setError, setFocus, watch, errors, refusal } = usePanelForm(
    // Both schemas read the amount the same way; the rest of the body goes to the server as typed.
    zodResolver(words.schema) as unknown as Resolver<MoneyInput, unknown, { amount: Paise }>,
    // Each schema is strict: the note is a refund's field only.
    {
      amount: toDecimalString(most),
      [words.day]: istDate(new Date()),
      method: 'upi',
      reference: '',
      ...(kind === 'refunds' && { note: '' }),
    },
    words.failed,
  );
  useEffect(() => setFocus('amount'), [setFocus]);
  const method = watch('method') as PaymentMethod;

  // The amount as checked by the form's schema ('10,000' and '₹10,000.50' read as the staff typed them).
  const submit = ({ amount }: { amount: Paise }) => {
    if (record.isPending) return;
    refusal.clear();
    const { note, ...body } = getValues();
    const tooMuch = words.problem(position, amount);
    if (tooMuch) {
      setError('amount', { type: 'due', message: tooMuch }, { shouldFocus: true });
      return;
    }
    const sent = { ...body, amount: toDecimalString(amount), reference: body.reference ?? '' };
    record.mutate(
      { id: orderId, body: kind === 'refunds' ? { ...sent, note: note ?? '' } : sent, key: key.current },
      {
        onSuccess: () => {
          key.current = randomId();
          onRecorded();
        },
        onError: refusal.refuse,
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="space-y-3 border-t border-stone-200 pt-3 print:hidden"
    >
      <h4 className="font-bold text-leaf-900">{words.heading}</h4>
      {refusal.alert}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={words.amountLabel} hint={`${words.mostWords}: ${formatRupees(most)}`} error={errors.amount?.message}>
          {(control) => <input {...control} {...register('amount')} inputMode="decimal" />}
        </FormField>
        <FormField label={words.dayLabel} error={errors[words.day]?.message}>
          {(control) => <input {...control} {...register(words.day)} type="date" />}
        </FormField>
        <FormField label="Method" error={errors.method?.message}>
          {(control) => (
            <select {...control} {...register('method')}>
              {PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_METHOD_WORDS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={REFERENCE_LABELS[method] ?? 'Reference'} error={errors.reference?.message}>
          {(control) => <input {...control} {...register('reference')} autoCapitalize="characters" maxLength={40} />}
        </FormField>
        {kind === 'refunds' && (
          <FormField label="Note (optional)" hint="For the staff: why, or to which account" error={errors.note?.message}>
            {(control) => <input {...control} {...register('note')} maxLength={200} />}
          </FormField>
        )}
      </div>
      <PanelFormButtons pending={record.isPending} label={words.button} pendingLabel="Recording..." onCancel={onCancel} />
    </form>
  );
}
