import { FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../../../core/enquiry';
import { formatCount, formatRupees } from '../../../../core/money';
import { QUOTE_FILTER_WORDS, QUOTE_FILTERS, QUOTE_STATE_LABELS, type QuoteFilter } from '../../../../core/quote';
import type { AdminOrder } from '../../../../core/schemas/admin';
import { useToast } from '../../../lib/toast';
import { exportUrl, type ListParams, useDeleteOrder, useOrders, useSetOrderSeen } from '../shared/admin-api';
import { AdminTable, CELL, DeleteButton, rowClass, SeenButton } from '../shared/AdminTable';
import { rupees, shortDate, statusLabel } from '../shared/format';
import {
  ExportLink,
  ListSearch,
  ListStatus,
  Pager,
  refining,
  type SeenFilter,
  seenParam,
  SeenTabs,
} from '../shared/ListControls';
import { OrderDetails } from './OrderDetails';

/** /admin/orders (spec: Orders page): the enquiries, filtered and paged on the server, new ones arriving by themselves. */
export function OrdersPage() {
  const toast = useToast();
  const [filter, setFilter] = useState<SeenFilter>('all');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<EnquiryStatus | ''>('');
  const [quote, setQuote] = useState<QuoteFilter | ''>('');
  const [page, setPage] = useState(1);
  const refine = refining(setPage);
  const [viewing, setViewing] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const params: ListParams = {
    page,
    seen: seenParam(filter),
    q: q || undefined,
    status: status || undefined,
    quote: quote || undefined,
  };
  const orders = useOrders(params);
  const setSeen = useSetOrderSeen();
  const remove = useDeleteOrder();
  const data = orders.data;

  // The browser tab tells how many enquiries wait to be read.
  const unseen = data?.counts.unseen ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unseen > 0 ? `(${unseen}) ${base}` : base;
  }, [unseen]);

  const failed = () => toast({ title: 'Error', description: 'Failed to update order status.', variant: 'destructive' });
  const toggleSeen = (order: AdminOrder) => setSeen.mutate({ id: order.id, seen: !order.seen }, { onError: failed });
  const deleteOrder = (order: AdminOrder) => {
    if (!window.confirm('Are you sure you want to delete this order?')) return;
    remove.mutate(order.id, {
      onSuccess: () => heading.current?.focus(),
      onError: () => toast({ title: 'Error', description: 'Failed to delete order.', variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-leaf-900 focus:outline-none">
        Orders
      </h1>
      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SeenTabs value={filter} counts={data?.counts} onChange={refine(setFilter)} />
        <ListSearch label="Search name, e-mail, phone or enquiry number" initial={q} onSearch={refine(setQ)} />
        <FilterSelect
          id="status-filter"
          label="Status"
          any="Any status"
          value={status}
          options={ENQUIRY_STATUSES.map((value) => [value, statusLabel(value)] as const)}
          onChange={refine(setStatus)}
        />
        <FilterSelect
          id="quote-filter"
          label="Quote"
          any="Any quote"
          value={quote}
          options={QUOTE_FILTERS.map((value) => [value, QUOTE_FILTER_WORDS[value]] as const)}
          onChange={refine(setQuote)}
        />
        <ExportLink href={exportUrl('orders', params)} />
      </div>

      <ListStatus failed={orders.isError} empty={data?.items.length === 0} what="enquiries" />
      {data && data.items.length > 0 && (
        <AdminTable
          caption="Enquiries, newest first"
          columns={['Order ID', 'Date', 'Customer', 'Contact', 'Items', 'Total', 'Quote', 'Type', 'Status', 'Seen', 'Actions']}
        >
          {data.items.map((order) => (
            <tr key={order.id} data-testid="order-row" className={rowClass(order.seen)}>
              <td data-label="Order ID" className={`${CELL} font-semibold`}>
                #{order.displayId}
              </td>
              <td data-label="Date" className={CELL}>
                {shortDate(order.createdAt)}
              </td>
              <td data-label="Customer" className={CELL}>
                {order.customerName}
              </td>
              <td data-label="Contact" className={`${CELL} break-all`}>
                <span>
                  {order.customerEmail}
                  <br />
                  {order.customerPhone ?? 'Not provided'}
                </span>
              </td>
              <td data-label="Items" className={CELL}>
                {formatCount(order.items.length)} item{order.items.length === 1 ? '' : 's'}
              </td>
              <td data-label="Total" className={CELL}>
                {rupees(order.total)}
              </td>
              <td data-label="Quote" className={CELL}>
                {order.quote ? (
                  <span>
                    <span className="block">
                      {order.quote.number}: <span className="whitespace-nowrap">{formatRupees(order.quote.total)}</span>
                    </span>
                    <span className="block">{QUOTE_STATE_LABELS[order.quote.status]}</span>
                  </span>
                ) : (
                  'None yet'
                )}
              </td>
              <td data-label="Type" className={CELL}>
                {order.isGuest ? 'Guest' : 'User'}
              </td>
              <td data-label="Status" className={CELL}>
                {statusLabel(order.status)}
              </td>
              <td data-label="Seen" className={CELL}>
                {order.seen ? 'Seen' : 'Unseen'}
              </td>
              <td data-label="Actions" className={CELL}>
                <span className="flex gap-1">
                  <button type="button" className="btn-outline size-11 p-0" onClick={() => setViewing(order.id)}>
                    <FileText aria-hidden="true" className="size-4" />
                    <span className="sr-only">View order #{order.displayId}</span>
                  </button>
                  <SeenButton seen={order.seen} what={`order #${order.displayId}`} onClick={() => toggleSeen(order)} />
                  <DeleteButton what={`order #${order.displayId}`} onClick={() => deleteOrder(order)} />
                </span>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      {viewing !== null && <OrderDetails id={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
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
        className="h-11 rounded-lg border border-stone-300 px-3"
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
