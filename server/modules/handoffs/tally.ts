import { and, asc, eq, gte, lt } from 'drizzle-orm';

import { invalid } from '../../../core/errors.ts';
import { gstr1MonthProblem } from '../../../core/gstr1.ts';
import { SUPPLIER } from '../../../core/invoice.ts';
import { tallyVouchers, tallyXml } from '../../../core/tally.ts';
import type { Db } from '../../db/client.ts';
import { creditNotes, invoices, payments } from '../../db/schema.ts';
import { nextMonth } from '../invoices/service.ts';

/** The month's books for the accountant's TallyPrime: the documents dated in it and the payments received in it. */
export class TallyExport {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async month(month: string): Promise<string> {
    const problem = gstr1MonthProblem(month, this.now());
    if (problem) throw invalid(problem, { month: problem });
    const from = `${month}-01`;
    const to = nextMonth(month);
    const [issued, credited, received] = await Promise.all([
      this.db
        .select({ document: invoices.document })
        .from(invoices)
        .where(and(gte(invoices.issuedOn, from), lt(invoices.issuedOn, to)))
        .orderBy(asc(invoices.financialYear), asc(invoices.serial)),
      this.db
        .select({ document: creditNotes.document })
        .from(creditNotes)
        .where(and(gte(creditNotes.issuedOn, from), lt(creditNotes.issuedOn, to)))
        .orderBy(asc(creditNotes.financialYear), asc(creditNotes.serial)),
      this.db
        .select({
          invoice: invoices.document,
          amount: payments.amount,
          receivedOn: payments.receivedOn,
          method: payments.method,
          reference: payments.reference,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(gte(payments.receivedOn, from), lt(payments.receivedOn, to)))
        .orderBy(asc(payments.receivedOn), asc(payments.id)),
    ]);
    const vouchers = tallyVouchers(
      issued.map((row) => row.document),
      credited.map((row) => row.document),
      received,
    );
    return tallyXml(SUPPLIER.name, vouchers);
  }
}
