import { type Gstr1, gstr1 } from '#domains/handoff/gstr1.ts';
import type { InvoiceService } from '#domains/invoice/service.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';

/** The month's GSTR-1: its tables, from the invoices and credit notes dated in it, under the shop's GSTIN. */
export class Gstr1Report {
  constructor(
    private readonly invoices: InvoiceService,
    private readonly settings: SettingsService,
  ) {}

  async month(month: string): Promise<Gstr1> {
    const { issued, credited } = await this.invoices.documentsOf(month);
    return gstr1(month, (await this.settings.current()).business.gstin, issued, credited);
  }
}
