import { AlertTriangle, MessageSquare, Package, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useDashboard } from '#app/admin/admin-api.ts';
import { shortDate } from '#app/admin/format.ts';
import type { AdminDashboard } from '#domains/order-file/schema.ts';
import { formatCartons, formatCount } from '#lib/money.ts';

import { SetupChecklist } from './SetupChecklist.tsx';
import { TodayList } from './TodayList.tsx';

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 className="flex items-center gap-2 font-semibold text-stone-700">
        {icon} {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Enquiries per day as bars drawn by hand (no chart library), with the same figures as a table for screen readers. */
function PerDayChart({ days }: { days: AdminDashboard['enquiriesPerDay'] }) {
  const most = Math.max(1, ...days.map((day) => day.count));
  const width = 300;
  const height = 100;
  const bar = width / days.length;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-32 w-full" role="img" aria-labelledby="per-day-title">
        <title id="per-day-title">Enquiries per day over the last 30 days</title>
        {days.map((day, index) => {
          const barHeight = (day.count / most) * (height - 4);
          return (
            <rect
              key={day.date}
              x={index * bar + 1}
              y={height - barHeight}
              width={bar - 2}
              height={barHeight}
              className="fill-leaf-600"
            >
              <title>{`${day.date}: ${formatCount(day.count)}`}</title>
            </rect>
          );
        })}
      </svg>
      {/* The wrapper is what hides it: a table ignores sr-only's 1 px box and would stretch the page by its full height. */}
      <div className="sr-only">
        <table>
          <caption>Enquiries per day</caption>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{formatCount(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/**
 * /admin, the Dashboard: an administrator's set-up steps while the shop is not set up, what waits for the staff
 * today, then the three cards and the month's figures.
 */
export function DashboardPage() {
  const { data, isError } = useDashboard();
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold text-leaf-900">
        Dashboard
      </h1>
      <SetupChecklist />
      <TodayList />
      {isError && (
        <p role="alert" className="mt-4 text-red-800">
          The figures could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <>
          {data.overdue.count > 0 && (
            <div role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
              <p className="flex items-center gap-2 font-semibold">
                <AlertTriangle aria-hidden="true" className="size-5" />
                {formatCount(data.overdue.count)} enquir{data.overdue.count === 1 ? 'y' : 'ies'} past the call we promised
              </p>
              <ul className="mt-2 space-y-1 text-sm">
                {data.overdue.items.map((item) => (
                  <li key={item.id}>
                    #{item.displayId} from {item.customerName}, sent {shortDate(item.createdAt)}, promised by{' '}
                    {shortDate(item.dueBy)}
                  </li>
                ))}
              </ul>
              <Link to="/admin/orders" className="mt-2 inline-flex min-h-11 items-center font-semibold underline">
                Open the orders
              </Link>
            </div>
          )}
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <Card title="Orders" icon={<ShoppingCart aria-hidden="true" className="size-5" />}>
              <p className="text-3xl font-bold text-stone-900">{formatCount(data.orders.total)}</p>
              <p className="text-sm text-stone-700">{formatCount(data.orders.unseen)} new</p>
            </Card>
            <Card title="Inquiries" icon={<MessageSquare aria-hidden="true" className="size-5" />}>
              <p className="text-3xl font-bold text-stone-900">{formatCount(data.contacts.total)}</p>
              <p className="text-sm text-stone-700">{formatCount(data.contacts.unseen)} new</p>
            </Card>
            <Card title="Products" icon={<Package aria-hidden="true" className="size-5" />}>
              <p className="text-3xl font-bold text-stone-900">{formatCount(data.products.total)}</p>
              <p className="text-sm text-stone-700">{formatCount(data.products.inStock)} in stock</p>
            </Card>
          </div>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <Card title="Enquiries in the last 30 days" icon={null}>
              <PerDayChart days={data.enquiriesPerDay} />
            </Card>
            <Card title="Most enquired products (30 days)" icon={null}>
              {data.topProducts.length === 0 ? (
                <p className="text-sm text-stone-700">No enquiries yet.</p>
              ) : (
                <ol className="space-y-1 text-sm">
                  {data.topProducts.map((product) => (
                    <li key={product.productId} className="flex justify-between gap-3">
                      <span>{product.productName}</span>
                      <span className="text-stone-700">
                        {formatCount(product.enquiries)} enquir{product.enquiries === 1 ? 'y' : 'ies'},{' '}
                        {formatCartons(product.cartons)}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </div>
        </>
      )}
    </section>
  );
}
