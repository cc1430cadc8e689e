import { and, asc, eq, gte, lt } from 'drizzle-orm';

import { tallyVouchers, tallyXml } from '#domains/handoff/tally.ts';
import { type InvoiceService, nextMonth } from '#domains/invoice/service.server.ts';
import { invoices, payments } from '#domains/invoice/tables.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import type { Db } from '#platform/db/client.ts';

/** The month's books for the accountant's TallyPrime: the documents dated in it and the payments received in it. */
export class TallyExport {
  constructor(
    private readonly db: Db,
    private readonly invoices: InvoiceService,
    private readonly settings: SettingsService,
  ) {}

  async month(month: string): Promise<string> {
    const { issued, credited } = await this.invoices.documentsOf(month);
    const received = await this.db
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
    const { business, tally } = await this.settings.current();
    const vouchers = tallyVouchers(
      issued,
      credited.map((row) => row.note),
      received,
      tally,
    );
    return tallyXml(business.legalName, vouchers);
  }
}
