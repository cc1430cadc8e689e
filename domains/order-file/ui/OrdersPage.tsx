import { FileText } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { exportUrl, type ListParams, useDeleteOrder, useOrders, useSetOrderSeen } from '#app/admin/admin-api.ts';
import { AdminTable, CARD_CELL, CardBreak, cardRow, DeleteButton, EmailText, SeenButton } from '#app/admin/AdminTable.tsx';
import { replyLinks, shortDate, statusLabel } from '#app/admin/format.ts';
import { ExportLink, ListScreen, ListSearch, ListStatus, Pager, seenParam, SeenTabs } from '#app/admin/ListControls.tsx';
import { CallButtons } from '#app/admin/ReachLinks.tsx';
import { oneOf, useAdminList } from '#app/admin/use-admin-list.ts';
import { displayIdOf, ENQUIRY_NUMBER_BASE, ENQUIRY_STATUSES } from '#domains/enquiry/model.ts';
import { describeMoment, replyCountdown } from '#domains/enquiry/reply-promise.ts';
import { AMOUNT_BASIS_WORDS } from '#domains/invoice/amount-in-force.ts';
import type { AdminOrder } from '#domains/order-file/schema.ts';
import { TODAY_STEP_ORDER, TODAY_STEP_WORDS, TODAY_STEPS } from '#domains/order-file/today.ts';
import { QUOTE_FILTER_WORDS, QUOTE_FILTERS, QUOTE_STATE_LABELS } from '#domains/quote/model.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { MAX_ID } from '#lib/ids.ts';
import { formatCount, formatRupees } from '#lib/money.ts';

import { OrderDetails } from './OrderDetails.tsx';

/** A row: a card of two short lines and the one-tap actions on a phone (within ~120 px), a table row from tablet width. */
const orderRow = (seen: boolean) => cardRow(seen, 'mb-2 items-baseline gap-x-1.5 gap-y-0.5 px-3 py-1.5');
/** A phrase of the card's second line: small text. */
// A long word (a document number, a pasted name) may break inside itself rather than widen the table past the window.
const DETAIL = `${CARD_CELL} text-xs text-stone-700 md:text-stone-900 md:wrap-anywhere`;

/**
 * The reply promised to a customer still waiting for it: 'Call by today 5 PM', or 'Call late' with when it was due
 * (the moment only from tablet width: a phone's row keeps to two short lines).
 */
function ReplyDue({ order, now }: { order: AdminOrder; now: Date }) {
  const { hours } = useShop();
  if (order.status !== 'pending' || order.quote) return null;
  const countdown = replyCountdown(new Date(order.createdAt), now, hours);
  const by = describeMoment(countdown.by, now);
  return (
    <span className="font-semibold text-amber-900 md:block">
      {countdown.overdue ? (
        <>
          Call late<span className="max-md:hidden"> (was due {by})</span>
        </>
      ) : (
        `Call by ${by}`
      )}
    </span>
  );
}

/** The list's drop-down filters, in their order on the page; each is kept in the address under its name. */
const LIST_FILTERS: ReadonlyArray<{
  name: 'step' | 'status' | 'quote';
  label: string;
  any: string;
  options: ReadonlyArray<readonly [string, string]>;
}> = [
  { name: 'step', label: 'Today', any: 'Any step', options: TODAY_STEPS.map((value) => [value, TODAY_STEP_WORDS[value]]) },
  { name: 'status', label: 'Status', any: 'Any status', options: ENQUIRY_STATUSES.map((value) => [value, statusLabel(value)]) },
  { name: 'quote', label: 'Quote', any: 'Any quote', options: QUOTE_FILTERS.map((value) => [value, QUOTE_FILTER_WORDS[value]]) },
];

/**
 * /admin/orders, the Orders page: the enquiries, filtered and paged on the server, new ones arriving by themselves.
 * The filters and page live in the address, so Back and a shared link open the same list (the today list links here).
 */
export function OrdersPage() {
  const shop = useShop();
  const list = useAdminList();
  const status = oneOf(ENQUIRY_STATUSES, list.read('status'));
  const quote = oneOf(QUOTE_FILTERS, list.read('quote'));
  const step = oneOf(TODAY_STEPS, list.read('step'));
  const chosen = { step, status, quote };
  const viewing = openedOrder(list.read('order'));
  const navigate = useNavigate();
  const opened = (useLocation().state as { opened?: boolean } | null)?.opened === true;
  // The open details are in the address (?order=1042), a history entry of their own: Back on a phone closes them
  // rather than leaving the Orders page, and a copied link opens them. Closing them goes back past that entry.
  const view = (id: number) => list.open({ order: displayIdOf(id) }, { opened: true });
  const closeView = () => (opened ? void navigate(-1) : list.open({ order: null }));
  const params: ListParams = {
    page: list.page,
    seen: seenParam(list.show),
    q: list.q || undefined,
    status: status || undefined,
    quote: quote || undefined,
    step: step || undefined,
  };
  const orders = useOrders(params);
  const setSeen = useSetOrderSeen();
  const remove = useDeleteOrder();
  const data = orders.data;
  const now = new Date();

  // The browser tab tells how many enquiries wait to be read.
  const unseen = data?.counts.unseen ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unseen > 0 ? `(${unseen}) ${base}` : base;
  }, [unseen]);

  const toggleSeen = list.seenToggler(setSeen, 'Failed to update order status.');
  const deleteOrder = list.deleter(remove, () => 'Are you sure you want to delete this order?', 'Failed to delete order.');

  return (
    <ListScreen id="orders-title" title="Orders" heading={list.heading}>
      {step && (
        <p className="mt-1 text-stone-700">
          {TODAY_STEP_WORDS[step]}, {TODAY_STEP_ORDER[step]}.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <SeenTabs value={list.show} counts={data?.counts} onChange={list.setShow} />
        <ListSearch label="Search name, e-mail, phone or enquiry number" initial={list.q} onSearch={list.filter('q')} />
        <div className="grid grid-cols-3 gap-2 text-sm lg:flex lg:gap-3 lg:text-base">
          {LIST_FILTERS.map((filter) => (
            <FilterSelect
              key={filter.name}
              id={`${filter.name}-filter`}
              label={filter.label}
              any={filter.any}
              value={chosen[filter.name]}
              options={filter.options}
              onChange={list.filter(filter.name)}
            />
          ))}
        </div>
        <ExportLink href={exportUrl('orders', params)} />
      </div>

      <ListStatus failed={orders.isError} empty={data?.items.length === 0} what="enquiries" />
      {data && data.items.length > 0 && (
        <AdminTable
          caption={step ? `Enquiries, ${TODAY_STEP_ORDER[step]}` : 'Enquiries, newest first'}
          columns={['Order ID', 'Date', 'Customer', 'Contact', 'Items', 'Total', 'Type', 'Status', 'Seen', 'Actions']}
        >
          {data.items.map((order) => {
            const links = replyLinks(order, shop.name);
            const quoted = order.amount.basis === 'quote';
            return (
              <tr key={order.id} data-testid="order-row" className={orderRow(order.seen)}>
                <td data-label="Order ID" className={`${CARD_CELL} order-1 text-sm font-semibold`}>
                  #{order.displayId}
                </td>
                <td data-label="Date" className={`${DETAIL} order-6`}>
                  {/* On a phone the promise says more than the date while the customer waits for the call. */}
                  <span className={order.status === 'pending' && !order.quote ? 'max-md:hidden' : ''}>
                    {shortDate(order.createdAt)}
                  </span>
                  <ReplyDue order={order} now={now} />
                </td>
                <td
                  data-label="Customer"
                  className={`${CARD_CELL} order-2 min-w-0 flex-1 truncate text-sm font-semibold md:whitespace-normal md:font-normal md:wrap-anywhere`}
                >
                  {order.customerName}
                </td>
                <td data-label="Contact" className={`${CARD_CELL} hidden`}>
                  <EmailText email={order.customerEmail} className="block" />
                  <span className="block">{order.customerPhone ?? 'Not provided'}</span>
                </td>
                <td data-label="Items" className={`${DETAIL} order-5 max-md:hidden`}>
                  {formatCount(order.items.length)} item{order.items.length === 1 ? '' : 's'}
                </td>
                <td data-label="Total" className={`${DETAIL} order-4`}>
                  {/* A quote in force is the amount: its own line below names it (on a phone, instead of the amount). */}
                  <span className={`font-semibold whitespace-nowrap md:block md:font-normal ${quoted ? 'max-md:hidden' : ''}`}>
                    {formatRupees(order.amount.total)}
                  </span>{' '}
                  {/* Which figure it is: the phone's row says the kind, the table the document's number too. */}
                  {!quoted && (
                    <>
                      <span className="md:hidden">({AMOUNT_BASIS_WORDS[order.amount.basis]})</span>
                      <span className="block text-xs text-stone-600 max-md:hidden">{order.amount.label}</span>
                    </>
                  )}
                  {/* The latest quote and where it stands, under the total: the spec's columns are the table's. */}
                  {order.quote && (
                    <span className="text-xs text-stone-700 md:mt-1 md:block">
                      <span className="mr-1.5 md:mr-0 md:block">
                        <span className="max-md:hidden">Quote </span>
                        {order.quote.number}: <span className="whitespace-nowrap">{formatRupees(order.quote.total)}</span>
                      </span>
                      <span className="md:block">{QUOTE_STATE_LABELS[order.quote.status]}</span>
                    </span>
                  )}
                </td>
                <td data-label="Type" className={`${DETAIL} order-9`}>
                  {order.isGuest ? 'Guest' : 'User'}
                </td>
                <td data-label="Status" className={`${CARD_CELL} order-3 text-xs font-semibold md:font-normal`}>
                  {statusLabel(order.status)}
                </td>
                <td data-label="Seen" className={`${DETAIL} order-8`}>
                  {order.seen ? 'Seen' : 'Unseen'}
                </td>
                <CardBreak className="order-3" />
                <td data-label="Actions" className={`${CARD_CELL} order-10 basis-full`}>
                  <span className="flex gap-1">
                    <CallButtons links={links} name={order.customerName} className="md:hidden" />
                    <button type="button" className="btn-outline size-11 p-0" onClick={() => view(order.id)}>
                      <FileText aria-hidden="true" className="size-4" />
                      <span className="sr-only">View order #{order.displayId}</span>
                    </button>
                    <SeenButton seen={order.seen} what={`order #${order.displayId}`} onClick={() => toggleSeen(order)} />
                    <DeleteButton what={`order #${order.displayId}`} onClick={() => deleteOrder(order)} />
                  </span>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}
      {viewing !== null && <OrderDetails id={viewing} onClose={closeView} />}
    </ListScreen>
  );
}

/** The enquiry whose details the address opens (?order=1042, its number), by its id; null for none or nonsense. */
function openedOrder(number: string): number | null {
  if (!/^\d{1,10}$/.test(number)) return null;
  const id = Number(number) - ENQUIRY_NUMBER_BASE;
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A list filter: one of `options`, or any ('' ) when none is chosen; its label is for screen readers. */
function FilterSelect<T extends string>({
  id,
  label,
  any,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  any: string;
  value: T | '';
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T | '') => void;
}) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T | '')}
        className="h-11 w-full min-w-0 rounded-lg border border-stone-300 px-2 lg:w-auto lg:px-3"
      >
        <option value="">{any}</option>
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </>
  );
}
