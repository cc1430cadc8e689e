import { and, asc, eq, isNull } from 'drizzle-orm';

import { cancellationProblem, type EInvoice, eInvoiceOf, irpAnswerProblem } from '#domains/handoff/e-invoice.ts';
import { CANCEL_REASONS, type EInvoiceAnswerBody, type EInvoiceCancelBody } from '#domains/handoff/schema.ts';
import { eInvoices } from '#domains/handoff/tables.ts';
import { shopDispatchFrom } from '#domains/invoice/dispatch.ts';
import type { CreditNoteDocument, InvoiceDocument, OrderInvoice } from '#domains/invoice/model.ts';
import { creditNoteIdOf, invoiceIdOf } from '#domains/invoice/queries.server.ts';
import { awaitingIrn, type InvoiceService, lockedOrder } from '#domains/invoice/service.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import type { EInvoiceRecord } from '#domains/tax/document.ts';
import { conflict, invalid } from '#lib/errors.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { isUniqueViolation } from '#platform/idempotency/keys.ts';

/** A stored answer of the portal as the staff see it. */
const eInvoiceRecordOf = (row: typeof eInvoices.$inferSelect): EInvoiceRecord => ({
  documentNumber: row.documentNumber,
  irn: row.irn,
  ackNo: row.ackNo,
  ackDate: row.ackDate,
  signedQrCode: row.signedQrCode,
  recordedBy: row.recordedBy,
  recordedAt: row.recordedAt.toISOString(),
  cancelled:
    row.cancelDate === null
      ? null
      : {
          date: row.cancelDate,
          reason: row.cancelReason ?? '',
          remark: row.cancelRemark ?? '',
          recordedBy: row.cancelRecordedBy ?? '',
        },
});

/** The portal's answers recorded for an invoice's documents, oldest first (read in `db`, a transaction's when given). */
export async function registrationsOf(db: Pick<Db, 'select'>, invoiceId: number): Promise<EInvoiceRecord[]> {
  const registered = await db.select().from(eInvoices).where(eq(eInvoices.invoiceId, invoiceId)).orderBy(asc(eInvoices.id));
  return registered.map(eInvoiceRecordOf);
}

/** The invoice, or its n-th credit note (from 1), of an order. */
function documentOf(order: OrderInvoice, creditNote: number | undefined): InvoiceDocument | CreditNoteDocument {
  if (creditNote === undefined) return order.invoice;
  const note = order.creditNotes[creditNote - 1];
  if (!note) {
    const message = `This order has ${order.creditNotes.length} credit note(s), not a credit note ${creditNote}`;
    throw invalid(message, { creditNote: message });
  }
  return note;
}
const nameOf = (document: InvoiceDocument | CreditNoteDocument) =>
  `${'reason' in document ? 'Credit note' : 'Invoice'} ${document.number}`;

/**
 * E-invoicing by hand-off (docs/decisions/502-hand-offs-e-way-bill-tally-and-e-invoice.md): the portal's JSON for an order's
 * invoice or credit note, the portal's answer recorded (which sends a held invoice to its customer), and the IRN's
 * cancellation within the portal's 24 hours. No credential for the portal is held: the files are the hand-off.
 */
export class EInvoices {
  constructor(
    private readonly db: Db,
    private readonly invoices: InvoiceService,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The JSON to upload, whether or not e-invoicing is on (the accountant may check it); 400 naming what is missing. */
  async file(orderId: number, creditNote: number | undefined): Promise<{ number: string; json: EInvoice }> {
    const document = documentOf(await this.invoices.forOrder(orderId), creditNote);
    return { number: document.number, json: await this.jsonOf(document) };
  }

  private async jsonOf(document: InvoiceDocument | CreditNoteDocument, db?: Tx): Promise<EInvoice> {
    const { dispatch } = await this.settings.current(db);
    const result = eInvoiceOf(document, shopDispatchFrom(dispatch), document.issuer ?? null);
    if (!result.ok) throw invalid(result.message, { [result.field]: result.message });
    return result.json;
  }

  /**
   * The portal's answer to the invoice or a credit note: checked against the document (its signed QR code must name
   * it), stored once, and, for an invoice held for it, the customer's e-mail with the registered PDF written in the
   * same transaction. The same answer again (a double click, a retry, a second process) changes nothing; another IRN
   * for a document that has one is refused.
   */
  async recordAnswer(orderId: number, body: EInvoiceAnswerBody, actor: Actor, siteUrl: string): Promise<OrderInvoice> {
    const { Irn: irn, AckNo: ackNo, AckDt: ackDate, SignedInvoice: signedInvoice, SignedQRCode: signedQrCode } = body.answer;
    let mailed = false;
    try {
      mailed = await this.db.transaction(async (tx) => {
        const order = await lockedOrder(tx, orderId);
        const current = await this.current(tx, orderId);
        const document = documentOf(current, body.creditNote);
        await this.jsonOf(document, tx);
        const answer = { irn, ackNo, ackDate, signedInvoice, signedQrCode };
        const problem = irpAnswerProblem(answer, document);
        if (problem) throw invalid(problem.message, { [`answer.${problem.field}`]: problem.message });
        const recorded = current.eInvoices.find((record) => record.documentNumber === document.number);
        if (recorded?.irn === irn) return false;
        if (recorded) throw conflict(`${nameOf(document)} is registered already, with the IRN ${recorded.irn}`);
        await tx.insert(eInvoices).values({
          invoiceId: await invoiceIdOf(tx, orderId),
          creditNoteId: body.creditNote === undefined ? null : await creditNoteIdOf(tx, orderId, body.creditNote),
          documentNumber: document.number,
          ...answer,
          recordedBy: actor.username,
          recordedAt: this.now(),
        });
        await this.audit.record(tx, actor, {
          entity: 'order',
          entityId: orderId,
          action: 'e-invoice-answer',
          before: null,
          after: { document: document.number, irn, ackNo, ackDate },
        });
        if (body.creditNote !== undefined || !awaitingIrn(current)) return false;
        await this.invoices.mailInvoice(tx, order, siteUrl);
        return true;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This IRN is recorded already, for another document');
      throw error;
    }
    if (mailed) this.invoices.mailed();
    return this.invoices.forOrder(orderId);
  }

  /**
   * The portal's cancellation of a document's IRN, within 24 hours of its acknowledgement: written once on its answer;
   * the same cancellation again changes nothing.
   */
  async cancel(orderId: number, body: EInvoiceCancelBody, actor: Actor): Promise<OrderInvoice> {
    await this.db.transaction(async (tx) => {
      await lockedOrder(tx, orderId);
      const document = documentOf(await this.current(tx, orderId), body.creditNote);
      const [record] = await tx.select().from(eInvoices).where(eq(eInvoices.documentNumber, document.number));
      if (!record) throw conflict(`${nameOf(document)} has no IRN recorded: there is nothing to cancel`);
      if (record.irn !== body.Irn) {
        const message = `${nameOf(document)} has the IRN ${record.irn}, not this one`;
        throw invalid(message, { Irn: message });
      }
      if (record.cancelDate === body.CancelDate) return;
      if (record.cancelDate) throw conflict(`This IRN was cancelled already, on ${record.cancelDate}`);
      const problem = cancellationProblem(record.ackDate, body.CancelDate);
      if (problem) throw invalid(problem, { CancelDate: problem });
      await tx
        .update(eInvoices)
        .set({
          cancelDate: body.CancelDate,
          cancelReason: CANCEL_REASONS[body.reason],
          cancelRemark: body.remark,
          cancelRecordedBy: actor.username,
          cancelRecordedAt: this.now(),
        })
        .where(and(eq(eInvoices.id, record.id), isNull(eInvoices.cancelDate)));
      await this.audit.record(tx, actor, {
        entity: 'order',
        entityId: orderId,
        action: 'e-invoice-cancelled',
        before: { irn: record.irn },
        after: { document: document.number, cancelDate: body.CancelDate, reason: CANCEL_REASONS[body.reason] },
      });
    });
    return this.invoices.forOrder(orderId);
  }

  private async current(tx: Tx, orderId: number): Promise<OrderInvoice> {
    const current = await this.invoices.ofOrder(orderId, tx);
    if (!current) throw conflict('This enquiry has no invoice yet: issue it first');
    return current;
  }
}
