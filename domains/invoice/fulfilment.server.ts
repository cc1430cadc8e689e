import { asc, desc, eq } from 'drizzle-orm';

import type { EnquiryRow } from '#domains/enquiry/rows.server.ts';
import type { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import { consignmentValue, type DispatchDetails, dispatchProblems, shopDispatchFrom } from '#domains/invoice/dispatch.ts';
import { creditNoteView } from '#domains/invoice/invoice-view.ts';
import { type Addressee, cancelledMail, creditNoteMail, deliveredMail, dispatchedMail } from '#domains/invoice/mail.server.ts';
import type { StatusChange } from '#domains/invoice/schema.ts';
import { creditNotes, dispatches, invoices, orderNotices } from '#domains/invoice/tables.ts';
import { pincodeIn } from '#domains/settings/pincode.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import { invalid } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import { toPaise } from '#lib/money.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Tx } from '#platform/db/client.ts';
import type { OutgoingMail } from '#platform/mail/outbox.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';

import { addresseeOf, type InvoiceService } from './service.server.ts';

type DispatchRow = typeof dispatches.$inferSelect;

const detailsOf = (row: DispatchRow): DispatchDetails => ({
  transporter: row.transporter,
  docketNumber: row.docketNumber,
  vehicleNumber: row.vehicleNumber,
  expectedOn: row.expectedOn,
  ewayBillNumber: row.ewayBillNumber,
  distanceKm: row.distanceKm,
  transportMode: row.transportMode,
  transporterId: row.transporterId,
  transportDocDate: row.transportDocDate,
});
const sameDetails = (row: DispatchRow, details: DispatchDetails) => {
  const recorded = detailsOf(row);
  return (Object.keys(recorded) as Array<keyof DispatchDetails>).every((key) => recorded[key] === details[key]);
};

/**
 * What a status change does for the customer, inside the change's own transaction: 'shipped' with dispatch details
 * records them and e-mails them when they are new (without them, or without an invoice, the order waits on the today
 * list to be completed); 'delivered' and 'cancelled' e-mail the customer once per enquiry, however often the staff
 * change the status back and forth; 'cancelled' of an invoiced enquiry may issue, in the same step, the credit note
 * for everything not yet credited. What the e-mails say is read here from what exists, never from the request.
 * The staff's order list (domains/order-file/admin-service.server.ts) takes it as its StatusSteps, wired in
 * server/services.ts.
 */
export class Fulfilment {
  constructor(
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    private readonly invoices: InvoiceService,
    /** The dispatch-from address in force, for the distance's check. */
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async apply(tx: Tx, order: EnquiryRow, change: StatusChange, actor: Actor, siteUrl: string): Promise<boolean> {
    const to = addresseeOf(order, this.links, siteUrl);
    const shop = await this.settings.publicShop(tx);
    if (change.status === 'shipped') return this.ship(tx, order, change.dispatch, actor, shop, to);
    // The current status again does nothing: a second click on a cancellation issues no second credit note.
    if (change.status === order.status) return false;
    if (change.status === 'delivered') return this.once(tx, order.id, 'delivered', deliveredMail(shop, to));
    if (change.status === 'cancelled') return this.cancel(tx, order, change.creditNote, actor, shop, to);
    return false;
  }

  private async ship(
    tx: Tx,
    order: EnquiryRow,
    details: DispatchDetails | undefined,
    actor: Actor,
    shop: PublicShop,
    to: Addressee,
  ): Promise<boolean> {
    // Shipped without the details: nothing to tell the customer yet.
    if (!details) return false;
    const [invoice] = await tx.select({ document: invoices.document }).from(invoices).where(eq(invoices.orderId, order.id));
    // The e-way bill rule counts the invoice's goods; before there is one, the enquiry's total is the best measure.
    const value = invoice ? consignmentValue(invoice.document) : toPaise(order.total);
    const { dispatch: dispatchFrom } = await this.settings.current(tx);
    const route = { from: shopDispatchFrom(dispatchFrom).pincode, to: pincodeIn(order.deliveryLocation) };
    const problems = dispatchProblems(details, value, istDate(this.now()), route);
    const [first] = Object.values(problems);
    if (first) {
      throw invalid(
        first,
        Object.fromEntries(Object.entries(problems).map(([field, message]) => [`dispatch.${field}`, message])),
      );
    }
    const [latest] = await tx
      .select()
      .from(dispatches)
      .where(eq(dispatches.orderId, order.id))
      .orderBy(desc(dispatches.id))
      .limit(1);
    if (latest && sameDetails(latest, details)) return false;
    await tx.insert(dispatches).values({
      orderId: order.id,
      ...details,
      consignmentValue: value,
      recordedBy: actor.username,
      recordedAt: this.now(),
    });
    await this.audit.record(tx, actor, {
      entity: 'order',
      entityId: order.id,
      action: 'dispatch',
      before: latest ? detailsOf(latest) : null,
      after: details,
    });
    await enqueueMail(tx, dispatchedMail(shop, to, details));
    return true;
  }

  private async cancel(
    tx: Tx,
    order: EnquiryRow,
    creditNote: StatusChange['creditNote'],
    actor: Actor,
    shop: PublicShop,
    to: Addressee,
  ): Promise<boolean> {
    const issued = creditNote ? await this.invoices.creditNoteIn(tx, { ...order, status: 'cancelled' }, creditNote, actor) : null;
    const documents = await tx
      .select({ invoice: invoices.number, note: creditNotes.number, total: creditNotes.total })
      .from(invoices)
      .leftJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(creditNotes.id));
    const notes = documents.flatMap((row) =>
      row.note === null || row.total === null ? [] : [{ number: row.note, total: row.total }],
    );
    const pdf = issued ? await this.invoices.attachmentOf(tx, creditNoteView(issued, order.language)) : null;
    const told = await this.once(tx, order.id, 'cancelled', cancelledMail(shop, to, documents[0]?.invoice ?? null, notes, pdf));
    if (told || !issued || !pdf) return told;
    // Cancelled once before (and told then): the credit note goes with its own e-mail, as one issued later would.
    await enqueueMail(tx, creditNoteMail(shop, to, issued, pdf));
    return true;
  }

  /** Queues the e-mail unless this enquiry's customer already had this notice. */
  private async once(tx: Tx, orderId: number, notice: string, mail: OutgoingMail): Promise<boolean> {
    const written = await tx
      .insert(orderNotices)
      .values({ orderId, notice })
      .onConflictDoNothing()
      .returning({ notice: orderNotices.notice });
    if (written.length === 0) return false;
    await enqueueMail(tx, mail);
    return true;
  }
}
