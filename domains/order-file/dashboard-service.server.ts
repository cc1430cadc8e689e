import { and, asc, count, desc, eq, exists, gt, gte, lte, not, sql } from 'drizzle-orm';

import { products } from '#domains/catalogue/tables.ts';
import { displayIdOf } from '#domains/enquiry/model.ts';
import { lateBounds, replyBy, replyIsLate } from '#domains/enquiry/reply-promise.ts';
import { enquiryDayProducts, enquiryDays, orders } from '#domains/enquiry/tables.ts';
import type { AdminDashboard } from '#domains/order-file/schema.ts';
import { quotes } from '#domains/quote/tables.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { istDate, istDayStart } from '#lib/india-time.ts';
import type { Db } from '#platform/db/client.ts';
import { keptSeenCounts } from '#platform/db/lists.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const CHART_DAYS = 30;
const TOP_PRODUCTS = 5;
const OVERDUE_SHOWN = 10;

/** The admin dashboard's figures, each one query; polled by the admin screens for their unseen counts. */
export class DashboardService {
  constructor(
    private readonly db: Db,
    /** The shop's settings: its hours and holidays say when a reply is late. */
    private readonly settings: SettingsService,
    private readonly now: () => Date,
  ) {}

  async figures(): Promise<AdminDashboard> {
    // Midnight India time, 29 days before today's.
    const todayStart = istDayStart(this.now()).getTime();
    const chartStart = new Date(todayStart - (CHART_DAYS - 1) * DAY_MS);
    const { hours } = await this.settings.current();
    const { surely, possibly } = lateBounds(this.now(), hours);
    // Still owed the reply the customer was promised: no quote sent and nobody has moved the enquiry on.
    const awaiting = and(
      eq(orders.status, 'pending'),
      not(exists(this.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.orderId, orders.id)))),
    );
    const late = { id: orders.id, customerName: orders.customerName, createdAt: orders.createdAt };
    const chartFirstDay = istDate(chartStart);
    const enquiries = sql<number>`sum(${enquiryDayProducts.enquiries})`.mapWith(Number);
    const cartons = sql<number>`sum(${enquiryDayProducts.cartons})`.mapWith(Number);
    // The totals are the counters the database keeps (platform/db/lists.ts), not counts over the tables.
    const [orderCounts, [latestUnseen], contactCounts, [productCounts], perDay, top, [surelyLate], oldestLate, maybeLate] =
      await Promise.all([
        keptSeenCounts(this.db, 'orders', undefined, undefined),
        this.db
          .select({ id: sql<number | null>`max(${orders.id})`.mapWith((id) => (id === null ? null : Number(id))) })
          .from(orders)
          .where(not(orders.seen)),
        keptSeenCounts(this.db, 'contacts', undefined, undefined),
        this.db
          .select({ total: count(), inStock: sql<number>`count(*) filter (where ${products.inStock})`.mapWith(Number) })
          .from(products),
        // The chart and the top products: a month of the per-day counters the database keeps (platform/db/schema.ts).
        this.db
          .select({ date: enquiryDays.day, count: enquiryDays.enquiries })
          .from(enquiryDays)
          .where(gte(enquiryDays.day, chartFirstDay)),
        this.db
          .select({
            productId: enquiryDayProducts.productId,
            productName: sql<string>`max(${enquiryDayProducts.productName})`,
            enquiries: enquiries,
            cartons: cartons,
          })
          .from(enquiryDayProducts)
          .where(gte(enquiryDayProducts.day, chartFirstDay))
          .groupBy(enquiryDayProducts.productId)
          .having(gt(enquiries, 0))
          .orderBy(desc(enquiries), desc(cartons), asc(enquiryDayProducts.productId))
          .limit(TOP_PRODUCTS),
        this.db
          .select({ count: count() })
          .from(orders)
          .where(and(awaiting, lte(orders.createdAt, surely))),
        this.db
          .select(late)
          .from(orders)
          .where(and(awaiting, lte(orders.createdAt, surely)))
          .orderBy(asc(orders.createdAt), asc(orders.id))
          .limit(OVERDUE_SHOWN),
        // At most the last 65 hours' enquiries: whether each is late depends on the day and hour it was sent.
        this.db
          .select(late)
          .from(orders)
          .where(and(awaiting, gt(orders.createdAt, surely), lte(orders.createdAt, possibly)))
          .orderBy(asc(orders.createdAt), asc(orders.id)),
      ]);
    const lateNow = maybeLate.filter((row) => replyIsLate(row.createdAt, this.now(), hours));
    const overdue = [...oldestLate, ...lateNow].slice(0, OVERDUE_SHOWN);
    const byDay = new Map(perDay.map((row) => [row.date, row.count]));
    return {
      orders: {
        total: orderCounts.counts.all,
        unseen: orderCounts.counts.unseen,
        latestUnseenId: latestUnseen?.id ?? null,
      },
      contacts: { total: contactCounts.counts.all, unseen: contactCounts.counts.unseen },
      products: { total: productCounts?.total ?? 0, inStock: productCounts?.inStock ?? 0 },
      enquiriesPerDay: Array.from({ length: CHART_DAYS }, (_, index) => {
        const date = istDate(new Date(chartStart.getTime() + index * DAY_MS));
        return { date, count: byDay.get(date) ?? 0 };
      }),
      topProducts: top,
      overdue: {
        count: (surelyLate?.count ?? 0) + lateNow.length,
        items: overdue.map((row) => ({
          ...row,
          displayId: displayIdOf(row.id),
          createdAt: row.createdAt.toISOString(),
          dueBy: replyBy(row.createdAt, hours).toISOString(),
        })),
      },
    };
  }
}
