import { productCounts } from '#domains/catalogue/queries.server.ts';
import { displayIdOf } from '#domains/enquiry/model.ts';
import { lateBounds, replyBy, replyIsLate } from '#domains/enquiry/reply-promise.ts';
import {
  enquiriesAwaitingReply,
  enquiriesPerDay,
  latestUnseenEnquiryId,
  topEnquiredProducts,
} from '#domains/enquiry/rows.server.ts';
import type { AdminDashboard } from '#domains/order-file/schema.ts';
import { unquoted } from '#domains/quote/queries.server.ts';
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
    const chartFirstDay = istDate(chartStart);
    // The totals are the counters the database keeps (platform/db/lists.ts), not counts over the tables.
    const [orderCounts, latestUnseenId, contactCounts, stock, perDay, top, awaiting] = await Promise.all([
      keptSeenCounts(this.db, 'orders', undefined, undefined),
      latestUnseenEnquiryId(this.db),
      keptSeenCounts(this.db, 'contacts', undefined, undefined),
      productCounts(this.db),
      // The chart and the top products: a month of them.
      enquiriesPerDay(this.db, chartFirstDay),
      topEnquiredProducts(this.db, chartFirstDay, TOP_PRODUCTS),
      // Still owed the reply the customer was promised: no quote sent and nobody has moved the enquiry on. At most the
      // last 65 hours' enquiries may be late: whether each is depends on the day and hour it was sent.
      enquiriesAwaitingReply(this.db, (orderId) => unquoted(this.db, orderId), { surely, possibly, shown: OVERDUE_SHOWN }),
    ]);
    const lateNow = awaiting.maybe.filter((row) => replyIsLate(row.createdAt, this.now(), hours));
    const overdue = [...awaiting.oldest, ...lateNow].slice(0, OVERDUE_SHOWN);
    const byDay = new Map(perDay.map((row) => [row.date, row.count]));
    return {
      orders: {
        total: orderCounts.counts.all,
        unseen: orderCounts.counts.unseen,
        latestUnseenId,
      },
      contacts: { total: contactCounts.counts.all, unseen: contactCounts.counts.unseen },
      products: { total: stock?.total ?? 0, inStock: stock?.inStock ?? 0 },
      enquiriesPerDay: Array.from({ length: CHART_DAYS }, (_, index) => {
        const date = istDate(new Date(chartStart.getTime() + index * DAY_MS));
        return { date, count: byDay.get(date) ?? 0 };
      }),
      topProducts: top,
      overdue: {
        count: awaiting.surelyLate + lateNow.length,
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
