import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { ORDER_STATUSES, type OrderStatus } from '../../../../core/enquiry';
import type { AdminOrder } from '../../../../core/schemas/admin';
import { useToast } from '../../../lib/toast';
import { exportUrl, type ListParams, useDeleteOrder, useOrders, useSetOrderSeen } from '../shared/admin-api';
import { rupees, shortDate, statusLabel } from '../shared/format';
import { ExportLink, ListSearch, Pager, type SeenFilter, seenParam, SeenTabs } from '../shared/ListControls';
import { OrderDetails } from './OrderDetails';

const cell =
  'flex justify-between gap-3 px-3 py-2 md:table-cell md:align-top before:font-semibold before:text-stone-600 before:content-[attr(data-label)] md:before:content-none';

/** /admin/orders (spec: Orders page): the enquiries, filtered and paged on the server, new ones arriving by themselves. */
export function OrdersPage() {
  const toast = useToast();
  const [filter, setFilter] = useState<SeenFilter>('all');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const params: ListParams = { page, seen: seenParam(filter), q: q || undefined, status: status || undefined };
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
  const changeFilter = (next: SeenFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-leaf-900 focus:outline-none">
        Orders
      </h1>
      <div className="mt-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <SeenTabs value={filter} counts={data?.counts} onChange={changeFilter} />
        <ListSearch
          label="Search name, e-mail, phone or enquiry number"
          initial={q}
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <label className="sr-only" htmlFor="status-filter">
          Status
        </label>
        <select
          id="status-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OrderStatus | '');
            setPage(1);
          }}
          className="h-11 rounded-lg border border-stone-300 px-3"
        >
          <option value="">Any status</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
        <ExportLink href={exportUrl('orders', params)} />
      </div>

      {orders.isError && (
        <p role="alert" className="mt-6 text-red-800">
          The enquiries could not be loaded. Please try again.
        </p>
      )}
      {data && data.items.length === 0 && <p className="mt-6 text-stone-700">No enquiries match.</p>}
      {data && data.items.length > 0 && (
        <table className="mt-6 block w-full text-sm md:table">
          <caption className="sr-only">Enquiries, newest first</caption>
          <thead className="sr-only md:not-sr-only">
            <tr className="border-b border-stone-300 text-left text-stone-600">
              {['Order ID', 'Date', 'Customer', 'Contact', 'Items', 'Total', 'Type', 'Status', 'Seen', 'Actions'].map((title) => (
                <th key={title} scope="col" className="px-3 py-2 font-semibold">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {data.items.map((order) => (
              <tr
                key={order.id}
                data-testid="order-row"
                className={`mb-3 block rounded-xl border border-stone-200 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-b ${
                  order.seen ? 'bg-white' : 'bg-amber-50'
                }`}
              >
                <td data-label="Order ID" className={`${cell} font-semibold`}>
                  #{order.displayId}
                </td>
                <td data-label="Date" className={cell}>
                  {shortDate(order.createdAt)}
                </td>
                <td data-label="Customer" className={cell}>
                  {order.customerName}
                </td>
                <td data-label="Contact" className={`${cell} break-all`}>
                  <span>
                    {order.customerEmail}
                    <br />
                    {order.customerPhone ?? 'Not provided'}
                  </span>
                </td>
                <td data-label="Items" className={cell}>
                  {order.items.length} item{order.items.length === 1 ? '' : 's'}
                </td>
                <td data-label="Total" className={cell}>
                  {rupees(order.total)}
                </td>
                <td data-label="Type" className={cell}>
                  {order.isGuest ? 'Guest' : 'User'}
                </td>
                <td data-label="Status" className={cell}>
                  {statusLabel(order.status)}
                </td>
                <td data-label="Seen" className={cell}>
                  {order.seen ? 'Seen' : 'Unseen'}
                </td>
                <td data-label="Actions" className={cell}>
                  <span className="flex gap-1">
                    <button type="button" className="btn-outline size-11 p-0" onClick={() => setViewing(order.id)}>
                      <Eye aria-hidden="true" className="size-4" />
                      <span className="sr-only">View order #{order.displayId}</span>
                    </button>
                    <button type="button" className="btn-outline size-11 p-0" onClick={() => toggleSeen(order)}>
                      {order.seen ? (
                        <EyeOff aria-hidden="true" className="size-4" />
                      ) : (
                        <Eye aria-hidden="true" className="size-4" />
                      )}
                      <span className="sr-only">
                        {order.seen ? 'Mark as unseen' : 'Mark as seen'}: order #{order.displayId}
                      </span>
                    </button>
                    <button type="button" className="btn-outline size-11 p-0 text-red-800" onClick={() => deleteOrder(order)}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="sr-only">Delete order #{order.displayId}</span>
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      {viewing !== null && <OrderDetails id={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}
