import { and, asc, count, countDistinct, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';

import { displayIdOf } from '../../../core/enquiry.ts';
import type { AdminDashboard } from '../../../core/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, orderItems, orders, products } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** India time, where the shop's days begin and end. */
const IST_OFFSET_MS = 330 * 60 * 1000;
const CHART_DAYS = 30;
const TOP_PRODUCTS = 5;
const OVERDUE_SHOWN = 10;

/** The admin dashboard's figures, each one query; polled by the admin screens for their unseen counts. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async figures(): Promise<AdminDashboard> {
    const now = this.now().getTime();
    // Midnight India time, 29 days before today's.
    const todayStart = Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
    const chartStart = new Date(todayStart - (CHART_DAYS - 1) * DAY_MS);
    const overdueBefore = new Date(now - DAY_MS);
    const istDay = sql<string>`to_char(${orders.createdAt} at time zone 'UTC' + interval '330 minutes', 'YYYY-MM-DD')`;
    const unseen = sql<number>`count(*) filter (where not ${orders.seen})`.mapWith(Number);
    const [[orderCounts], [contactCounts], [productCounts], perDay, top, [overdueCount], overdue] = await Promise.all([
      this.db.select({ total: count(), unseen }).from(orders),
      this.db
        .select({ total: count(), unseen: sql<number>`count(*) filter (where not ${contactMessages.seen})`.mapWith(Number) })
        .from(contactMessages),
      this.db
        .select({ total: count(), inStock: sql<number>`count(*) filter (where ${products.inStock})`.mapWith(Number) })
        .from(products),
      this.db.select({ date: istDay, count: count() }).from(orders).where(gte(orders.createdAt, chartStart)).groupBy(istDay),
      this.db
        .select({
          productId: orderItems.productId,
          productName: sql<string>`max(${orderItems.productName})`,
          enquiries: countDistinct(orderItems.orderId),
          cartons: sum(orderItems.quantity).mapWith(Number),
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(gte(orders.createdAt, chartStart))
        .groupBy(orderItems.productId)
        .orderBy(desc(countDistinct(orderItems.orderId)), desc(sum(orderItems.quantity)), asc(orderItems.productId))
        .limit(TOP_PRODUCTS),
      this.db
        .select({ count: count() })
        .from(orders)
        .where(and(eq(orders.seen, false), lt(orders.createdAt, overdueBefore))),
      this.db
        .select({ id: orders.id, customerName: orders.customerName, createdAt: orders.createdAt })
        .from(orders)
        .where(and(eq(orders.seen, false), lt(orders.createdAt, overdueBefore)))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(OVERDUE_SHOWN),
    ]);
    const byDay = new Map(perDay.map((row) => [row.date, row.count]));
    return {
      orders: { total: orderCounts?.total ?? 0, unseen: orderCounts?.unseen ?? 0 },
      contacts: { total: contactCounts?.total ?? 0, unseen: contactCounts?.unseen ?? 0 },
      products: { total: productCounts?.total ?? 0, inStock: productCounts?.inStock ?? 0 },
      enquiriesPerDay: Array.from({ length: CHART_DAYS }, (_, index) => {
        const date = new Date(chartStart.getTime() + IST_OFFSET_MS + index * DAY_MS).toISOString().slice(0, 10);
        return { date, count: byDay.get(date) ?? 0 };
      }),
      topProducts: top,
      overdue: {
        count: overdueCount?.count ?? 0,
        items: overdue.map((row) => ({ ...row, displayId: displayIdOf(row.id), createdAt: row.createdAt.toISOString() })),
      },
    };
  }
}
