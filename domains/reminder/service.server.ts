import { and, asc, eq, inArray, not, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { displayIdOf } from '#domains/enquiry/model.ts';
import { enquiryIdsOfCustomer } from '#domains/enquiry/rows.server.ts';
import type { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import { invoicedAmong, owingInvoicesAfter } from '#domains/invoice/queries.server.ts';
import { addresseeOf, type InvoiceService, lockedOrder } from '#domains/invoice/service.server.ts';
import { quoteReminderMail } from '#domains/quote/mail.server.ts';
import { quoteNumber } from '#domains/quote/model.ts';
import { quotesAfter, sentQuote, sentQuotesEndingWithin, sentQuotesPast } from '#domains/quote/queries.server.ts';
import { invoiceReminderMail } from '#domains/reminder/mail.server.ts';
import { inReminderHours, invoiceStepDue, type QuoteStep, quoteStepDue } from '#domains/reminder/model.ts';
import type { RemindersStopped } from '#domains/reminder/schema.ts';
import { remindersSent, reminderStops } from '#domains/reminder/tables.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { notFound } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';
import { qrPng } from '#platform/pdf/qr.ts';

/** Who sends the reminders in the enquiry's history. */
export const SCHEDULE_ACTOR: Actor = { userId: null, username: 'reminder schedule' };
/** How many open invoices or waiting quotes one read takes. */
const BATCH = 100;

/** What one round sent: invoice reminders and quote reminders e-mailed, quotes recorded as expired. */
export interface ReminderRound {
  invoices: number;
  quotes: number;
  expired: number;
}

/**
 * A customer's e-mail and phone keys, read by the customer concept (server/services.ts gives it to Reminders): awaited,
 * the rows; as a subquery, the keys.
 */
export type CustomerKeysOf = (db: Db | Tx, customerId: number) => SQLWrapper & PromiseLike<Array<{ key: string }>>;

/**
 * Whether the staff stopped a customer's reminders (one of the customer's e-mail or phone keys, `keys`, is stopped), by
 * whom and when; null while reminders go out.
 */
export async function remindersStoppedOf(db: Db | Tx, keys: SQLWrapper): Promise<RemindersStopped | null> {
  const [stop] = await db
    .select({ stoppedBy: reminderStops.stoppedBy, stoppedAt: reminderStops.stoppedAt })
    .from(reminderStops)
    .where(inArray(reminderStops.key, keys))
    .orderBy(asc(reminderStops.stoppedAt))
    .limit(1);
  return stop ? { by: stop.stoppedBy, at: stop.stoppedAt.toISOString() } : null;
}

/**
 * Reminders (docs/decisions/500-statements-ageing-and-reminders.md): each open invoice's step of the schedule and each waiting
 * quote's reminder before its last day, e-mailed once, and a quote past its last day recorded as expired. Each is
 * written in one transaction that takes the enquiry's lock, checks again, inserts its row in `reminders_sent` (unique
 * per document and step: another process's insert waits, then does nothing), queues the e-mail and writes the history.
 */
export class Reminders {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    private readonly settings: SettingsService,
    private readonly invoices: InvoiceService,
    private readonly keysOf: CustomerKeysOf,
    private readonly siteUrl: string,
    private readonly now: () => Date = () => new Date(),
    private readonly onMail: () => void = () => {},
  ) {}

  /** One round: what is due now goes out (e-mails in the day only, India time); expiries are recorded at any hour. */
  async runDue(): Promise<ReminderRound> {
    const at = this.now();
    const today = istDate(at);
    const { reminders } = await this.settings.current();
    const round: ReminderRound = { invoices: 0, quotes: 0, expired: 0 };
    round.expired = await this.expireQuotes(today);
    if (reminders.enabled && inReminderHours(at)) {
      round.invoices = await this.remindInvoices(reminders.offsets, today);
      round.quotes = await this.remindQuotes(reminders.quoteDaysBefore, today);
    }
    if (round.invoices + round.quotes > 0) this.onMail();
    return round;
  }

  /**
   * Stops (a dispute) or resumes a customer's reminders, in the customer's history and each of their invoiced
   * enquiries'. A stop holds every e-mail and phone key the customer has, so it follows them as enquiries join.
   */
  async setStopped(customerId: number, stopped: boolean, actor: Actor): Promise<RemindersStopped | null> {
    await this.db.transaction(async (tx) => {
      const keys = (await this.keysOf(tx, customerId)).map((row) => row.key);
      if (keys.length === 0) throw notFound(`Customer ${customerId} not found`);
      const before = await this.stoppedFor(tx, customerId);
      if (Boolean(before) === stopped) return;
      if (stopped) {
        const at = this.now();
        await tx
          .insert(reminderStops)
          .values(keys.map((key) => ({ key, stoppedBy: actor.username, stoppedAt: at })))
          .onConflictDoNothing();
      } else {
        await tx.delete(reminderStops).where(inArray(reminderStops.key, keys));
      }
      const invoiced = await invoicedAmong(tx, enquiryIdsOfCustomer(tx, customerId));
      const action = stopped ? 'reminders-stopped' : 'reminders-resumed';
      for (const [entity, entityId] of [
        ['customer', customerId] as const,
        ...invoiced.map((row) => ['order', row.orderId] as const),
      ]) {
        await this.audit.record(tx, actor, { entity, entityId, action, before: null, after: null });
      }
    });
    return this.stoppedFor(this.db, customerId);
  }

  /** The customer record's stop, if the staff stopped their reminders. */
  private stoppedFor(db: Db | Tx, customerId: number): Promise<RemindersStopped | null> {
    return remindersStoppedOf(db, this.keysOf(db, customerId));
  }

  /** Every invoice with something to pay, a batch at a time: the step it has reached, when that step is not sent yet. */
  private async remindInvoices(offsets: readonly number[], today: string): Promise<number> {
    let sent = 0;
    let after = 0;
    for (;;) {
      const batch = await owingInvoicesAfter(this.db, after, BATCH);
      const due = batch.flatMap((row) => {
        const step = invoiceStepDue(row, offsets, today);
        return step === null ? [] : [{ ...row, step: String(step) }];
      });
      const done = await this.sentSteps(
        'invoice',
        due.map((row) => row.id),
      );
      for (const row of due) {
        if (!done.has(`${row.id} ${row.step}`) && (await this.remindInvoice(row.orderId, row.id, offsets, today))) sent++;
      }
      if (batch.length < BATCH) return sent;
      after = (batch[batch.length - 1] as { id: number }).id;
    }
  }

  /** One invoice's reminder, checked again under the enquiry's lock: true when it was queued now. */
  private async remindInvoice(orderId: number, invoiceId: number, offsets: readonly number[], today: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      if (order.customerId !== null && (await this.stoppedFor(tx, order.customerId))) return false;
      const found = await this.invoices.ofOrder(orderId, tx);
      if (!found) return false;
      const { invoice, payment, upiLink } = found;
      const step = invoiceStepDue({ date: invoice.date, dueOn: payment.dueOn, balance: payment.balance }, offsets, today);
      if (step === null || !(await this.claim(tx, orderId, 'invoice', invoiceId, String(step)))) return false;
      const upi = upiLink ? { link: upiLink, qrPng: await qrPng(upiLink) } : null;
      const to = addresseeOf(order, this.links, this.siteUrl);
      await enqueueMail(tx, invoiceReminderMail(await this.settings.publicShop(tx), to, invoice, payment, upi, today));
      await this.audit.record(tx, SCHEDULE_ACTOR, {
        entity: 'order',
        entityId: orderId,
        action: 'payment-reminder',
        before: null,
        after: { invoice: invoice.number, step, balance: toDecimalString(payment.balance), dueOn: payment.dueOn },
      });
      return true;
    });
  }

  /** Waiting quotes whose last day is within `daysBefore` days: their reminder, once. */
  private async remindQuotes(daysBefore: number, today: string): Promise<number> {
    return this.eachQuote(sentQuotesEndingWithin(today, daysBefore), 'expiring', (tx, quote) =>
      this.remindQuote(tx, quote, daysBefore, today),
    );
  }

  /** Waiting quotes past their last day, not yet recorded as expired: each recorded once in the enquiry's history. */
  private async expireQuotes(today: string): Promise<number> {
    return this.eachQuote(sentQuotesPast(today), 'expired', async (tx, quote) => {
      if (quoteStepDue(quote, 0, today) !== 'expired' || !(await this.claim(tx, quote.orderId, 'quote', quote.id, 'expired'))) {
        return false;
      }
      await this.recordQuoteStep(tx, quote, 'quote-expired');
      return true;
    });
  }

  /**
   * Each quote `where` finds without a row for `step`, a batch at a time, handled under its enquiry's lock with the
   * quote read again (it may have been answered meanwhile): how many `handle` did.
   */
  private async eachQuote(
    where: ReturnType<typeof and>,
    step: QuoteStep,
    handle: (tx: Tx, quote: WaitingQuote) => Promise<boolean>,
  ): Promise<number> {
    let done = 0;
    let after = 0;
    const notSentBefore = (quoteId: AnyPgColumn) =>
      not(sql`exists (select 1 from ${remindersSent} where ${remindersSent.kind} = 'quote'
      and ${remindersSent.documentId} = ${quoteId} and ${remindersSent.step} = ${step})`);
    for (;;) {
      const batch = await quotesAfter(this.db, after, where, notSentBefore, BATCH);
      for (const { id, orderId } of batch) {
        const handled = await this.db.transaction(async (tx) => {
          const order = await lockedOrder(tx, orderId);
          const row = await sentQuote(tx, id);
          if (!row) return false;
          return handle(tx, {
            id,
            orderId,
            order,
            number: quoteNumber(displayIdOf(orderId), row.version),
            total: row.totals.total,
            sentOn: istDate(row.createdAt),
            validUntil: row.validUntil,
          });
        });
        if (handled) done++;
      }
      if (batch.length < BATCH) return done;
      after = (batch[batch.length - 1] as { id: number }).id;
    }
  }

  private async remindQuote(tx: Tx, quote: WaitingQuote, daysBefore: number, today: string): Promise<boolean> {
    const { order } = quote;
    if (order.customerId !== null && (await this.stoppedFor(tx, order.customerId))) return false;
    if (quoteStepDue(quote, daysBefore, today) !== 'expiring') return false;
    if (!(await this.claim(tx, quote.orderId, 'quote', quote.id, 'expiring'))) return false;
    await enqueueMail(
      tx,
      quoteReminderMail(await this.settings.publicShop(tx), {
        displayId: displayIdOf(order.id),
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        number: quote.number,
        total: quote.total,
        validUntil: quote.validUntil,
        statusUrl: this.links.urlOf(this.siteUrl, order),
        language: order.language,
      }),
    );
    await this.recordQuoteStep(tx, quote, 'quote-reminder');
    return true;
  }

  /** The quote's step in its enquiry's history, as the staff read it there. */
  private recordQuoteStep(tx: Tx, quote: WaitingQuote, action: 'quote-expired' | 'quote-reminder') {
    return this.audit.record(tx, SCHEDULE_ACTOR, {
      entity: 'order',
      entityId: quote.orderId,
      action,
      before: null,
      after: { number: quote.number, validUntil: quote.validUntil },
    });
  }

  /** Claims a step: true when this transaction wrote its row (another's insert of it waits, then does nothing). */
  private async claim(tx: Tx, orderId: number, kind: 'invoice' | 'quote', documentId: number, step: string): Promise<boolean> {
    const claimed = await tx
      .insert(remindersSent)
      .values({ orderId, kind, documentId, step, sentAt: this.now() })
      .onConflictDoNothing()
      .returning({ id: remindersSent.id });
    return claimed.length > 0;
  }

  /** The steps already sent for these documents, as 'id step'. */
  private async sentSteps(kind: 'invoice' | 'quote', ids: number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ documentId: remindersSent.documentId, step: remindersSent.step })
      .from(remindersSent)
      .where(and(eq(remindersSent.kind, kind), inArray(remindersSent.documentId, ids)));
    return new Set(rows.map((row) => `${row.documentId} ${row.step}`));
  }
}

interface WaitingQuote {
  id: number;
  orderId: number;
  order: Awaited<ReturnType<typeof lockedOrder>>;
  number: string;
  total: number;
  sentOn: string;
  validUntil: string;
}

/**
 * Runs the reminders at start and then every `everyMinutes` of the settings (read each round, so a change takes effect
 * at the next), so a restarted server catches up at once. Timers never keep the process alive; stop() waits for a
 * round under way.
 */
export class ReminderSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly reminders: Reminders,
    private readonly settings: SettingsService,
    private readonly log?: { warn: (obj: object, msg: string) => void },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.round();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private round(): void {
    this.running = (async () => {
      try {
        await this.reminders.runDue();
      } catch (error) {
        this.log?.warn({ err: error }, 'reminders: the round failed; the next round tries again');
      }
      if (this.stopped) return;
      const minutes = await this.settings.current().then(
        (settings) => settings.reminders.everyMinutes,
        () => 1,
      );
      if (this.stopped) return;
      this.timer = setTimeout(() => this.round(), minutes * 60_000);
      this.timer.unref();
    })();
  }
}
