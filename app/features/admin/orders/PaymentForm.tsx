import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';

import { formatRupees, toDecimalString } from '../../../../core/money';
import {
  PAYMENT_METHOD_WORDS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentPosition,
  paymentProblem,
} from '../../../../core/payments';
import { istDate } from '../../../../core/reply-promise';
import { paymentBodySchema } from '../../../../core/schemas/invoice';
import { FormField } from '../../../components/ui/FormField';
import { randomId } from '../../../lib/random-id';
import { useRecordPayment } from './invoice-api';
import { PanelFormButtons, usePanelForm } from './panel-form';

const REFERENCE_LABELS: Record<PaymentMethod, string> = {
  upi: 'UPI reference (UTR, 12 digits)',
  'bank-transfer': 'Bank transfer UTR (12 to 22 letters and digits)',
  cheque: 'Cheque number (6 digits)',
  cash: 'Reference (none for cash)',
};

/**
 * Recording a payment that arrived: amount (what is still due to start with), the day, the method and its reference
 * on the statement. More than is due is refused at the amount, before anything is sent; the server checks again.
 * One Idempotency-Key per payment: made when the form opens, sent again with every retry and double click (the
 * server then answers the payment already recorded), and new once the payment is recorded.
 */
export function PaymentForm({
  orderId,
  position,
  onRecorded,
  onCancel,
}: {
  orderId: number;
  position: PaymentPosition;
  onRecorded: () => void;
  onCancel: () => void;
}) {
  const record = useRecordPayment();
  const key = useRef(randomId());
  const { register, handleSubmit, getValues, setError, setFocus, watch, errors, refusal } = usePanelForm(
    zodResolver(paymentBodySchema),
    { amount: toDecimalString(position.balance), receivedOn: istDate(new Date()), method: 'upi', reference: '' },
    'The payment could not be recorded. Please try again.',
  );
  useEffect(() => setFocus('amount'), [setFocus]);
  const method = watch('method') as PaymentMethod;

  // The amount as checked by the form's schema ('10,000' and '₹10,000.50' read as the staff typed them).
  const submit = ({ amount }: { amount: number }) => {
    if (record.isPending) return;
    refusal.clear();
    const body = getValues();
    const tooMuch = paymentProblem(position, amount);
    if (tooMuch) {
      setError('amount', { type: 'due', message: tooMuch }, { shouldFocus: true });
      return;
    }
    record.mutate(
      { id: orderId, body: { ...body, amount: toDecimalString(amount), reference: body.reference ?? '' }, key: key.current },
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
      <h4 className="font-bold text-leaf-900">Record a payment</h4>
      {refusal.alert}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Amount received (₹)"
          hint={`Still due: ${formatRupees(position.balance)}`}
          error={errors.amount?.message}
        >
          {(control) => <input {...control} {...register('amount')} inputMode="decimal" />}
        </FormField>
        <FormField label="Received on" error={errors.receivedOn?.message}>
          {(control) => <input {...control} {...register('receivedOn')} type="date" />}
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
      </div>
      <PanelFormButtons pending={record.isPending} label="Record payment" pendingLabel="Recording..." onCancel={onCancel} />
    </form>
  );
}
