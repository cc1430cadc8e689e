import { tallyVouchers, tallyXml } from '#domains/handoff/tally.ts';
import type { InvoiceService } from '#domains/invoice/service.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';

/** The month's books for the accountant's TallyPrime: the documents dated in it and the payments received in it. */
export class TallyExport {
  constructor(
    private readonly invoices: InvoiceService,
    private readonly settings: SettingsService,
  ) {}

  async month(month: string): Promise<string> {
    const { issued, credited } = await this.invoices.documentsOf(month);
    const received = await this.invoices.paymentsReceivedIn(month);
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
