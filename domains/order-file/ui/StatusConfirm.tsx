import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { statusLabel } from '#app/admin/format.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { cancelledNotice, deliveredNotice, type OnceNotice } from '#domains/invoice/customer-notices.ts';
import { creditNoteBodySchema } from '#domains/invoice/schema.ts';
import { CreditNoteFigures } from '#domains/invoice/ui/CreditNoteFigures.tsx';
import { useOrderInvoice, useWholeCreditPreview } from '#domains/invoice/ui/invoice-api.ts';
import type { AdminOrderDetails } from '#domains/order-file/schema.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { formatRupees } from '#lib/money.ts';

/** Where the number of a credit note not yet issued stands in the preview. */
const NEW_NOTE = 'CN/… (numbered when issued)';

/**
 * The step before a status that e-mails the customer (delivered, cancelled; shipped has the dispatch form): what the
 * customer will be told, written by the same words the server's e-mail uses, and for an invoiced order being
 * cancelled the credit note for what is not yet credited, issued in the same step. Nothing is saved until the staff
 * confirm; Escape or 'Keep' leaves the status as it is. The server decides the e-mail from what exists: this only
 * shows it beforehand.
 */
export function StatusConfirm({
  order,
  status,
  pending,
  onConfirm,
  onKeep,
}: {
  order: AdminOrderDetails;
  status: OnceNotice;
  pending: boolean;
  onConfirm: (creditNote?: { reason: string }) => void;
  onKeep: () => void;
}) {
  const shopName = useShop().name;
  const { data: invoice, isPending: readingInvoice } = useOrderInvoice(order.id);
  // The credit note for what is left, as the server would issue it (refused, as when all is credited: none to issue).
  const whole = useWholeCreditPreview(order.id, status === 'cancelled' && Boolean(invoice));
  const reading = readingInvoice || whole.isLoading;
  const confirmButton = useRef<HTMLButtonElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  const [credit, setCredit] = useState(true);
  const [reason, setReason] = useState('Order cancelled');
  const [reasonError, setReasonError] = useState<string | null>(null);

  // The focus goes to the confirming button, which the heading and what the customer will be told describe.
  useEffect(() => {
    if (!reading) confirmButton.current?.focus();
  }, [reading]);

  const creditable = status === 'cancelled' && whole.data ? whole.data.totals.total : null;
  const issuing = creditable !== null && credit;
  const notes = [
    ...(invoice?.creditNotes ?? []).map((note) => ({ number: note.number, total: note.totals.total })),
    ...(issuing ? [{ number: NEW_NOTE, total: creditable }] : []),
  ];
  const notice =
    status === 'delivered'
      ? deliveredNotice(order.displayId, shopName)
      : cancelledNotice(order.displayId, invoice?.invoice.number ?? null, notes);
  const toldBefore = order.told.includes(status);

  const confirm = () => {
    if (pending) return;
    if (!issuing) return onConfirm();
    const checked = creditNoteBodySchema.shape.reason.safeParse(reason);
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message ?? 'Give the reason for the credit note');
      reasonInput.current?.focus();
      return;
    }
    onConfirm({ reason: checked.data });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Only this step is undone; the dialog stays open.
    event.preventDefault();
    event.stopPropagation();
    onKeep();
  };

  return (
    <section
      aria-labelledby="status-confirm-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-stone-900 sm:col-span-2 print:hidden"
    >
      <h3 id="status-confirm-title" className="font-bold text-leaf-900">
        {status === 'delivered' ? 'Mark this order delivered?' : `Cancel ${invoice ? 'this order' : 'this enquiry'}?`}
      </h3>
      {reading ? (
        <p className="mt-2">Reading the invoice…</p>
      ) : (
        <>
          {creditable !== null && (
            <div className="mt-2 space-y-2">
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="checkbox"
                  onKeyDown={onKeyDown}
                  checked={credit}
                  onChange={(event) => setCredit(event.target.checked)}
                  className="size-5 shrink-0"
                />
                <span>
                  Issue the credit note for what is not yet credited: {formatRupees(creditable)} against invoice{' '}
                  {invoice?.invoice.number}
                </span>
              </label>
              {credit && (
                <FormField label="Reason for the credit note" error={reasonError ?? undefined}>
                  {(control) => (
                    <input
                      {...control}
                      ref={reasonInput}
                      value={reason}
                      maxLength={200}
                      onKeyDown={onKeyDown}
                      onChange={(event) => {
                        setReason(event.target.value);
                        setReasonError(null);
                      }}
                    />
                  )}
                </FormField>
              )}
              {credit && whole.data && <CreditNoteFigures preview={whole.data} />}
            </div>
          )}
          <div id="status-confirm-notice" className="mt-3" data-testid="customer-notice">
            {toldBefore ? (
              <p>The customer was told this before: no e-mail is sent again.</p>
            ) : (
              <>
                <p className="font-semibold">The customer will be e-mailed: {notice.subject}</p>
                {notice.lines.map((line) => (
                  <p key={line} className="mt-1">
                    {line}
                  </p>
                ))}
              </>
            )}
            {status === 'cancelled' && toldBefore && issuing && <p className="mt-1">The credit note is e-mailed on its own.</p>}
          </div>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          ref={confirmButton}
          type="button"
          className="btn-primary min-h-11"
          disabled={reading}
          aria-disabled={pending}
          aria-describedby="status-confirm-title status-confirm-notice"
          onKeyDown={onKeyDown}
          onClick={confirm}
        >
          {pending
            ? 'Saving...'
            : status === 'delivered'
              ? 'Mark delivered'
              : `Cancel ${invoice ? 'the order' : 'the enquiry'}${issuing ? ' and issue the credit note' : ''}`}
        </button>
        <button type="button" className="btn-outline min-h-11" onKeyDown={onKeyDown} onClick={onKeep}>
          Keep {statusLabel(order.status)}
        </button>
      </div>
    </section>
  );
}
