import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lt,
  not,
  notInArray,
  or,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { statusLinkMail } from '#domains/enquiry/mail.server.ts';
import { displayIdOf, ENQUIRY_NUMBER_BASE } from '#domains/enquiry/model.ts';
import { replyBy, replyCountdown, SHORTEST_PROMISE_MS } from '#domains/enquiry/reply-promise.ts';
import { contactMatching, enquiryNotFound, type EnquiryRow, type ItemRow } from '#domains/enquiry/rows.server.ts';
import type { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import { orderItems, orders } from '#domains/enquiry/tables.ts';
import { type AmountInForce, amountInForce } from '#domains/invoice/amount-in-force.ts';
import { ONCE_NOTICES } from '#domains/invoice/customer-notices.ts';
import type { DocumentTotals } from '#domains/invoice/model.ts';
import { overpaid, owing, unpaidPart } from '#domains/invoice/owing.server.ts';
import type { StatusChange } from '#domains/invoice/schema.ts';
import { dispatches, invoices, orderNotices } from '#domains/invoice/tables.ts';
import type { AdminOrder, AdminOrderDetails, OrderListQuery } from '#domains/order-file/schema.ts';
import {
  TODAY_OVERDUE_SHOWN,
  TODAY_REPLIES_SHOWN,
  TODAY_STEPS,
  type TodayList,
  type TodayOverdue,
  type TodayStep,
} from '#domains/order-file/today.ts';
import { EXPIRING_DAYS, type QuoteFilter, type QuoteSummary } from '#domains/quote/model.ts';
import type { QuoteService } from '#domains/quote/service.server.ts';
import { quotes } from '#domains/quote/tables.ts';
import { whatsappReminderText } from '#domains/reminder/model.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { conflict } from '#lib/errors.ts';
import { MAX_ID } from '#lib/ids.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { toPaise } from '#lib/money.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { whatsappChatHref } from '#lib/whatsapp.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { createdWithin, EXPORT_BATCH, keptSeenCounts, newestFirst, seenCounts } from '#platform/db/lists.ts';
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
        : this.db
            .select()
            .from(orders)
            .where(where)
            .orderBy(
              ...(filters.step
                ? [...this.urgentFirst(filters.step), asc(orders.createdAt), asc(orders.id)]
                : [desc(orders.createdAt), desc(orders.id)]),
            )
            .limit(pageSize)
            .offset(offset),
      // The whole list or one status of it: the kept counters; any other filter counts what it finds.
      filters.q || filters.from || filters.to || filters.quote || filters.step
        ? seenCounts(this.db, orders, orders.seen, this.whereOf({ ...filters, seen: undefined }), filters.seen)
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
      Promise.all(
        TODAY_STEPS.map(async (step) => {
          const [row] = await this.db.select({ count: count() }).from(orders).where(this.stepIs(step));
          return [step, row?.count ?? 0] as const;
        }),
      ),
      this.overdueToChase(siteUrl),
    ]);
    const rows = first.length
      ? await this.db
          .select({ id: orders.id, customerName: orders.customerName, customerPhone: orders.customerPhone })
          .from(orders)
          .where(
            inArray(
              orders.id,
              first.map((row) => row.id),
            ),
          )
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
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
    const rows = await this.db
      .select({
        order: orders,
        invoiceNumber: invoices.number,
        dueOn: sql<string>`${invoices.document}->>'dueOn'`,
        balance: sql<number>`${unpaidPart}`.mapWith(Number),
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(owing, sql`(${invoices.document}->>'dueOn') < ${today}`))
      .orderBy(sql`${invoices.document}->>'dueOn'`, asc(invoices.id))
      .limit(TODAY_OVERDUE_SHOWN);
    const { name: shopName } = await this.settings.publicShop();
    return rows.map(({ order, invoiceNumber, dueOn, balance }) => {
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
      const batch = await this.db
        .select({ id: orders.id, createdAt: orders.createdAt })
        .from(orders)
        .where(and(where, after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}, ${after.id})` : undefined))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(REPLY_QUEUE_BATCH);
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
    const rows = await this.db.select().from(orders).where(inArray(orders.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Every enquiry the filters match, newest first, a batch at a time (the CSV export). */
  async *each(filters: Filters): AsyncGenerator<AdminOrder[]> {
    const batches = newestFirst(orders.createdAt, orders.id, (below) =>
      this.db
        .select()
        .from(orders)
        .where(and(this.whereOf(filters), below))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(EXPORT_BATCH),
    );
    for await (const rows of batches) yield await this.withItems(rows);
  }

  /** One enquiry with its history, and the once-only e-mails its customer already had (the panel says so before a change). */
  async get(id: number): Promise<AdminOrderDetails> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw enquiryNotFound(id);
    const [[order], history, told] = await Promise.all([
      this.withItems([row]),
      this.audit.history('order', id),
      this.db.select({ notice: orderNotices.notice }).from(orderNotices).where(eq(orderNotices.orderId, id)),
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
    const [row] = await this.db
      .select({ hash: orders.statusTokenHash, version: orders.statusLinkVersion, language: orders.language })
      .from(orders)
      .where(eq(orders.id, id));
    if (!row) throw enquiryNotFound(id);
    if (row.hash === null) throw conflict('No link opens this enquiry: send the customer a new one first');
    return this.links.url(siteUrl, id, row.version, row.language);
  }

  /** Replaces the customer's status link with a new one and e-mails it; the old link stops opening the enquiry. */
  async newStatusLink(id: number, actor: Actor, siteUrl: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row) throw enquiryNotFound(id);
      const version = row.statusLinkVersion + 1;
      await tx
        .update(orders)
        .set({ statusLinkVersion: version, statusTokenHash: this.links.hashOf(id, version) })
        .where(eq(orders.id, id));
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
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row) throw enquiryNotFound(id);
      if (row.statusTokenHash === null) return;
      await tx.update(orders).set({ statusTokenHash: null }).where(eq(orders.id, id));
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
      mailed = await this.steps.apply(tx, current, change, actor, siteUrl);
      return this.apply(tx, current, actor, 'status', current.status === change.status ? null : { status: change.status });
    });
    if (mailed) this.onMail();
    return this.viewOf(row);
  }

  async delete(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.locked(tx, id);
      const [invoice] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, id));
      if (invoice) throw conflict(`Enquiry #${displayIdOf(id)} has invoice ${invoice.number} and is kept: cancel it instead`);
      await tx.delete(orders).where(eq(orders.id, id));
      const before = { displayId: displayIdOf(id), customerName: row.customerName, status: row.status, total: row.total };
      await this.audit.record(tx, actor, { entity: 'order', entityId: id, action: 'delete', before, after: null });
    });
  }

  private async locked(tx: Tx, id: number): Promise<EnquiryRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw enquiryNotFound(id);
    return row;
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
    const [updated] = await tx.update(orders).set(update).where(eq(orders.id, current.id)).returning();
    await this.audit.record(tx, actor, {
      entity: 'order',
      entityId: current.id,
      action,
      before: { [action]: current[action] },
      after: update,
    });
    return updated as EnquiryRow;
  }

  private async viewOf(row: EnquiryRow): Promise<AdminOrder> {
    const [order] = await this.withItems([row]);
    return order as AdminOrder;
  }

  private async withItems(rows: EnquiryRow[]): Promise<AdminOrder[]> {
    const ids = rows.map((row) => row.id);
    const items = ids.length
      ? await this.db
          .select()
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position))
      : [];
    const byOrder = new Map<number, ItemRow[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    const [latest, invoiced] = await Promise.all([
      this.quotes.latestWithTotalsOf(ids),
      ids.length
        ? this.db
            .select({
              orderId: invoices.orderId,
              number: invoices.number,
              totals: sql<DocumentTotals>`${invoices.document}->'totals'`,
            })
            .from(invoices)
            .where(inArray(invoices.orderId, ids))
        : [],
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
      seen === undefined ? undefined : eq(orders.seen, seen === 'true'),
      status ? eq(orders.status, status) : undefined,
      q ? matching(q) : undefined,
      createdWithin(orders.createdAt, from, to),
      quote ? this.quoteIs(quote) : undefined,
      step ? this.stepIs(step) : undefined,
    );
  }

  /** The enquiries a step of the today list holds (domains/order-file/today.ts says what each means). */
  private stepIs(step: TodayStep): SQL | undefined {
    const invoiced = exists(this.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orders.id)));
    const unpaid = (overdue: boolean) =>
      idAmong(
        this.db
          .select({ id: invoices.orderId })
          .from(invoices)
          // Overdue as domains/statement/ageing.ts's isOverdue has it: something owing, and today after the due date.
          .where(and(owing, overdue ? sql`(${invoices.document}->>'dueOn') < ${istDate(this.now())}` : undefined)),
      );
    switch (step) {
      case 'to-reply':
        return and(eq(orders.status, 'pending'), this.quoteIs('none'));
      case 'awaiting-answer':
        return this.quoteIs('waiting');
      case 'expiring':
        return this.quoteIs('expiring');
      case 'to-invoice':
        return and(
          not(invoiced),
          notInArray(orders.status, ['cancelled']),
          or(inArray(orders.status, ['confirmed', 'processing']), this.quoteIs('accepted')),
        );
      case 'unpaid':
        return unpaid(false);
      case 'overdue':
        return unpaid(true);
      case 'refunds-due':
        return idAmong(this.db.select({ id: invoices.orderId }).from(invoices).where(overpaid));
      case 'to-dispatch':
        return and(invoiced, notInArray(orders.status, ['shipped', 'delivered', 'cancelled']));
      case 'to-complete':
        return and(
          eq(orders.status, 'shipped'),
          or(
            not(invoiced),
            not(exists(this.db.select({ id: dispatches.id }).from(dispatches).where(eq(dispatches.orderId, orders.id)))),
          ),
        );
    }
  }

  /** A step's list, the most urgent first (ties: the oldest enquiry first, as a queue is worked). */
  private urgentFirst(step: Exclude<TodayStep, 'to-reply'>): SQL[] {
    const openQuoteEnds = sql`(select min(${quotes.validUntil}) from ${quotes} where ${quotes.orderId} = ${orders.id} and ${quotes.status} = 'sent')`;
    const invoiceDue = sql`(select min(${invoices.document}->>'dueOn') from ${invoices} where ${invoices.orderId} = ${orders.id})`;
    const invoicedAt = sql`(select min(${invoices.issuedAt}) from ${invoices} where ${invoices.orderId} = ${orders.id})`;
    return {
      'awaiting-answer': [asc(openQuoteEnds)],
      expiring: [asc(openQuoteEnds)],
      'to-invoice': [],
      unpaid: [asc(invoiceDue)],
      overdue: [asc(invoiceDue)],
      'refunds-due': [],
      'to-dispatch': [asc(invoicedAt)],
      'to-complete': [],
    }[step];
  }

  /**
   * Enquiries whose latest quote is in the state asked for. A waiting ('sent') or accepted version is always the
   * latest (a new version supersedes or withdraws it), so only a declined one needs the check for a newer version.
   */
  private quoteIs(filter: QuoteFilter): SQL {
    const today = istDate(this.now());
    if (filter === 'none')
      return not(exists(this.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.orderId, orders.id))));
    const newer = alias(quotes, 'newer');
    const where = {
      waiting: and(eq(quotes.status, 'sent'), gte(quotes.validUntil, today)),
      expiring: and(eq(quotes.status, 'sent'), between(quotes.validUntil, today, addDays(today, EXPIRING_DAYS))),
      expired: and(eq(quotes.status, 'sent'), lt(quotes.validUntil, today)),
      accepted: eq(quotes.status, 'accepted'),
      declined: and(
        eq(quotes.status, 'declined'),
        not(
          exists(
            this.db
              .select({ id: newer.id })
              .from(newer)
              .where(and(eq(newer.orderId, quotes.orderId), gt(newer.version, quotes.version))),
          ),
        ),
      ),
    }[filter];
    return idAmong(this.db.select({ id: quotes.orderId }).from(quotes).where(where));
  }
}

/**
 * Enquiries whose id the query lists. The ids are read once as an array, which the database looks up in the primary
 * key and can combine with an index on another column (the 'to invoice' step's status OR accepted quote); as a plain
 * IN (subquery) PostgreSQL read every enquiry to test each against it (13 ms for 'to invoice' at 100,000, 3 ms now).
 */
const idAmong = (ids: SQLWrapper): SQL => sql`${orders.id} = ANY (ARRAY(${ids}))`;

/** How many enquiries the reply queue reads at a time, oldest first (a shop's open first replies fit in one or two). */
const REPLY_QUEUE_BATCH = 100;

/** Name, e-mail, phone (digits as typed or spaced) or the enquiry number (1042 or #1042). */
function matching(q: string): SQL | undefined {
  const number = /^#?\d{1,10}$/.test(q) ? Number(q.replace('#', '')) - ENQUIRY_NUMBER_BASE : null;
  return or(contactMatching(q), number !== null && number > 0 && number <= MAX_ID ? eq(orders.id, number) : undefined);
}

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
