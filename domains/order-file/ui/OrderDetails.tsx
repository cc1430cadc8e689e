import { Copy, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { statusLinkUrl, useOrder, useSetOrderStatus, useStatusLink } from '#app/admin/admin-api.ts';
import { AdminDialog, DialogLoading } from '#app/admin/AdminDialog.tsx';
import { Block, ListBlock } from '#app/admin/Block.tsx';
import { deliveryAddress, historyText, replyLinks, rupees, shortDate } from '#app/admin/format.ts';
import { ApiError } from '#app/lib/api.ts';
import { useToast } from '#app/lib/toast.tsx';
import { optionsText } from '#domains/catalogue/variations.ts';
import type { EnquiryStatus } from '#domains/enquiry/model.ts';
import { sentLineOf, sentLineView } from '#domains/enquiry/sent-lines.ts';
import type { OnceNotice } from '#domains/invoice/customer-notices.ts';
import { DispatchForm } from '#domains/invoice/ui/DispatchForm.tsx';
import { useOrderInvoice } from '#domains/invoice/ui/invoice-api.ts';
import { QUOTE_STATE_LABELS } from '#domains/quote/model.ts';
import { QuotePanel } from '#domains/quote/ui/QuotePanel.tsx';
import { addressText, phoneText } from '#domains/settings/shop.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { signedRupees } from '#domains/tax/document.ts';
import { formatCount, formatRupees } from '#lib/money.ts';

import { CustomerContact } from './CustomerContact.tsx';
import { InvoicePanel } from './InvoicePanel.tsx';
import { StatusConfirm } from './StatusConfirm.tsx';
import { StatusSelect } from './StatusSelect.tsx';

/** The details dialog of one enquiry on the Orders page, printable as one clean page. */
export function OrderDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const toast = useToast();
  const { data: order, isError } = useOrder(id);
  const setStatus = useSetOrderStatus();
  const statusLink = useStatusLink();
  const invoiced = Boolean(useOrderInvoice(id).data);
  const newLinkButton = useRef<HTMLButtonElement>(null);
  const [shownLink, setShownLink] = useState<string | null>(null);
  const shownLinkBox = useRef<HTMLInputElement>(null);
  // 'Shipped' asks for the dispatch details first; the status changes once they are saved.
  const [shipping, setShipping] = useState(false);
  // 'Delivered' and 'Cancelled' e-mail the customer: they are confirmed first, showing what the customer will be told.
  const [confirming, setConfirming] = useState<OnceNotice | null>(null);
  // Leaving the dispatch or the confirmation puts the selector back to the status the enquiry has (a fresh selector).
  const [statusKey, setStatusKey] = useState(0);
  const keepStatus = () => {
    setShipping(false);
    setConfirming(null);
    setStatusKey((key) => key + 1);
  };
  // The fresh selector takes the focus once it is there: in an effect, which React runs before it handles the next
  // input, not a frame later, when a choice made in between would have its confirmation's focus taken away.
  useEffect(() => {
    if (statusKey > 0) document.getElementById('order-status')?.focus();
  }, [statusKey]);

  const saveStatus = (status: EnquiryStatus, creditNote?: { reason: string }) => {
    if (!order) return;
    setStatus.mutate(
      { id, status, from: order.status, creditNote },
      {
        onSuccess: () => setConfirming(null),
        onError: (error) => {
          // Refused as it stands (another member of staff changed the status meanwhile): the server says why, and the
          // selector goes back to the status the enquiry has, which the details are read again for.
          const refused = error instanceof ApiError && error.status === 409;
          if (refused) keepStatus();
          const description = (refused && error.body?.message) || 'Failed to update order status.';
          toast({ title: 'Error', description, variant: 'destructive' });
        },
      },
    );
  };
  const changeStatus = (status: EnquiryStatus) => {
    if (!order || status === order.status) return;
    setShipping(status === 'shipped');
    setConfirming(status === 'delivered' || status === 'cancelled' ? status : null);
    if (status !== 'shipped' && status !== 'delivered' && status !== 'cancelled') saveStatus(status);
  };
  const shop = useShop();
  const links = order ? replyLinks(order, shop.name) : null;
  const changeLink = (action: 'replace' | 'revoke') => {
    // Not disabled while a change is pending: the focus moves to this button after a revoke.
    if (statusLink.isPending) return;
    statusLink.mutate(
      { id, action },
      {
        onSuccess: () => {
          // The Revoke button goes away with the link: the focus moves to the one beside it.
          if (action === 'revoke') newLinkButton.current?.focus();
          toast({
            title: action === 'replace' ? 'New link sent' : 'Link revoked',
            description:
              action === 'replace'
                ? 'The customer gets the new link by e-mail; the old one no longer opens the enquiry.'
                : 'The status link no longer opens this enquiry.',
          });
        },
        onError: () => toast({ title: 'Error', description: 'Failed to change the status link.', variant: 'destructive' }),
      },
    );
  };

  // Copied for a chat or a call's follow-up; where the clipboard is refused (plain http), shown to copy by hand.
  const copyLink = async () => {
    try {
      const { url } = await statusLinkUrl(id);
      try {
        await navigator.clipboard.writeText(url);
        toast({ title: 'Status link copied', description: 'Paste it into a message to the customer.' });
      } catch {
        setShownLink(url);
        requestAnimationFrame(() => shownLinkBox.current?.select());
      }
    } catch {
      toast({ title: 'Error', description: 'The status link could not be read.', variant: 'destructive' });
    }
  };

  return (
    <AdminDialog title={order ? `Order #${order.displayId}` : 'Order details'} onClose={onClose} className="order-details">
      {!order && <DialogLoading failed={isError} what="This enquiry" />}
      {order && links && (
        <div className="grid gap-4 p-4 sm:grid-cols-2">
          <CustomerContact order={order} links={links} />
          <p className="hidden text-sm print:block sm:col-span-2">
            {shop.name}, {addressText(shop.address)} · {phoneText(shop.phone)} · {shop.email}
          </p>
          <Block title="Order management">
            <p>Order date: {shortDate(order.createdAt)}</p>
            <StatusSelect
              key={statusKey}
              current={order.status}
              saving={setStatus.isPending}
              asking={shipping || confirming !== null}
              onCommit={changeStatus}
            />
          </Block>
          {shipping && (
            <Block title="Dispatch" wide>
              <DispatchForm
                order={order}
                onShipped={(told) => {
                  setShipping(false);
                  // The selector moves the focus to its status line once the enquiry reads Shipped.
                  toast({
                    title: 'Marked shipped',
                    description: told
                      ? 'The customer is e-mailed the transporter and docket.'
                      : 'The customer is not e-mailed until the dispatch details are given.',
                  });
                }}
                onCancel={keepStatus}
              />
            </Block>
          )}
          {confirming && (
            <StatusConfirm
              order={order}
              status={confirming}
              pending={setStatus.isPending}
              onConfirm={(creditNote) => saveStatus(confirming, creditNote)}
              onKeep={keepStatus}
            />
          )}
          <Block title="Order">
            <p>Order ID: #{order.displayId}</p>
            <p className="text-lg font-bold">Total: {formatRupees(order.amount.total)}</p>
            <p>{order.amount.label}</p>
            <p>
              Quote:{' '}
              {order.quote
                ? `${order.quote.number}, ${formatRupees(order.quote.total)} with GST, ${QUOTE_STATE_LABELS[order.quote.status].toLowerCase()}`
                : 'none sent yet'}
            </p>
          </Block>
          <Block title="Customer information">
            <p>Name: {order.customerName}</p>
            <p className="break-all">Email: {order.customerEmail}</p>
            <p>Phone: {order.customerPhone ?? 'Not provided'}</p>
            <p>{order.isGuest ? 'Guest' : 'Registered User'}</p>
            {order.customerGstin && <p>GSTIN: {order.customerGstin}</p>}
          </Block>
          <Block title="Delivery address">
            <p className="whitespace-pre-line">{deliveryAddress(order)}</p>
          </Block>
          {order.specialRequests && (
            <Block title="Special requests" wide>
              <p className="whitespace-pre-line">{order.specialRequests}</p>
            </Block>
          )}
          <Block title="Items" wide>
            <ul className="divide-y divide-stone-200">
              {order.items.map((item) => {
                const line = sentLineView(sentLineOf(item));
                return (
                  <li key={item.id} className="py-2">
                    <p className="flex justify-between gap-3 font-semibold">
                      <span>
                        {line.name} × {formatCount(item.quantity)}
                      </span>
                      <span className="whitespace-nowrap">{line.total.text}</span>
                    </p>
                    {item.options.length > 0 && <p>{optionsText(item.options)}</p>}
                    <p className="text-stone-600">
                      {line.units}, {line.price} ({rupees(item.pricePerUnit)} each)
                      {item.cartonWeight && ` · ${item.cartonWeight} kg`}
                      {item.cartonDimensions && ` · ${item.cartonDimensions}`}
                    </p>
                  </li>
                );
              })}
            </ul>
            <dl className="mt-2 space-y-1 border-t border-stone-300 pt-2">
              <div className="flex justify-between">
                <dt>Figures of</dt>
                <dd>{order.amount.label}</dd>
              </div>
              {[
                ['Subtotal', formatRupees(order.amount.taxable)],
                ['Tax', formatRupees(order.amount.tax)],
                ...(order.amount.roundOff === 0 ? [] : [['Round off', signedRupees(order.amount.roundOff)]]),
              ].map(([words, text]) => (
                <div key={words} className="flex justify-between">
                  <dt>{words}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
              <div className="flex justify-between font-bold">
                <dt>Total</dt>
                <dd>{formatRupees(order.amount.total)}</dd>
              </div>
            </dl>
          </Block>
          <Block title="Quote" wide>
            <QuotePanel orderId={id} invoiced={invoiced} />
          </Block>
          <Block title="Invoice and payments" wide>
            <InvoicePanel orderId={id} status={order.status} />
          </Block>
          <Block title="Customer's status link">
            <p>
              {order.statusLink
                ? 'Active: the customer follows this enquiry from the link in their e-mail.'
                : 'None: no link opens this enquiry.'}
            </p>
            <div className="flex flex-wrap gap-2 pt-1 print:hidden">
              <button
                ref={newLinkButton}
                type="button"
                className="btn-outline min-h-11"
                aria-disabled={statusLink.isPending}
                onClick={() => changeLink('replace')}
              >
                Send a new link
              </button>
              {order.statusLink && (
                <button type="button" className="btn-outline min-h-11" onClick={() => void copyLink()}>
                  <Copy aria-hidden="true" className="size-4" /> Copy status link
                </button>
              )}
              {order.statusLink && (
                <button
                  type="button"
                  className="btn-outline min-h-11"
                  disabled={statusLink.isPending}
                  onClick={() => changeLink('revoke')}
                >
                  Revoke link
                </button>
              )}
            </div>
            {shownLink && order.statusLink && (
              <div className="pt-2 print:hidden">
                <label htmlFor="status-link-url" className="block font-semibold">
                  The customer's status link (copy it from here)
                </label>
                <input
                  id="status-link-url"
                  ref={shownLinkBox}
                  readOnly
                  value={shownLink}
                  className="mt-1 h-11 w-full rounded-lg border border-stone-300 px-3"
                />
              </div>
            )}
          </Block>
          <Block title="Technical info">
            <p className="break-all">Session ID: {order.sessionId ?? 'N/A'}</p>
            <p>User ID: {order.userId ?? 'Guest'}</p>
            <p>Seen: {order.seen ? 'Yes' : 'No'}</p>
          </Block>
          <ListBlock
            title="History"
            items={order.history}
            none="No changes yet."
            keyOf={(entry) => entry.id}
            item={(entry) => `${shortDate(entry.createdAt)}: ${historyText(entry)} by ${entry.actor}`}
          />
          <div className="flex flex-wrap gap-2 sm:col-span-2 print:hidden">
            <button type="button" className="btn-outline min-h-11" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" /> Print
            </button>
          </div>
        </div>
      )}
    </AdminDialog>
  );
}
