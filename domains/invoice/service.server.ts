import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';

import { deliveryAddressText, displayIdOf } from '#domains/enquiry/model.ts';
import { dayText } from '#domains/enquiry/reply-promise.ts';
import { enquiryLanguage, enquiryLines, type EnquiryRow, enquiryRow } from '#domains/enquiry/rows.server.ts';
import { sentLineOf } from '#domains/enquiry/sent-lines.ts';
import type { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import {
  creditNoteDeadline,
  type DocumentKind,
  documentNumber,
  financialYearOf,
  gstr1MonthProblem,
} from '#domains/invoice/document-numbers.ts';
import { creditNoteView, type InvoiceCopy } from '#domains/invoice/invoice-view.ts';
import { type Addressee, creditNoteMail, invoiceIssuedMail, paymentReceivedMail } from '#domains/invoice/mail.server.ts';
import {
  creditFor,
  type CreditNoteDocument,
  creditNoteDocument,
  type CreditNotePreview,
  type CreditRequest,
  type InvoiceBasis,
  invoiceBasis,
  type InvoiceDocument,
  invoiceDocument,
  type OrderInvoice,
} from '#domains/invoice/model.ts';
import {
  paymentDueOn,
  type PaymentMethod,
  type PaymentPosition,
  paymentPosition,
  paymentProblem,
  refundProblem,
} from '#domains/invoice/payments.ts';
import type { CreditNoteBody, CreditNotePreviewBody, InvoiceBody, PaymentBody, RefundBody } from '#domains/invoice/schema.ts';
import { creditNotes, dispatches, invoices, payments, refunds } from '#domains/invoice/tables.ts';
import { acceptedQuoteOf, withdrawOpenQuotes } from '#domains/quote/accepted-quote.server.ts';
import { priceQuote } from '#domains/quote/model.ts';
import type { DocumentSigner } from '#domains/settings/pdf-signing.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { issuerOf, paymentDetailsOf } from '#domains/settings/shop.ts';
import { upiAmount, upiPayLink } from '#domains/settings/upi.ts';
import type { EInvoiceRecord, TaxDocumentView } from '#domains/tax/document.ts';
import { type GstStateCode, stateOfGstin } from '#domains/tax/gst.ts';
import { type HsnDigits, missingHsn } from '#domains/tax/hsn.ts';
import { conflict, invalid, notFound } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import { type Paise, toDecimalString } from '#lib/money.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { answerOf, fingerprintOf, isUniqueViolation, type KeyedRequest, rememberAnswer } from '#platform/idempotency/keys.ts';
import { enqueueMail, type MailAttachment } from '#platform/mail/outbox.ts';
import type { PictureReader } from '#platform/pdf/pictures.ts';
import { qrPng } from '#platform/pdf/qr.ts';

import { nextSerial } from './numbering.server.ts';
import { invoiceViewOf, pdfAttachment } from './views.server.ts';

type InvoiceRow = typeof invoices.$inferSelect;

/** The number of an enquiry's tax invoice, null before it is issued (read in the caller's transaction). */
export async function invoiceNumberOf(tx: Pick<Db, 'select'>, orderId: number): Promise<string | null> {
  const [invoice] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  return invoice?.number ?? null;
}

/** A held invoice whose answer from the portal is not recorded yet: the customer is not sent it. */
export const awaitingIrn = (order: OrderInvoice): boolean =>
  order.heldForIrn && !order.eInvoices.some((record) => record.documentNumber === order.invoice.number);

const NO_INVOICE = 'This enquiry has no invoice yet';

/** An enquiry's row, locked until the transaction ends: every change after the yes takes this lock first. */
export async function lockedOrder(tx: Tx, orderId: number): Promise<EnquiryRow> {
  return enquiryRow(tx, orderId, { lock: true });
}

/**
 * Refuses to issue a document with a line that has no HSN code (or too short a one), naming the line. An invoice
 * needs the digits the tax settings ask for now; a credit note repeats its invoice's codes, so it needs only a code.
 */
function refuseMissingHsn(lines: Parameters<typeof missingHsn>[0], minDigits: HsnDigits = 4): void {
  const problem = missingHsn(lines, minDigits);
  if (problem) throw invalid(problem.message, { [problem.field]: problem.message });
}

/** The customer an enquiry's e-mails go to, with its status link. */
export const addresseeOf = (order: EnquiryRow, links: StatusLinks, siteUrl: string): Addressee => ({
  displayId: displayIdOf(order.id),
  customerName: order.customerName,
  customerEmail: order.customerEmail,
  statusUrl: links.urlOf(siteUrl, order),
  language: order.language,
});

/**
 * The UPI link for the `request`-th request for this invoice's balance (each payment or credit note opens the next),
 * when the invoice names a UPI ID and something is due: for the balance, or the most the UPI ID takes in one payment.
 */
const upiLinkOf = (invoice: InvoiceDocument, balance: Paise, request: number): string | null =>
  invoice.payTo.upi && balance > 0
    ? upiPayLink(invoice.payTo.upi, upiAmount(invoice.payTo.upi, balance), invoice.number, request)
    : null;

/** A day money moved on: its field, the words that refuse it, and the first day it may be. */
interface MoneyDay {
  field: string;
  cannotBe: string;
  /** A payment may come before the invoice (an advance), never before the enquiry; a refund follows the invoice. */
  earliest: (order: EnquiryRow, invoice: InvoiceRow) => { day: string; words: string; short: string };
}
const RECEIVED: MoneyDay = {
  field: 'receivedOn',
  cannotBe: 'A payment cannot be received',
  earliest: (order) => ({ day: istDate(order.createdAt), words: 'the enquiry was sent', short: 'Before the enquiry' }),
};
const PAID_OUT: MoneyDay = {
  field: 'paidOn',
  cannotBe: 'A refund cannot be paid',
  earliest: (_order, invoice) => ({ day: invoice.issuedOn, words: 'the invoice’s date', short: 'Before the invoice' }),
};

/** The key a request came with as the idempotency store reads it, for the route `scope`; null without a key. */
const keyedOf = (scope: string, key: string | null, asked: unknown, what: string): KeyedRequest | null =>
  key === null
    ? null
    : {
        scope,
        key,
        fingerprint: fingerprintOf(asked),
        mismatchMessage: `This Idempotency-Key was already used for a different ${what}: reload the invoice to see what was recorded`,
      };

/** The first day of the month after '2026-11': '2026-12-01'. */
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 1)).toISOString().slice(0, 10);
}

/**
 * What happens after the customer's yes: the staff issue the GST tax invoice (from the accepted quote, or from lines
 * they confirm), credit notes against it, and record the payments that arrive and the refunds paid out. Each is written with its audit entry
 * and the customer's e-mail in one transaction that first locks the enquiry; documents take their numbers from the
 * database (numbering.ts) and are never changed.
 */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    /** The shop's settings: its details, series prefixes, payment terms and ways to pay, as each document is issued. */
    private readonly settings: SettingsService,
    private readonly pictures: PictureReader,
    /** Signs the PDFs with the shop's digital signature certificate, when one is set. */
    private readonly signer: DocumentSigner,
    /**
     * The portal's answers recorded for an invoice's documents, oldest first: the e-invoice is the handoff's, above the
     * invoice, so server/services.ts hands its read in.
     */
    private readonly registrationsOf: (db: Pick<Db, 'select'>, invoiceId: number) => Promise<EInvoiceRecord[]>,
    private readonly now: () => Date = () => new Date(),
    private readonly onMail: () => void = () => {},
  ) {}

  async issue(orderId: number, body: InvoiceBody, actor: Actor, siteUrl: string): Promise<OrderInvoice> {
    const mailed = await this.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      if (order.status === 'cancelled') throw conflict('This enquiry was cancelled: it is not invoiced');
      const [existing] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
      if (existing) throw conflict(`This enquiry already has invoice ${existing.number}`);
      const basis = await this.basisOf(tx, order, body);
      const settings = await this.settings.current(tx);
      refuseMissingHsn(basis.lines, settings.tax.hsnDigits);
      const { number, financialYear, serial, at } = await this.numbered(tx, 'invoice', settings.documents.invoicePrefix);
      const date = istDate(at);
      const document = invoiceDocument({
        number,
        date,
        enquiry: displayIdOf(orderId),
        basis,
        shipTo: { name: order.customerName, address: deliveryAddressText(order) },
        dueOn: paymentDueOn(date, settings.documents.paymentTermsDays),
        payTo: paymentDetailsOf(settings),
        issuer: issuerOf(settings, await this.settings.isDemo(tx)),
      });
      const total = document.totals.total;
      // With e-invoicing on, an invoice to a registered buyer is valid once the portal registers it: the customer is
      // sent it then (docs/decisions/502-hand-offs-e-way-bill-tally-and-e-invoice.md).
      const heldForIrn = settings.tax.eInvoicing && document.recipient.gstin !== null;
      await tx.insert(invoices).values({
        orderId,
        number,
        financialYear,
        serial,
        issuedOn: date,
        issuedAt: at,
        issuedBy: actor.username,
        document,
        total,
        heldForIrn,
      });
      const withdrawn = await withdrawOpenQuotes(tx, orderId);
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: 'invoice-issued',
        before: null,
        after: {
          number,
          total: toDecimalString(total),
          quote: basis.quoteNumber,
          ...(withdrawn.length > 0 && { withdrawnQuotes: withdrawn }),
        },
      });
      if (!heldForIrn) await this.mailInvoice(tx, order, siteUrl);
      return !heldForIrn;
    });
    if (mailed) this.onMail();
    return this.forOrder(orderId);
  }

  /**
   * The invoice's e-mail to the customer, its PDF the original as the invoice stands now (with its IRN and signed QR
   * code once registered), inside the change that holds the enquiry's lock: at issue, or when a held invoice's
   * answer from the portal is recorded. The caller pokes the outbox after the commit.
   */
  async mailInvoice(tx: Tx, order: EnquiryRow, siteUrl: string): Promise<void> {
    const current = (await this.ofOrder(order.id, tx)) as OrderInvoice;
    const upi = current.upiLink ? { link: current.upiLink, qrPng: await qrPng(current.upiLink) } : null;
    const pdf = await this.attachmentOf(tx, invoiceViewOf(current), ['original']);
    await enqueueMail(
      tx,
      invoiceIssuedMail(await this.settings.publicShop(tx), addresseeOf(order, this.links, siteUrl), current.invoice, upi, pdf),
    );
  }

  /** The invoice as its customer may see it: none while it waits for the portal's answer (null then, as before one). */
  async ofOrderForCustomer(orderId: number): Promise<OrderInvoice | null> {
    const found = await this.ofOrder(orderId);
    return found && !awaitingIrn(found) ? found : null;
  }

  /** The same, 404 while there is none for the customer. */
  async forCustomer(orderId: number): Promise<OrderInvoice> {
    const found = await this.ofOrderForCustomer(orderId);
    if (!found) throw notFound(NO_INVOICE);
    return found;
  }

  /** Called by a notify-after-commit change that wrote the customer's e-mail (the outbox is poked). */
  mailed(): void {
    this.onMail();
  }

  /** The enquiry's invoice with its credit notes, payments, what is due and the dispatches. */
  async forOrder(orderId: number): Promise<OrderInvoice> {
    const found = await this.ofOrderOrNone(orderId);
    if (!found) throw notFound(NO_INVOICE);
    return found;
  }

  /** The enquiry's invoice, or null while it has none (404 for a missing enquiry). */
  async ofOrderOrNone(orderId: number): Promise<OrderInvoice | null> {
    const found = await this.ofOrder(orderId);
    if (found) return found;
    await enquiryRow(this.db, orderId);
    return null;
  }

  /** The same, or null while the enquiry has no invoice (read in `db`, a transaction's when given). */
  async ofOrder(orderId: number, db: Pick<Db, 'select'> = this.db): Promise<OrderInvoice | null> {
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (!row) return null;
    // One after another, not together: a transaction's queries share one connection, which takes one at a time (pg
    // queues overlapping ones with a deprecation warning today, and its next major version refuses them).
    const notes = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, row.id)).orderBy(asc(creditNotes.id));
    const paid = await db.select().from(payments).where(eq(payments.invoiceId, row.id)).orderBy(asc(payments.id));
    const refunded = await db.select().from(refunds).where(eq(refunds.invoiceId, row.id)).orderBy(asc(refunds.id));
    const sent = await db.select().from(dispatches).where(eq(dispatches.orderId, orderId)).orderBy(desc(dispatches.id));
    const registered = await this.registrationsOf(db, row.id);
    const language = await enquiryLanguage(db, orderId);
    const payment = this.positionOf(row, notes, paid, refunded);
    return {
      invoice: row.document,
      issuedAt: row.issuedAt.toISOString(),
      issuedBy: row.issuedBy,
      creditNotes: notes.map((note) => note.document),
      payments: paid.map((entry) => ({
        id: entry.id,
        amount: entry.amount,
        receivedOn: entry.receivedOn,
        method: entry.method,
        reference: entry.reference,
        recordedBy: entry.recordedBy,
        recordedAt: entry.recordedAt.toISOString(),
      })),
      refunds: refunded.map(({ invoiceId: _invoice, recordedAt, ...refund }) => ({
        ...refund,
        recordedAt: recordedAt.toISOString(),
      })),
      payment,
      upiLink: upiLinkOf(row.document, payment.balance, paid.length + notes.length + 1),
      dispatches: sent.map(({ orderId: _order, recordedAt, ...dispatch }) => ({
        ...dispatch,
        recordedAt: recordedAt.toISOString(),
      })),
      eInvoices: registered,
      heldForIrn: row.heldForIrn,
      language,
    };
  }

  /**
   * A payment that arrived. Partial payments add up; one beyond what is still due is refused, and so is the same
   * reference twice on one invoice (two staff recording one statement line). With an Idempotency-Key (`key`), a
   * repeat answers what the first answered and records nothing: the key belongs to the payments route and to this
   * enquiry and payment (any staff member repeating it gets the first answer); only a recorded payment is remembered.
   */
  async recordPayment(
    orderId: number,
    body: PaymentBody,
    actor: Actor,
    siteUrl: string,
    key: string | null = null,
  ): Promise<OrderInvoice> {
    const keyed = keyedOf('payments', key, { orderId, body }, 'payment');
    const recorded = await this.onceFor(keyed, () =>
      this.moneyMoved(orderId, keyed, body.receivedOn, RECEIVED, (tx, order, invoice) =>
        this.paymentWritten(tx, order, invoice, body, actor, siteUrl).then(() => undefined),
      ),
    );
    if (recorded.fresh) this.onMail();
    return recorded.answer;
  }

  /**
   * A payment recorded inside a change that already holds the enquiry's lock (`order`), as a matched bank credit is:
   * the same refusals as `recordPayment` (the day, more than is still due, a reference the invoice has already), the
   * same audit entry and receipt. Answers the payment's id; the caller calls `mailed()` once its change is committed.
   */
  async paymentIn(tx: Tx, order: EnquiryRow, body: PaymentBody, actor: Actor, siteUrl: string): Promise<number> {
    this.refuseDay(body.receivedOn, RECEIVED);
    const invoice = await this.invoiceOf(tx, order.id);
    this.refuseEarlyDay(body.receivedOn, RECEIVED, order, invoice);
    return this.paymentWritten(tx, order, invoice, body, actor, siteUrl);
  }

  /** The payment's row, its audit entry and the customer's receipt, once the day and the enquiry's lock are settled. */
  private async paymentWritten(
    tx: Tx,
    order: EnquiryRow,
    invoice: InvoiceRow,
    body: PaymentBody,
    actor: Actor,
    siteUrl: string,
  ): Promise<number> {
    const before = await this.position(tx, invoice);
    const problem = paymentProblem(before, body.amount);
    if (problem) throw conflict(problem, { amount: problem });
    await this.refuseReferenceTwice(tx, payments, invoice.id, body);
    const [recorded] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        amount: body.amount,
        receivedOn: body.receivedOn,
        method: body.method,
        reference: body.reference,
        recordedBy: actor.username,
        recordedAt: this.now(),
      })
      .returning({ id: payments.id });
    const after = await this.position(tx, invoice);
    await this.audit.record(tx, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'payment',
      before: { paid: toDecimalString(before.paid), state: before.state },
      after: {
        amount: toDecimalString(body.amount),
        receivedOn: body.receivedOn,
        method: body.method,
        reference: body.reference,
        paid: toDecimalString(after.paid),
        state: after.state,
      },
    });
    await enqueueMail(
      tx,
      paymentReceivedMail(
        await this.settings.publicShop(tx),
        addresseeOf(order, this.links, siteUrl),
        invoice.number,
        body,
        after,
      ),
    );
    return (recorded as { id: number }).id;
  }

  /**
   * A refund the shop paid out: what the customer paid beyond what the invoice comes to after its credit notes. More
   * than the refund due is refused, as are a day before the invoice or in the future and the same reference twice;
   * an Idempotency-Key makes a repeat answer the first answer, as payments do. It goes in the enquiry's history; the
   * customer's status page then says it was refunded.
   */
  async recordRefund(orderId: number, body: RefundBody, actor: Actor, key: string | null = null): Promise<OrderInvoice> {
    const keyed = keyedOf('refunds', key, { orderId, body }, 'refund');
    const recorded = await this.onceFor(keyed, () =>
      this.moneyMoved(orderId, keyed, body.paidOn, PAID_OUT, async (tx, _order, invoice) => {
        const before = await this.position(tx, invoice);
        const problem = refundProblem(before, body.amount);
        if (problem) throw conflict(problem, { amount: problem });
        await this.refuseReferenceTwice(tx, refunds, invoice.id, body);
        await tx.insert(refunds).values({
          invoiceId: invoice.id,
          amount: body.amount,
          paidOn: body.paidOn,
          method: body.method,
          reference: body.reference,
          note: body.note,
          recordedBy: actor.username,
          recordedAt: this.now(),
        });
        const after = await this.position(tx, invoice);
        await this.audit.record(tx, actor, {
          entity: 'order',
          entityId: orderId,
          action: 'refund',
          before: { refundDue: toDecimalString(before.refundDue) },
          after: {
            amount: toDecimalString(body.amount),
            paidOn: body.paidOn,
            method: body.method,
            reference: body.reference,
            refundDue: toDecimalString(after.refundDue),
          },
        });
      }),
    );
    return recorded.answer;
  }

  /**
   * Runs a keyed request once: two requests with one key at the same moment meet at the key's unique index, and the
   * one that lost answers what the other recorded. `fresh` is false when the answer is a repeat's.
   */
  private async onceFor(
    keyed: KeyedRequest | null,
    record: () => Promise<{ answer: OrderInvoice; fresh: boolean }>,
  ): Promise<{ answer: OrderInvoice; fresh: boolean }> {
    try {
      return await record();
    } catch (error) {
      // The same key on another enquiry at the same moment: the other one's record stands, this one is refused.
      if (keyed && isUniqueViolation(error)) {
        const first = await answerOf<OrderInvoice>(this.db, keyed, this.now());
        if (first) return { answer: first, fresh: false };
      }
      throw error;
    }
  }

  /**
   * Money that moved on the enquiry's invoice on `day`, recorded by `write` under the enquiry's lock: a day in the
   * future or before the earliest `dated` allows is refused, a repeat of a key answers the first answer, and
   * a new answer is remembered with its key.
   */
  private async moneyMoved(
    orderId: number,
    keyed: KeyedRequest | null,
    day: string,
    dated: MoneyDay,
    write: (tx: Tx, order: EnquiryRow, invoice: InvoiceRow) => Promise<void>,
  ): Promise<{ answer: OrderInvoice; fresh: boolean }> {
    this.refuseDay(day, dated);
    const { answer, fresh } = await this.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      const first = keyed && (await answerOf<OrderInvoice>(tx, keyed, this.now()));
      if (first) return { answer: first, fresh: false };
      const invoice = await this.invoiceOf(tx, orderId);
      this.refuseEarlyDay(day, dated, order, invoice);
      await write(tx, order, invoice);
      if (!keyed) return { answer: null, fresh: true };
      const answer = (await this.ofOrder(orderId, tx)) as OrderInvoice;
      await rememberAnswer(tx, keyed, answer, this.now());
      return { answer, fresh: true };
    });
    return { answer: answer ?? (await this.forOrder(orderId)), fresh };
  }

  /** A day money moved on cannot be in the future. */
  private refuseDay(day: string, { field, cannotBe }: MoneyDay): void {
    if (day > istDate(this.now())) throw invalid(`${cannotBe} in the future`, { [field]: 'In the future' });
  }

  /** Nor before the first day it may be (`MoneyDay.earliest`). */
  private refuseEarlyDay(day: string, dated: MoneyDay, order: EnquiryRow, invoice: InvoiceRow): void {
    const earliest = dated.earliest(order, invoice);
    if (day < earliest.day) {
      throw invalid(`${dated.cannotBe} before ${earliest.words}`, { [dated.field]: earliest.short });
    }
  }

  /** The same transfer recorded twice on one invoice (two staff, one statement line) is refused. */
  private async refuseReferenceTwice(
    tx: Tx,
    table: typeof payments | typeof refunds,
    invoiceId: number,
    moved: { method: PaymentMethod; reference: string | null },
  ): Promise<void> {
    if (!moved.reference) return;
    const [twice] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.invoiceId, invoiceId), eq(table.method, moved.method), eq(table.reference, moved.reference)));
    if (twice) throw conflict('This reference is already recorded on this invoice', { reference: 'Already recorded' });
  }

  /**
   * A credit note against the enquiry's invoice: named cartons and the delivery charge for a changed order, or, for
   * a cancelled one, everything not yet credited.
   */
  async issueCreditNote(orderId: number, body: CreditNoteBody, actor: Actor, siteUrl: string): Promise<CreditNoteDocument> {
    const note = await this.db.transaction(async (tx) => {
      const order = await lockedOrder(tx, orderId);
      const document = await this.creditNoteIn(tx, order, body, actor);
      const pdf = await this.attachmentOf(tx, creditNoteView(document, order.language));
      await enqueueMail(
        tx,
        creditNoteMail(await this.settings.publicShop(tx), addresseeOf(order, this.links, siteUrl), document, pdf),
      );
      return document;
    });
    this.onMail();
    return note;
  }

  /**
   * The credit note written inside a change that holds the enquiry's lock (`order`, as that change leaves it), with
   * its audit entry; what the customer is told of it is the caller's.
   */
  async creditNoteIn(tx: Tx, order: EnquiryRow, body: CreditNoteBody, actor: Actor): Promise<CreditNoteDocument> {
    const everything = body.lines === undefined && body.delivery === undefined;
    if (everything && order.status !== 'cancelled') {
      throw conflict('Only a cancelled enquiry is credited in full: name the lines that changed, or cancel it first');
    }
    const { invoice, credit } = await this.creditOf(tx, order.id, body);
    const { documents } = await this.settings.current(tx);
    const { number, financialYear, serial, at } = await this.numbered(tx, 'credit-note', documents.creditNotePrefix);
    const document = creditNoteDocument({ number, date: istDate(at), reason: body.reason, invoice: invoice.document, credit });
    await tx.insert(creditNotes).values({
      invoiceId: invoice.id,
      number,
      financialYear,
      serial,
      issuedOn: document.date,
      issuedAt: at,
      issuedBy: actor.username,
      document,
      total: document.totals.total,
    });
    await this.audit.record(tx, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'credit-note',
      before: null,
      after: { number, invoice: invoice.number, total: toDecimalString(document.totals.total), reason: body.reason },
    });
    return document;
  }

  /**
   * What a credit note would take back (its lines, tax and total), worked out as issuing it would, storing nothing.
   * Everything left is previewed whatever the status: the staff see it before the cancellation that allows it.
   */
  async previewCreditNote(orderId: number, body: CreditNotePreviewBody): Promise<CreditNotePreview> {
    return this.db.transaction(async (tx) => {
      await lockedOrder(tx, orderId);
      const { credit } = await this.creditOf(tx, orderId, body);
      return { lines: credit.lines, delivery: credit.delivery, totals: credit.totals };
    });
  }

  /** The credit a request asks for against the enquiry's invoice, refused when it cannot be issued now. */
  private async creditOf(tx: Tx, orderId: number, body: CreditNotePreviewBody) {
    const invoice = await this.invoiceOf(tx, orderId);
    const deadline = creditNoteDeadline(invoice.financialYear);
    if (istDate(this.now()) > deadline) {
      throw conflict(`A credit note against a ${invoice.financialYear} invoice could be issued until ${dayText(deadline)}`);
    }
    const request: CreditRequest =
      body.lines === undefined && body.delivery === undefined
        ? { everything: true }
        : { lines: body.lines ?? [], delivery: body.delivery ?? false };
    const earlier = await tx
      .select({ document: creditNotes.document })
      .from(creditNotes)
      .where(eq(creditNotes.invoiceId, invoice.id));
    const credit = creditFor(
      invoice.document,
      earlier.map((row) => row.document),
      request,
    );
    if (!credit.ok) throw invalid(credit.message, credit.field ? { [credit.field]: credit.message } : undefined);
    refuseMissingHsn(credit.lines);
    return { invoice, credit };
  }

  /** An invoice's or a credit note's PDF as an e-mail's attachment, with the logo and signature it was issued with. */
  async attachmentOf(tx: Tx, view: TaxDocumentView, copies?: readonly InvoiceCopy[]): Promise<MailAttachment> {
    return pdfAttachment(view, await this.pictures.of(view), (pdf) => this.signer.sign(pdf, tx), copies);
  }

  /** The payments received in a month ('2026-11'), each with its invoice, in the order they came. */
  paymentsReceivedIn(month: string) {
    return this.db
      .select({
        invoice: invoices.document,
        amount: payments.amount,
        receivedOn: payments.receivedOn,
        method: payments.method,
        reference: payments.reference,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(gte(payments.receivedOn, `${month}-01`), lt(payments.receivedOn, nextMonth(month))))
      .orderBy(asc(payments.receivedOn), asc(payments.id));
  }

  /**
   * The invoices and credit notes dated in a month (each credit note with its invoice), in their numbers' order; 400
   * for a month GST has not had or that has not begun.
   */
  async documentsOf(
    month: string,
  ): Promise<{ issued: InvoiceDocument[]; credited: Array<{ note: CreditNoteDocument; invoice: InvoiceDocument }> }> {
    const problem = gstr1MonthProblem(month, this.now());
    if (problem) throw invalid(problem, { month: problem });
    const from = `${month}-01`;
    const to = nextMonth(month);
    const [issued, credited] = await Promise.all([
      this.db
        .select({ document: invoices.document })
        .from(invoices)
        .where(and(gte(invoices.issuedOn, from), lt(invoices.issuedOn, to)))
        .orderBy(asc(invoices.financialYear), asc(invoices.serial)),
      this.db
        .select({ note: creditNotes.document, invoice: invoices.document })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(and(gte(creditNotes.issuedOn, from), lt(creditNotes.issuedOn, to)))
        .orderBy(asc(creditNotes.financialYear), asc(creditNotes.serial)),
    ]);
    return { issued: issued.map((row) => row.document), credited };
  }

  /** The invoice's basis: the accepted quote, or, only without one, the lines the staff confirmed. */
  private async basisOf(tx: Tx, order: EnquiryRow, body: InvoiceBody): Promise<InvoiceBasis> {
    const quote = await acceptedQuoteOf(tx, order.id);
    const accepted = quote && invoiceBasis(quote.number, quote.priced, quote.placeOfSupply, quote.customerGstin, quote.billing);
    if (accepted && body.confirmed) {
      throw conflict(`Quote ${accepted.quoteNumber} was accepted: the invoice follows it, so confirm no lines`);
    }
    if (accepted) return accepted;
    const { confirmed } = body;
    if (!confirmed) {
      throw conflict('This enquiry has no accepted quote: confirm its lines to invoice it without one', {
        confirmed: 'Confirm the lines',
      });
    }
    const items = await enquiryLines(tx, order.id);
    if (confirmed.lines.length !== items.length) {
      throw invalid(`Confirm one price for each of the enquiry's ${items.length} lines`, { 'confirmed.lines': 'One per line' });
    }
    const placeOfSupply = confirmed.placeOfSupply as GstStateCode;
    const priced = priceQuote(
      items.map((item, index) => {
        const { price, hsnCode, gstRate } = confirmed.lines[index] as (typeof confirmed.lines)[number];
        return { ...sentLineOf(item), price, hsnCode, gstRate };
      }),
      confirmed.delivery,
      placeOfSupply,
      stateOfGstin((await this.settings.current(tx)).business.gstin),
    );
    return invoiceBasis(null, priced, placeOfSupply, confirmed.customerGstin, {
      name: confirmed.billingName,
      address: confirmed.billingAddress,
    });
  }

  /**
   * The next number of a series. The clock is read once the number is ours: whoever issues after us waited for it,
   * so dates never run backwards along the numbers, and a number is never dated in the next financial year.
   */
  private async numbered(tx: Tx, kind: DocumentKind, prefix: string) {
    const financialYear = financialYearOf(this.now());
    const serial = await nextSerial(tx, kind, financialYear);
    const at = this.now();
    if (financialYearOf(at) !== financialYear) {
      throw conflict('The financial year ended while this was being issued: please issue it again');
    }
    return { number: documentNumber(kind, financialYear, serial, prefix), financialYear, serial, at };
  }

  private async invoiceOf(tx: Tx, orderId: number): Promise<InvoiceRow> {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId));
    if (!invoice) throw conflict(`${NO_INVOICE}: issue it first`);
    return invoice;
  }

  /** Read in the transaction one query after another, as `ofOrder` says why. */
  private async position(tx: Tx, invoice: InvoiceRow): Promise<PaymentPosition> {
    const notes = await tx.select({ total: creditNotes.total }).from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
    const paid = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.invoiceId, invoice.id));
    const refunded = await tx.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.invoiceId, invoice.id));
    return this.positionOf(invoice, notes, paid, refunded);
  }

  private positionOf(
    invoice: Pick<InvoiceRow, 'total' | 'document'>,
    notes: ReadonlyArray<{ total: Paise }>,
    paid: ReadonlyArray<{ amount: Paise }>,
    refunded: ReadonlyArray<{ amount: Paise }>,
  ): PaymentPosition {
    const sum = (entries: ReadonlyArray<{ amount: Paise }>) => entries.reduce((total, entry) => total + entry.amount, 0);
    return paymentPosition(
      {
        invoiced: invoice.total,
        credited: notes.reduce((total, note) => total + note.total, 0),
        paid: sum(paid),
        refunded: sum(refunded),
      },
      invoice.document.dueOn,
      istDate(this.now()),
    );
  }
}
