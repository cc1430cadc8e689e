import { type Gstr1, gstr1 } from '#domains/handoff/gstr1.ts';
import { tallyVouchers, tallyXml } from '#domains/handoff/tally.ts';
import type { InvoiceService } from '#domains/invoice/service.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';

/** The files a month's invoices and credit notes are handed on in: to the GST portal, and to the accountant. */
export class MonthFiles {
  constructor(
    private readonly invoices: InvoiceService,
    private readonly settings: SettingsService,
  ) {}

  /** The month's GSTR-1: its tables, from the invoices and credit notes dated in it, under the shop's GSTIN. */
  async gstr1(month: string): Promise<Gstr1> {
    const { issued, credited } = await this.invoices.documentsOf(month);
    return gstr1(month, (await this.settings.current()).business.gstin, issued, credited);
  }

  /** The month's books for the accountant's TallyPrime: the documents dated in it and the payments received in it. */
  async tally(month: string): Promise<string> {
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
