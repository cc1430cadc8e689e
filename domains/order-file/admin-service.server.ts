import { and, asc, not, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import {
  deleteEnquiry,
  eachEnquiry,
  enquiriesSentAfter,
  enquiryCount,
  enquiryIs,
  enquiryPage,
  enquirySeenCounts,
  linesOfEnquiries,
  updateEnquiry,
} from '#domains/enquiry/admin-queries.server.ts';
import { statusLinkMail } from '#domains/enquiry/mail.server.ts';
import { displayIdOf } from '#domains/enquiry/model.ts';
import { replyBy, replyCountdown, SHORTEST_PROMISE_MS } from '#domains/enquiry/reply-promise.ts';
import { type EnquiryRow, enquiryRow, enquiryRows, type ItemRow } from '#domains/enquiry/rows.server.ts';
import type { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import { type AmountInForce, amountInForce } from '#domains/invoice/amount-in-force.ts';
import { ONCE_NOTICES } from '#domains/invoice/customer-notices.ts';
import {
  hasDispatch,
  hasInvoice,
  invoicedAtOf,
  invoiceDueOf,
  invoiceNumberOf,
  invoiceTotalsOf,
  noticesSentFor,
  overdueInvoices,
  overpaidOrderIds,
  owingOrderIds,
} from '#domains/invoice/queries.server.ts';
import type { StatusChange } from '#domains/invoice/schema.ts';
import type { AdminOrder, AdminOrderDetails, OrderListQuery } from '#domains/order-file/schema.ts';
import {
  TODAY_OVERDUE_SHOWN,
  TODAY_REPLIES_SHOWN,
  TODAY_STEPS,
  type TodayList,
  type TodayOverdue,
  type TodayStep,
} from '#domains/order-file/today.ts';
import type { QuoteFilter, QuoteSummary } from '#domains/quote/model.ts';
import { openQuoteEndOf, quotedOrderIds, unquoted } from '#domains/quote/queries.server.ts';
import type { QuoteService } from '#domains/quote/service.server.ts';
import { whatsappReminderText } from '#domains/reminder/model.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { conflict } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import { toPaise } from '#lib/money.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { whatsappChatHref } from '#lib/whatsapp.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { keptSeenCounts } from '#platform/db/lists.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';

type Filters = Omit<OrderListQuery, 'page' | 'pageSize'>;

/** What else a status change does, in its own transaction (after the yes: domains/invoice/fulfilment.server.ts). */
export interface StatusSteps {
  /** Checks and records what goes with the change, throwing to refuse it; answers whether an e-mail was queued. */
  apply(tx: Tx, enquiry: EnquiryRow, change: StatusChange, actor: Actor, siteUrl: string): Promise<boolean>;
}

/**
 * The staff's side of enquiries: lists filtered and paged in the database, details with their
 * history, and the changes (seen, status, delete), each written with its audit entry in one transaction.
 */
export class EnquiryAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    private readonly steps: StatusSteps,
    private readonly quotes: QuoteService,
    /** The shop's settings: its hours and holidays set the reply promise; its name signs the e-mails. */
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
    private readonly onMail: () => void = () => {},
  ) {}

  /**
   * A page of enquiries, newest first (a step of the today list: the most urgent first), with the All / Unseen / Seen
   * counts under the other filters.
   */
  async list(query: OrderListQuery): Promise<AdminPage<AdminOrder>> {
    const { page, pageSize, ...filters } = query;
    const where = this.whereOf(filters);
    const offset = (page - 1) * pageSize;
    const [rows, { total, counts }] = await Promise.all([
      filters.step === 'to-reply'
        ? this.byReplyPromise(where, pageSize, offset)
        : enquiryPage(this.db, where, filters.step ? urgentFirst(filters.step) : null, pageSize, offset),
      // The whole list or one status of it: the kept counters; any other filter counts what it finds.
      filters.q || filters.from || filters.to || filters.quote || filters.step
        ? enquirySeenCounts(this.db, this.whereOf({ ...filters, seen: undefined }), filters.seen)
        : keptSeenCounts(this.db, 'orders', filters.status, filters.seen),
    ]);
    return { items: await this.withItems(rows), total, page, pageSize, counts };
  }

  /** GET /api/admin/today: each step's count, and the enquiries to reply to first with their promise's time left. */
  async today(siteUrl: string): Promise<TodayList> {
    const now = this.now();
    const { hours } = await this.settings.current();
    const [first, counted, overdue] = await Promise.all([
      this.replyQueue(this.stepIs('to-reply'), TODAY_REPLIES_SHOWN),
      Promise.all(TODAY_STEPS.map(async (step) => [step, await enquiryCount(this.db, this.stepIs(step))] as const)),
      this.overdueToChase(siteUrl),
    ]);
    const rows = first.length
      ? await enquiryRows(
          this.db,
          first.map((row) => row.id),
        )
      : [];
    const byId = new Map(rows.map(({ id, customerName, customerPhone }) => [id, { id, customerName, customerPhone }]));
    return {
      counts: Object.fromEntries(counted) as Record<TodayStep, number>,
      toReply: first.flatMap(({ id, createdAt }) => {
        const row = byId.get(id);
        if (!row) return [];
        const countdown = replyCountdown(createdAt, now, hours);
        return [
          {
            ...row,
            displayId: displayIdOf(id),
            createdAt: createdAt.toISOString(),
            replyBy: countdown.by.toISOString(),
            overdue: countdown.overdue,
            workingMinutesLeft: countdown.workingMinutesLeft,
          },
        ];
      }),
      overdue,
    };
  }

  /**
   * The first overdue invoices, the earliest due first, each with its WhatsApp reminder written: what is still to pay,
   * since when, and the order's status link (the staff send it from their own phone: nothing to configure).
   */
  private async overdueToChase(siteUrl: string): Promise<TodayOverdue[]> {
    const today = istDate(this.now());
    const invoices = await overdueInvoices(this.db, today, TODAY_OVERDUE_SHOWN);
    const orders = invoices.length
      ? await enquiryRows(
          this.db,
          invoices.map((invoice) => invoice.orderId),
        )
      : [];
    const orderOf = new Map(orders.map((order) => [order.id, order]));
    const { name: shopName } = await this.settings.publicShop();
    return invoices.flatMap(({ orderId, invoiceNumber, dueOn, balance }) => {
      const order = orderOf.get(orderId);
      if (!order) return [];
      const displayId = displayIdOf(order.id);
      const reminder = { customerName: order.customerName, displayId, invoiceNumber, balance, dueOn, today };
      return {
        id: order.id,
        displayId,
        customerName: order.customerName,
        invoiceNumber,
        dueOn,
        balance,
        whatsapp: order.customerPhone
          ? whatsappChatHref(
              order.customerPhone,
              whatsappReminderText(reminder, shopName, this.links.urlOf(siteUrl, order), order.language),
            )
          : null,
      };
    });
  }

  /**
   * The first `upTo` enquiries `where` finds, ordered by the reply promised to each customer. The promise follows the
   * shop's hours (domains/enquiry/reply-promise.ts), so an enquiry sent one evening can be due after one sent the next morning:
   * the rule is applied here to the ids and send times, rather than written a second time in SQL. A promise falls at
   * least SHORTEST_PROMISE_MS after its enquiry, so the enquiries are read oldest first, a batch at a time, and the
   * reading stops once the next are sent too late for their promise to come before the last one kept.
   */
  private async replyQueue(where: SQL | undefined, upTo: number): Promise<Array<{ id: number; createdAt: Date }>> {
    const { hours } = await this.settings.current();
    const found: Array<{ id: number; createdAt: Date; due: number }> = [];
    let after: { id: number; createdAt: Date } | undefined;
    for (;;) {
      const batch = await enquiriesSentAfter(this.db, where, after, REPLY_QUEUE_BATCH);
      for (const row of batch) found.push({ ...row, due: replyBy(row.createdAt, hours).getTime() });
      found.sort((a, b) => a.due - b.due || a.id - b.id);
      found.splice(upTo);
      after = batch[batch.length - 1];
      const lastKept = found[upTo - 1];
      if (!after || batch.length < REPLY_QUEUE_BATCH) break;
      if (lastKept && after.createdAt.getTime() + SHORTEST_PROMISE_MS > lastKept.due) break;
    }
    return found;
  }

  private async byReplyPromise(where: SQL | undefined, limit: number, offset: number): Promise<EnquiryRow[]> {
    const ids = (await this.replyQueue(where, offset + limit)).slice(offset).map((row) => row.id);
    if (ids.length === 0) return [];
    const rows = await enquiryRows(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Every enquiry the filters match, newest first, a batch at a time (the CSV export). */
  async *each(filters: Filters): AsyncGenerator<AdminOrder[]> {
    for await (const rows of eachEnquiry(this.db, this.whereOf(filters))) yield await this.withItems(rows);
  }

  /** One enquiry with its history, and the once-only e-mails its customer already had (the panel says so before a change). */
  async get(id: number): Promise<AdminOrderDetails> {
    const row = await enquiryRow(this.db, id);
    const [[order], history, told] = await Promise.all([
      this.withItems([row]),
      this.audit.history('order', id),
      noticesSentFor(this.db, id),
    ]);
    return {
      ...(order as AdminOrder),
      history,
      statusLink: row.statusTokenHash !== null,
      told: ONCE_NOTICES.filter((notice) => told.some((row) => row.notice === notice)),
    };
  }

  /** The customer's status page's full address, as the e-mails give it; refused once the link is revoked. */
  async statusLinkUrl(id: number, siteUrl: string): Promise<string> {
    const row = await enquiryRow(this.db, id);
    if (row.statusTokenHash === null) throw conflict('No link opens this enquiry: send the customer a new one first');
    return this.links.url(siteUrl, id, row.statusLinkVersion, row.language);
  }

  /** Replaces the customer's status link with a new one and e-mails it; the old link stops opening the enquiry. */
  async newStatusLink(id: number, actor: Actor, siteUrl: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      const version = row.statusLinkVersion + 1;
      await updateEnquiry(tx, id, { statusLinkVersion: version, statusTokenHash: this.links.hashOf(id, version) });
      await enqueueMail(
        tx,
        statusLinkMail(await this.settings.publicShop(tx), {
          displayId: displayIdOf(id),
          customerName: row.customerName,
          customerEmail: row.customerEmail,
          statusUrl: this.links.url(siteUrl, id, version, row.language),
          language: row.language,
        }),
      );
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: id,
        action: 'status-link',
        before: { statusLink: row.statusTokenHash !== null },
        after: { statusLink: true },
      });
    });
    this.onMail();
  }

  /** The customer's status link stops opening the enquiry (a link forwarded by mistake, for example). */
  async revokeStatusLink(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      if (row.statusTokenHash === null) return;
      await updateEnquiry(tx, id, { statusTokenHash: null });
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: id,
        action: 'status-link',
        before: { statusLink: true },
        after: { statusLink: false },
      });
    });
  }

  async setSeen(id: number, seen: boolean, actor: Actor): Promise<AdminOrder> {
    const row = await this.db.transaction(async (tx) => {
      const current = await this.locked(tx, id);
      return this.apply(tx, current, actor, 'seen', current.seen === seen ? null : { seen });
    });
    return this.viewOf(row);
  }

  /**
   * Any status may follow any other (what each does for the customer: domains/invoice/fulfilment.server.ts); the
   * current one again changes nothing but new dispatch details.
   */
  async setStatus(id: number, change: StatusChange, actor: Actor, siteUrl: string): Promise<AdminOrder> {
    let mailed = false;
    const row = await this.db.transaction(async (tx) => {
      const current = await this.locked(tx, id);
      // Two staff on one enquiry: the later of two changes made from the same status is refused, not laid over the
      // first (whose change the history shows); setting the status it has already changes nothing, as always.
      if (change.from !== undefined && change.from !== current.status && change.status !== current.status)
        throw conflict(
          `Enquiry #${displayIdOf(id)} is ${current.status} now: someone changed it after you opened it, and nothing was changed. Its details now show it as it is.`,
        );
      mailed = await this.steps.apply(tx, current, change, actor, siteUrl);
      return this.apply(tx, current, actor, 'status', current.status === change.status ? null : { status: change.status });
    });
    if (mailed) this.onMail();
    return this.viewOf(row);
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      const invoice = await invoiceNumberOf(tx, id);
      if (invoice !== undefined)
        throw conflict(`Enquiry #${displayIdOf(id)} has invoice ${invoice} and is kept: cancel it instead`);
      await deleteEnquiry(tx, id);
      const before = { displayId: displayIdOf(id), customerName: row.customerName, status: row.status, total: row.total };
      await this.audit.record(tx, actor, { entity: 'order', entityId: id, action: 'delete', before, after: null });
    });
  }

  private locked(tx: Tx, id: number): Promise<EnquiryRow> {
    return enquiryRow(tx, id, { lock: true });
  }

  /** Applies a change to one field with its audit entry; null changes nothing. */
  private async apply(
    tx: Tx,
    current: EnquiryRow,
    actor: Actor,
    action: 'seen' | 'status',
    update: Partial<Pick<EnquiryRow, 'seen' | 'status'>> | null,
  ): Promise<EnquiryRow> {
    if (!update) return current;
    const updated = await updateEnquiry(tx, current.id, update);
    await this.audit.record(tx, actor, {
      entity: 'order',
      entityId: current.id,
      action,
      before: { [action]: current[action] },
      after: update,
    });
    return updated;
  }

  private async viewOf(row: EnquiryRow): Promise<AdminOrder> {
    const [order] = await this.withItems([row]);
    return order as AdminOrder;
  }

  private async withItems(rows: EnquiryRow[]): Promise<AdminOrder[]> {
    const ids = rows.map((row) => row.id);
    const items = ids.length ? await linesOfEnquiries(this.db, ids) : [];
    const byOrder = new Map<number, ItemRow[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    const [latest, invoiced] = await Promise.all([
      this.quotes.latestWithTotalsOf(ids),
      ids.length ? invoiceTotalsOf(this.db, ids) : [],
    ]);
    const invoiceOf = new Map(invoiced.map((invoice) => [invoice.orderId, invoice]));
    return rows.map((row) => {
      const quote = latest.get(row.id);
      const amount = amountInForce(invoiceOf.get(row.id) ?? null, quote ? { ...quote.summary, totals: quote.totals } : null, {
        subtotal: toPaise(row.subtotal),
        tax: toPaise(row.tax),
        total: toPaise(row.total),
      });
      return adminOrderOf(row, byOrder.get(row.id) ?? [], quote?.summary ?? null, amount);
    });
  }

  private whereOf({ seen, status, q, from, to, quote, step }: Filters): SQL | undefined {
    return and(
      seen === undefined ? undefined : enquiryIs.seen(seen === 'true'),
      status ? enquiryIs.status(status) : undefined,
      q ? enquiryIs.matching(q) : undefined,
      enquiryIs.createdWithin(from, to),
      quote ? this.quoteIs(quote) : undefined,
      step ? this.stepIs(step) : undefined,
    );
  }

  /** The enquiries a step of the today list holds (domains/order-file/today.ts says what each means). */
  private stepIs(step: TodayStep): SQL | undefined {
    const invoiced = enquiryIs.having((orderId) => hasInvoice(this.db, orderId));
    switch (step) {
      case 'to-reply':
        return and(enquiryIs.status('pending'), this.quoteIs('none'));
      case 'awaiting-answer':
        return this.quoteIs('waiting');
      case 'expiring':
        return this.quoteIs('expiring');
      case 'to-invoice':
        return and(
          not(invoiced),
          enquiryIs.statusNotIn(['cancelled']),
          or(enquiryIs.statusIn(['confirmed', 'processing']), this.quoteIs('accepted')),
        );
      case 'unpaid':
        return enquiryIs.among(owingOrderIds(this.db));
      case 'overdue':
        // Overdue as domains/statement/ageing.ts's isOverdue has it: something owing, and today after the due date.
        return enquiryIs.among(owingOrderIds(this.db, istDate(this.now())));
      case 'refunds-due':
        return enquiryIs.among(overpaidOrderIds(this.db));
      case 'to-dispatch':
        return and(invoiced, enquiryIs.statusNotIn(['shipped', 'delivered', 'cancelled']));
      case 'to-complete':
        return and(
          enquiryIs.status('shipped'),
          or(not(invoiced), not(enquiryIs.having((orderId) => hasDispatch(this.db, orderId)))),
        );
    }
  }

  /** Enquiries whose latest quote is in the state asked for (domains/quote/queries.server.ts's quotedOrderIds). */
  private quoteIs(filter: QuoteFilter): SQL {
    if (filter === 'none') return enquiryIs.having((orderId) => unquoted(this.db, orderId));
    return enquiryIs.among(quotedOrderIds(this.db, filter, istDate(this.now())));
  }
}

/** A step's list, the most urgent first (ties: the oldest enquiry first, as a queue is worked), given the enquiry's id column. */
const urgentFirst =
  (step: Exclude<TodayStep, 'to-reply'>) =>
  (orderId: AnyPgColumn): SQL[] =>
    ({
      'awaiting-answer': [asc(openQuoteEndOf(orderId))],
      expiring: [asc(openQuoteEndOf(orderId))],
      'to-invoice': [],
      unpaid: [asc(invoiceDueOf(orderId))],
      overdue: [asc(invoiceDueOf(orderId))],
      'refunds-due': [],
      'to-dispatch': [asc(invoicedAtOf(orderId))],
      'to-complete': [],
    })[step];

/** How many enquiries the reply queue reads at a time, oldest first (a shop's open first replies fit in one or two). */
const REPLY_QUEUE_BATCH = 100;

function adminOrderOf(row: EnquiryRow, items: ItemRow[], quote: QuoteSummary | null, amount: AmountInForce): AdminOrder {
  return {
    id: row.id,
    displayId: displayIdOf(row.id),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    seen: row.seen,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    isGuest: row.isGuest,
    userId: row.userId,
    sessionId: row.sessionId,
    deliveryLocation: row.deliveryLocation || null,
    shippingAddress: row.shippingAddress ?? null,
    specialRequests: row.specialRequests || null,
    customerGstin: row.customerGstin,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
      price: item.price,
      lineTotal: item.lineTotal,
      variationId: item.variationId,
      variationType: item.variationType,
      variationName: item.variationName,
      variationValue: item.variationValue,
      options: item.options,
      unitsPerCarton: item.unitsPerCarton,
      unitType: item.unitType,
      pricePerUnit: item.pricePerUnit,
      cartonWeight: item.cartonWeight,
      cartonDimensions: item.cartonDimensions,
      priceBasis: item.priceBasis,
    })),
    quote,
    amount,
  };
}
