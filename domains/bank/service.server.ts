import { createHash } from 'node:crypto';

import { asc, count, desc, eq, inArray, isNotNull, isNull, notExists, type SQL } from 'drizzle-orm';

import { allocationProblem, suggestMatch } from '#domains/bank/matching.ts';
import { bankName, readStatement, type StatementCredit } from '#domains/bank/model.ts';
import type {
  BankCreditConfirm,
  BankCreditPage,
  BankCreditPayment,
  BankCreditState,
  BankCreditView,
  BankStatementUpload,
} from '#domains/bank/schema.ts';
import { bankCreditPayments, bankCredits } from '#domains/bank/tables.ts';
import { openBalances } from '#domains/invoice/open-balances.server.ts';
import { invoiceOrdersByNumber, paymentsByReference, paymentsWithInvoices } from '#domains/invoice/queries.server.ts';
import { type InvoiceService, lockedOrder } from '#domains/invoice/service.server.ts';
import { conflict, invalid, isDomainError, notFound } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import type { Actor } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { onPage } from '#platform/db/lists.ts';

import { statementRows } from './read.server.ts';

type CreditRow = typeof bankCredits.$inferSelect;

const NO_CREDIT = 'No such bank credit';

/**
 * What keeps a credit once across uploads: the bank, the day and the amount with the UTR, or with a hash of the
 * whole row when it has none (a cash deposit, a cheque), so a statement uploaded twice, or two statements that
 * overlap, add nothing the second time.
 */
function creditKey(bank: string, credit: StatementCredit): string {
  const identity = credit.reference ?? `row:${createHash('sha256').update(credit.row).digest('base64url')}`;
  return `${bank}:${credit.bookedOn}:${credit.amount}:${identity}`;
}

const STATE_FILTER: Record<BankCreditState, SQL> = {
  open: isNull(bankCredits.settlement),
  settled: isNotNull(bankCredits.settlement),
};

/**
 * The bank's statement matched to invoices: the staff upload an export, its credits are kept once each, and each is
 * answered with the open invoices it seems to pay (domains/bank/matching.ts); confirming one records its payments
 * through the invoices' own payment code, in one transaction with the credit locked, so a double tap or a second
 * process records nothing twice.
 */
export class BankStatementService {
  constructor(
    private readonly db: Db,
    private readonly invoiceService: InvoiceService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upload(bytes: Buffer, actor: Actor): Promise<BankStatementUpload> {
    const read = readStatement(await statementRows(bytes));
    if ('problem' in read) throw invalid(read.problem);
    const { bank, credits, debits } = read;
    const keys = credits.map((credit) => creditKey(bank, credit));
    const added = await this.db.transaction(async (tx) => {
      if (credits.length === 0) return 0;
      const at = this.now();
      const fresh = await tx
        .insert(bankCredits)
        .values(
          credits.map((credit, index) => ({
            key: keys[index] as string,
            bank,
            bookedOn: credit.bookedOn,
            amount: credit.amount,
            narration: credit.narration,
            reference: credit.reference,
            method: credit.method,
            uploadedBy: actor.username,
            uploadedAt: at,
          })),
        )
        .onConflictDoNothing({ target: bankCredits.key })
        .returning();
      for (const credit of fresh) await this.linkRecorded(tx, credit, actor);
      return fresh.length;
    });
    const rows =
      keys.length === 0
        ? []
        : await this.db
            .select()
            .from(bankCredits)
            .where(inArray(bankCredits.key, keys))
            .orderBy(asc(bankCredits.bookedOn), asc(bankCredits.id));
    return { bank, bankName: bankName(bank), credits: await this.viewsOf(rows), added, repeated: rows.length - added, debits };
  }

  /** The kept credits waiting for the staff (or those settled), the latest day first. */
  async list(query: { state: BankCreditState; page: number; pageSize: number }): Promise<BankCreditPage> {
    const [rows, counts] = await Promise.all([
      onPage(
        this.db
          .select()
          .from(bankCredits)
          .where(STATE_FILTER[query.state])
          .orderBy(desc(bankCredits.bookedOn), desc(bankCredits.id))
          .$dynamic(),
        query,
      ),
      this.db
        .select({ settled: isNotNull(bankCredits.settlement).mapWith(Boolean), rows: count() })
        .from(bankCredits)
        .groupBy(isNotNull(bankCredits.settlement)),
    ]);
    const open = counts.find((row) => !row.settled)?.rows ?? 0;
    const settled = counts.find((row) => row.settled)?.rows ?? 0;
    return {
      items: await this.viewsOf(rows),
      total: query.state === 'open' ? open : settled,
      page: query.page,
      pageSize: query.pageSize,
      counts: { open, settled },
    };
  }

  /**
   * The staff's yes to a credit's match (the suggestion, or the invoices and amounts they changed it to): each
   * becomes a payment by the credit's method and UTR on its day. A credit already settled answers as it stands and
   * records nothing; one whose UTR was recorded by hand since it was uploaded is linked to that payment instead.
   */
  async confirm(id: number, body: BankCreditConfirm, actor: Actor, siteUrl: string): Promise<BankCreditView> {
    const recorded = await this.db.transaction(async (tx) => {
      const [credit] = await tx.select().from(bankCredits).where(eq(bankCredits.id, id)).for('update');
      if (!credit) throw notFound(NO_CREDIT);
      if (credit.settlement || (await this.linkRecorded(tx, credit, actor))) return false;
      const { method, reference } = credit;
      if (!method || !reference) {
        throw conflict('This credit carries no UPI or bank transfer UTR: record it on the invoice as a payment by hand');
      }
      const problem = allocationProblem(credit.amount, body.allocations);
      if (problem) throw invalid(problem, { allocations: problem });
      const numbers = body.allocations.map((entry) => entry.invoice);
      const found = await invoiceOrdersByNumber(tx, numbers);
      const orderOf = new Map(found.map((row) => [row.number, row.orderId]));
      const missing = numbers.find((number) => !orderOf.has(number));
      if (missing) throw invalid(`There is no invoice ${missing}`, { allocations: `No invoice ${missing}` });
      // The enquiries are locked in one order, as every change after the yes locks them, so two never wait on each other.
      const ordered = [...body.allocations].sort((a, b) => (orderOf.get(a.invoice) ?? 0) - (orderOf.get(b.invoice) ?? 0));
      for (const entry of ordered) {
        const order = await lockedOrder(tx, orderOf.get(entry.invoice) as number);
        const payment = { amount: entry.amount, receivedOn: credit.bookedOn, method, reference };
        const paymentId = await this.invoiceService.paymentIn(tx, order, payment, actor, siteUrl).catch((error: unknown) => {
          throw isDomainError(error) ? Object.assign(error, { message: `${entry.invoice}: ${error.message}` }) : error;
        });
        await tx.insert(bankCreditPayments).values({ creditId: id, paymentId });
      }
      await tx
        .update(bankCredits)
        .set({ settlement: 'confirmed', settledBy: actor.username, settledAt: this.now() })
        .where(eq(bankCredits.id, id));
      return true;
    });
    if (recorded) this.invoiceService.mailed();
    const [row] = await this.db.select().from(bankCredits).where(eq(bankCredits.id, id));
    return (await this.viewsOf([row as CreditRow]))[0] as BankCreditView;
  }

  /**
   * Settles a credit whose UTR is already on payments no other credit holds: it was recorded by hand, so it is
   * linked to them and no payment is made. Answers whether it was.
   */
  private async linkRecorded(tx: Tx, credit: CreditRow, actor: Actor): Promise<boolean> {
    if (!credit.reference) return false;
    const recorded = await paymentsByReference(tx, credit.reference, (paymentId) =>
      notExists(tx.select().from(bankCreditPayments).where(eq(bankCreditPayments.paymentId, paymentId))),
    );
    if (recorded.length === 0) return false;
    await tx.insert(bankCreditPayments).values(recorded.map((payment) => ({ creditId: credit.id, paymentId: payment.id })));
    await tx
      .update(bankCredits)
      .set({ settlement: 'already-recorded', settledBy: actor.username, settledAt: this.now() })
      .where(eq(bankCredits.id, credit.id));
    return true;
  }

  /** The payments linked to these credits, by payment id, each with its credit, invoice and enquiry. */
  private async linkedPayments(creditIds: readonly number[]) {
    const links = await this.db
      .select({ creditId: bankCreditPayments.creditId, paymentId: bankCreditPayments.paymentId })
      .from(bankCreditPayments)
      .where(inArray(bankCreditPayments.creditId, [...creditIds]));
    if (links.length === 0) return [];
    const paid = await paymentsWithInvoices(
      this.db,
      links.map((link) => link.paymentId),
    );
    return paid.flatMap(({ id, ...payment }) =>
      links.filter((link) => link.paymentId === id).map((link) => ({ creditId: link.creditId, ...payment })),
    );
  }

  /** The credits with their payments (settled ones) or suggestions (open ones, against today's open balances). */
  private async viewsOf(rows: readonly CreditRow[]): Promise<BankCreditView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const settledIds = rows.filter((row) => row.settlement).map((row) => row.id);
    const [linked, open] = await Promise.all([
      settledIds.length === 0 ? [] : this.linkedPayments(ids),
      rows.some((row) => !row.settlement) ? openBalances(this.db, istDate(this.now())) : [],
    ]);
    return rows.map((row) => {
      const paid: BankCreditPayment[] = linked
        .filter((link) => link.creditId === row.id)
        .map(({ orderId, invoice, amount }) => ({ orderId, invoice, amount }));
      const taken = paid.reduce((sum, payment) => sum + payment.amount, 0);
      return {
        id: row.id,
        bank: row.bank,
        bankName: bankName(row.bank),
        bookedOn: row.bookedOn,
        amount: row.amount,
        narration: row.narration,
        reference: row.reference,
        method: row.method,
        settlement: row.settlement,
        payments: paid,
        unallocated: row.settlement ? Math.max(0, row.amount - taken) : 0,
        suggestion: row.settlement ? null : suggestMatch(row, open),
      };
    });
  }
}
