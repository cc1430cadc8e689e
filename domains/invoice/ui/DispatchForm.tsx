import { zodResolver } from '@hookform/resolvers/zod';
import { Truck } from 'lucide-react';
import { useEffect } from 'react';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';

import { useSetOrderStatus } from '#app/admin/admin-api.ts';
import { PanelFormButtons, usePanelForm } from '#app/admin/panel-form.tsx';
import { FormField } from '#app/ui/FormField.tsx';
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import {
  consignmentValue,
  dispatchProblems,
  EWAY_BILL_THRESHOLD,
  MAX_DISTANCE_KM,
  TRANSPORT_MODE_NAMES,
  TRANSPORT_MODES,
  type TransportMode,
} from '#domains/invoice/dispatch.ts';
import { dispatchSchema } from '#domains/invoice/schema.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { formatRupees, toPaise } from '#lib/money.ts';

import { useOrderInvoice, useShip } from './invoice-api.ts';

type DispatchInput = z.input<typeof dispatchSchema>;

/**
 * Marking an order shipped: the transporter, the docket or LR number, the vehicle where known, the expected delivery
 * day and, for a consignment over ₹50,000, the e-way bill number made on the government portal. The goods should
 * travel with the tax invoice: without one the form says so, and lets the staff go on (any status may follow any
 * other); so can shipping without the details. Either way the order waits on the today list until both are there.
 */
export function DispatchForm({
  order,
  onShipped,
  onCancel,
}: {
  /** The order shipped: its total stands in for the consignment's value until it is invoiced. */
  order: { id: number; displayId: number; total: string; status: EnquiryStatus };
  /** Whether the customer is e-mailed (only with the details). */
  onShipped: (told: boolean) => void;
  onCancel: () => void;
}) {
  const orderId = order.id;
  const { data: invoice, isPending } = useOrderInvoice(orderId);
  const ship = useShip();
  const shipBare = useSetOrderStatus();
  const today = istDate(new Date());
  const { register, handleSubmit, getValues, setError, setFocus, errors, refusal } = usePanelForm(
    zodResolver(dispatchSchema),
    {
      transporter: '',
      docketNumber: '',
      vehicleNumber: '',
      expectedOn: addDays(today, 2),
      ewayBillNumber: '',
      distanceKm: '',
      transportMode: 'road',
      transporterId: '',
      transportDocDate: today,
    },
    'The dispatch could not be saved. Please try again.',
    // The server names the fields under `dispatch.`; the form's own names are without it.
    (key) => key.replace(/^dispatch\./, ''),
  );
  useEffect(() => {
    if (!isPending) setFocus('transporter');
  }, [isPending, setFocus]);
  if (isPending) return <p>Loading the invoice…</p>;
  // The e-way bill rule counts the invoice's goods; before there is one, the enquiry's total.
  const value = invoice ? consignmentValue(invoice.invoice) : toPaise(order.total);
  const needsBill = value > EWAY_BILL_THRESHOLD;
  const saving = ship.isPending || shipBare.isPending;
  const withoutDetails = () => {
    if (saving) return;
    refusal.clear();
    shipBare.mutate(
      { id: orderId, status: 'shipped', from: order.status },
      { onSuccess: () => onShipped(false), onError: refusal.refuse },
    );
  };

  const submit = (details: z.output<typeof dispatchSchema>) => {
    if (saving) return;
    refusal.clear();
    // The distance's check against the dispatch-from pincode (a setting) is the server's, named on its field.
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
        from: order.status,
        dispatch: {
          transporter: typed.transporter,
          docketNumber: typed.docketNumber,
          vehicleNumber: typed.vehicleNumber ?? '',
          expectedOn: typed.expectedOn,
          ewayBillNumber: typed.ewayBillNumber ?? '',
          distanceKm: String(typed.distanceKm ?? ''),
          transportMode: typed.transportMode ?? 'road',
          transporterId: typed.transporterId ?? '',
          transportDocDate: typed.transportDocDate ?? '',
        },
      },
      { onSuccess: () => onShipped(true), onError: refusal.refuse },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-3 print:hidden">
      {!invoice && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          There is no tax invoice yet: goods should travel with the tax invoice. You can still mark it shipped; the today list
          keeps it until the invoice is issued.
        </p>
      )}
      <p>
        {invoice ? `Invoice ${invoice.invoice.number}: consignment` : 'Enquiry'} worth {formatRupees(value)}
        {needsBill ? ', over ₹50,000: it travels with an e-way bill.' : '.'}
      </p>
      <p data-testid="customer-notice">
        With the details, the customer will be e-mailed: Your order #{order.displayId} is on its way, with the transporter, the
        docket number and the expected delivery. Without them, the customer is not e-mailed.
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
        <FormField label="Docket or LR date" error={errors.transportDocDate?.message}>
          {(control) => <input {...control} {...register('transportDocDate')} type="date" max={today} />}
        </FormField>
        <FormField label="Mode of transport" error={errors.transportMode?.message}>
          {(control) => (
            <select {...control} {...register('transportMode')}>
              {(Object.keys(TRANSPORT_MODES) as TransportMode[]).map((mode) => (
                <option key={mode} value={mode}>
                  {TRANSPORT_MODE_NAMES[mode]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Distance in km (for the e-way bill)"
          hint={`By road from the shop's dispatch address, 1 to ${MAX_DISTANCE_KM.toLocaleString('en-IN')}`}
          error={errors.distanceKm?.message}
        >
          {(control) => <input {...control} {...register('distanceKm')} inputMode="numeric" maxLength={4} />}
        </FormField>
        <FormField label="GSTIN or TRANSIN of the transport company (if any)" error={errors.transporterId?.message}>
          {(control) => <input {...control} {...register('transporterId')} autoCapitalize="characters" maxLength={20} />}
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
      <button type="button" className="btn-outline min-h-11" aria-disabled={saving} onClick={withoutDetails}>
        Ship without the details
      </button>
    </form>
  );
}
