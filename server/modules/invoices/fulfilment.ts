import { desc, eq } from 'drizzle-orm';

import { consignmentValue, type DispatchDetails, dispatchProblems } from '../../../core/dispatch.ts';
import { conflict, invalid } from '../../../core/errors.ts';
import { istDate } from '../../../core/reply-promise.ts';
import type { StatusChange } from '../../../core/schemas/admin.ts';
import type { Tx } from '../../db/client.ts';
import { dispatches, invoices, orderNotices } from '../../db/schema.ts';
import type { Actor, AuditLog } from '../audit/service.ts';
import type { StatusSteps } from '../enquiries/admin-service.ts';
import type { EnquiryRow } from '../enquiries/rows.ts';
import type { StatusLinks } from '../enquiries/status-links.ts';
import { type Addressee, cancelledMail, deliveredMail, dispatchedMail } from '../mail/order-messages.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { addresseeOf } from './service.ts';

type DispatchRow = typeof dispatches.$inferSelect;

const detailsOf = (row: DispatchRow): DispatchDetails => ({
  transporter: row.transporter,
  docketNumber: row.docketNumber,
  vehicleNumber: row.vehicleNumber,
  expectedOn: row.expectedOn,
  ewayBillNumber: row.ewayBillNumber,
});
const sameDetails = (row: DispatchRow, details: DispatchDetails) => {
  const recorded = detailsOf(row);
  return (Object.keys(recorded) as Array<keyof DispatchDetails>).every((key) => recorded[key] === details[key]);
};

/**
 * What a status change does after the yes, inside the change's own transaction: 'shipped' needs the invoice and the
 * dispatch details (recorded, and e-mailed to the customer, when they are new); 'delivered' and 'cancelled' e-mail
 * the customer once per enquiry, however often the staff change the status back and forth.
 */
export class Fulfilment implements StatusSteps {
  constructor(
    private readonly audit: AuditLog,
    private readonly links: StatusLinks,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async apply(tx: Tx, order: EnquiryRow, change: StatusChange, actor: Actor, siteUrl: string): Promise<boolean> {
    const to = addresseeOf(order, this.links, siteUrl);
    if (change.status === 'shipped') return this.ship(tx, order, change.dispatch, actor, to);
    if (change.status === order.status) return false;
    if (change.status === 'delivered') return this.once(tx, order.id, 'delivered', deliveredMail(to));
    if (change.status === 'cancelled') {
      const [invoice] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id));
      return this.once(tx, order.id, 'cancelled', cancelledMail(to, invoice?.number ?? null));
    }
    return false;
  }

  private async ship(
    tx: Tx,
    order: EnquiryRow,
    details: DispatchDetails | undefined,
    actor: Actor,
    to: Addressee,
  ): Promise<boolean> {
    const [invoice] = await tx.select({ document: invoices.document }).from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) throw conflict('Issue the invoice before dispatch: the goods travel with it');
    const [latest] = await tx
      .select()
      .from(dispatches)
      .where(eq(dispatches.orderId, order.id))
      .orderBy(desc(dispatches.id))
      .limit(1);
    if (!details) {
      // Marked shipped again after a step back: the dispatch on record still stands.
      if (latest) return false;
      throw invalid('Give the dispatch details to mark it shipped: transporter, docket or LR number and expected delivery date', {
        dispatch: 'Required with shipped',
      });
    }
    const value = consignmentValue(invoice.document);
    const problems = dispatchProblems(details, value, istDate(this.now()));
    const [first] = Object.values(problems);
    if (first) {
      throw invalid(
        first,
        Object.fromEntries(Object.entries(problems).map(([field, message]) => [`dispatch.${field}`, message])),
      );
    }
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
    await enqueueMail(tx, dispatchedMail(to, details));
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
