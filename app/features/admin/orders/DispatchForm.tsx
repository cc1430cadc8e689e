import { zodResolver } from '@hookform/resolvers/zod';
import { Truck } from 'lucide-react';
import { useEffect } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';

import { consignmentValue, dispatchProblems, EWAY_BILL_THRESHOLD } from '../../../../core/dispatch';
import { formatRupees } from '../../../../core/money';
import { addDays, istDate } from '../../../../core/reply-promise';
import { dispatchSchema } from '../../../../core/schemas/invoice';
import { FormField } from '../../../components/ui/FormField';
import { useOrderInvoice, useShip } from './invoice-api';
import { PanelFormButtons, usePanelForm } from './panel-form';

type DispatchInput = z.input<typeof dispatchSchema>;

/**
 * Marking an order shipped: the transporter, the docket or LR number, the vehicle where known, the expected delivery
 * day and, for a consignment over ₹50,000, the e-way bill number made on the government portal. The goods travel with
 * the invoice, so without one the form says to issue it first.
 */
export function DispatchForm({ orderId, onShipped, onCancel }: { orderId: number; onShipped: () => void; onCancel: () => void }) {
  const { data: order, isPending } = useOrderInvoice(orderId);
  const ship = useShip();
  const today = istDate(new Date());
  const { register, handleSubmit, getValues, setError, setFocus, errors, refusal } = usePanelForm(
    zodResolver(dispatchSchema),
    { transporter: '', docketNumber: '', vehicleNumber: '', expectedOn: addDays(today, 2), ewayBillNumber: '' },
    'The dispatch could not be saved. Please try again.',
    // The server names the fields under `dispatch.`; the form's own names are without it.
    (key) => key.replace(/^dispatch\./, ''),
  );
  const ready = Boolean(order);
  useEffect(() => {
    if (ready) setFocus('transporter');
  }, [ready, setFocus]);
  if (isPending) return <p>Loading the invoice…</p>;
  if (!order) {
    return (
      <div className="space-y-2">
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Issue the invoice before dispatch: the goods travel with it.
        </p>
        <button type="button" className="btn-outline min-h-11" onClick={onCancel}>
          Close
        </button>
      </div>
    );
  }
  const value = consignmentValue(order.invoice);
  const needsBill = value > EWAY_BILL_THRESHOLD;

  const submit = (details: z.output<typeof dispatchSchema>) => {
    if (ship.isPending) return;
    refusal.clear();
    const missing = Object.entries(dispatchProblems(details, value, today));
    if (missing.length > 0) {
      missing.forEach(([field, message], index) =>
        setError(field as Path<DispatchInput>, { type: 'rule', message }, { shouldFocus: index === 0 }),
      );
      return;
    }
    const typed = getValues();
    ship.mutate(
      {
        id: orderId,
        dispatch: {
          transporter: typed.transporter,
          docketNumber: typed.docketNumber,
          vehicleNumber: typed.vehicleNumber ?? '',
          expectedOn: typed.expectedOn,
          ewayBillNumber: typed.ewayBillNumber ?? '',
        },
      },
      { onSuccess: onShipped, onError: refusal.refuse },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-3 print:hidden">
      <p>
        Invoice {order.invoice.number}: consignment worth {formatRupees(value)}
        {needsBill ? ', over ₹50,000: it travels with an e-way bill.' : '.'}
      </p>
      {refusal.alert}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Transporter" error={errors.transporter?.message}>
          {(control) => <input {...control} {...register('transporter')} maxLength={100} />}
        </FormField>
        <FormField label="Docket or LR number" error={errors.docketNumber?.message}>
          {(control) => <input {...control} {...register('docketNumber')} autoCapitalize="characters" maxLength={40} />}
        </FormField>
        <FormField label="Vehicle number (if known)" error={errors.vehicleNumber?.message}>
          {(control) => <input {...control} {...register('vehicleNumber')} autoCapitalize="characters" maxLength={40} />}
        </FormField>
        <FormField label="Expected delivery" error={errors.expectedOn?.message}>
          {(control) => <input {...control} {...register('expectedOn')} type="date" min={today} />}
        </FormField>
        {needsBill && (
          <FormField
            label="E-way bill number"
            hint="The 12 digits from the e-way bill portal (ewaybillgst.gov.in)"
            error={errors.ewayBillNumber?.message}
          >
            {(control) => <input {...control} {...register('ewayBillNumber')} inputMode="numeric" maxLength={14} />}
          </FormField>
        )}
      </div>
      <PanelFormButtons
        pending={ship.isPending}
        label={
          <>
            <Truck aria-hidden="true" className="size-4" /> Mark shipped
          </>
        }
        pendingLabel={
          <>
            <Truck aria-hidden="true" className="size-4" /> Saving...
          </>
        }
        onCancel={onCancel}
      />
    </form>
  );
}
