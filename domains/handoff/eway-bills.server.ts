import { type EwayBill, type EwayBillFile, ewayBillFile, ewayBillOf } from '#domains/handoff/eway-bill.ts';
import {
  consignmentValue,
  type DispatchDetails,
  type DispatchFrom,
  EWAY_BILL_THRESHOLD,
  shopDispatchFrom,
} from '#domains/invoice/dispatch.ts';
import type { InvoiceDocument } from '#domains/invoice/model.ts';
import { dispatchesOf, invoicesIssuedBetween } from '#domains/invoice/queries.server.ts';
import type { InvoiceService } from '#domains/invoice/service.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { invalid } from '#lib/errors.ts';
import type { Db } from '#platform/db/client.ts';

/** The e-way bill files for the portal's bulk upload: one order's invoice, or every consignment of some days. */
export class EwayBills {
  constructor(
    private readonly db: Db,
    private readonly invoices: InvoiceService,
    private readonly settings: SettingsService,
  ) {}

  /** The file for the order's invoice and its dispatch in force (404 without an invoice, 400 naming what is missing). */
  async ofOrder(orderId: number): Promise<{ number: string; file: EwayBillFile }> {
    const { invoice, dispatches: sent } = await this.invoices.forOrder(orderId);
    const from = await this.dispatchFrom();
    return { number: invoice.number, file: ewayBillFile([billOf(invoice, sent[0] ?? null, from)]) };
  }

  /**
   * The file for every invoice issued from `from` to `to` (days, both included) whose consignment travels with an
   * e-way bill (over ₹50,000): what the staff upload at once. None answers 400, as the portal takes no empty list.
   */
  async ofDays(from: string, to: string): Promise<EwayBillFile> {
    const issued = await invoicesIssuedBetween(this.db, from, to);
    const due = issued.filter((row) => consignmentValue(row.document) > EWAY_BILL_THRESHOLD);
    if (due.length === 0) {
      throw invalid(`No invoice from ${from} to ${to} is over ₹50,000: there is no e-way bill to make`);
    }
    const sent = await dispatchesOf(
      this.db,
      due.map((row) => row.orderId),
    );
    const leaving = await this.dispatchFrom();
    return ewayBillFile(
      due.map((row) => billOf(row.document, sent.find((entry) => entry.orderId === row.orderId) ?? null, leaving)),
    );
  }

  /** Where the cartons leave from: the settings' dispatch section in force when the file is made. */
  async dispatchFrom(): Promise<DispatchFrom> {
    return shopDispatchFrom((await this.settings.current()).dispatch);
  }
}

function billOf(invoice: InvoiceDocument, dispatch: DispatchDetails | null, from: DispatchFrom): EwayBill {
  const result = ewayBillOf(invoice, dispatch, from);
  if (!result.ok) throw invalid(result.message, { [result.field]: result.message });
  return result.bill;
}
