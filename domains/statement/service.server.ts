import { enquiryContacts } from '#domains/enquiry/rows.server.ts';
import { openBalances } from '#domains/invoice/open-balances.server.ts';
import { PAYMENT_METHOD_WORDS, type PaymentMethod } from '#domains/invoice/payments.ts';
import { invoiceHistoryOf } from '#domains/invoice/queries.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import { issuerOf } from '#domains/settings/shop.ts';
import { ageingOf, type AgeingReport } from '#domains/statement/ageing.ts';
import { statementMail } from '#domains/statement/mail.server.ts';
import {
  type CustomerStatement,
  type StatementItem,
  statementOf,
  statementPeriod,
  type StatementSent,
} from '#domains/statement/model.ts';
import { renderStatementPdf, statementFilename } from '#domains/statement/pdf.server.ts';
import type { Issuer } from '#domains/tax/document.ts';
import { notFound } from '#lib/errors.ts';
import { istDate } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db } from '#platform/db/client.ts';
import { answerOf, fingerprintOf, isUniqueViolation, type KeyedRequest, rememberAnswer } from '#platform/idempotency/keys.ts';
import { enqueueMail } from '#platform/mail/outbox.ts';

/** How money moved, as the statement names it: 'UPI 412345678901', 'Bank transfer …', 'Cash'. */
const movedBy = ({ method, reference }: { method: PaymentMethod; reference: string | null }): string =>
  [PAYMENT_METHOD_WORDS[method], reference].filter(Boolean).join(' ');

/**
 * What customers owe: one customer's statement of account over a period (domains/statement/model.ts), and the ageing of every
 * open invoice (domains/statement/ageing.ts). Read from the invoices, credit notes, payments and refunds as issued and recorded.
 */
export class StatementService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly settings: SettingsService,
    private readonly now: () => Date = () => new Date(),
    private readonly onMail: () => void = () => {},
  ) {}

  /** The shop as a statement printed now names it. */
  async shop(): Promise<Issuer> {
    const [settings, demo] = await Promise.all([this.settings.current(), this.settings.isDemo()]);
    return issuerOf(settings, demo);
  }

  async statement(customerId: number, asked: { from?: string; to?: string }): Promise<CustomerStatement> {
    const enquiries = await enquiryContacts(this.db, { customerId });
    // A customer's address is their first enquiry's id: a later enquiry's id is not one.
    if (!enquiries.some((enquiry) => enquiry.id === customerId)) throw notFound(`Customer ${customerId} not found`);
    return this.statementOf(customerId, enquiries, asked);
  }

  /**
   * A signed-in customer's own statement: the enquiries they sent while signed in, and no others (a customer record
   * also joins guests who shared an e-mail or a phone, which may be someone else at the same office). Null while
   * they have sent none.
   */
  async ownStatement(userId: number, asked: { from?: string; to?: string }): Promise<CustomerStatement | null> {
    const enquiries = await enquiryContacts(this.db, { userId });
    const first = enquiries.at(-1);
    return first ? this.statementOf(first.customerId ?? first.id, enquiries, asked) : null;
  }

  private async statementOf(
    customerId: number,
    enquiries: Array<{ id: number; name: string; email: string; phone: string | null; language: Language }>,
    asked: { from?: string; to?: string },
  ): Promise<CustomerStatement> {
    const latest = enquiries[0] as (typeof enquiries)[number];
    const { issued, notes, paid, refunded } = await invoiceHistoryOf(
      this.db,
      enquiries.map((enquiry) => enquiry.id),
    );
    const numberOf = new Map(issued.map((invoice) => [invoice.id, invoice.number]));
    /** A payment received or a refund paid out: named by how the money moved, on its invoice. */
    const moneyMoved = (
      kind: 'payment' | 'refund',
      date: string,
      moved: Pick<(typeof paid)[number], 'invoiceId' | 'amount' | 'method' | 'reference'>,
    ): StatementItem => ({
      kind,
      date,
      reference: movedBy(moved),
      invoiceNumber: numberOf.get(moved.invoiceId) ?? '',
      amount: moved.amount,
      paidBy: { method: moved.method, reference: moved.reference },
    });
    const items: StatementItem[] = [
      ...issued.map((invoice) => ({
        kind: 'invoice' as const,
        date: invoice.issuedOn,
        reference: invoice.number,
        invoiceNumber: invoice.number,
        amount: invoice.total,
      })),
      ...notes.map((note) => ({
        kind: 'credit-note' as const,
        date: note.issuedOn,
        reference: note.number,
        invoiceNumber: numberOf.get(note.invoiceId) ?? '',
        amount: note.total,
      })),
      ...paid.map((payment) => moneyMoved('payment', payment.receivedOn, payment)),
      // Money paid back to the customer raises what they owe, as an invoice does.
      ...refunded.map((refund) => moneyMoved('refund', refund.paidOn, refund)),
    ];
    const recipient = issued.at(-1)?.document.recipient;
    return {
      customer: {
        id: customerId,
        name: latest.name,
        email: latest.email,
        phone: latest.phone,
        billedTo: recipient
          ? [recipient.name, recipient.address, recipient.gstin ? `GSTIN ${recipient.gstin}` : ''].filter(Boolean)
          : [latest.name],
        // A statement is the customer's, not one enquiry's: it speaks the language they last wrote in.
        language: latest.language,
      },
      ...statementOf(items, statementPeriod(asked, this.now())),
    };
  }

  /**
   * E-mails the statement with its PDF to the address of the customer's latest enquiry, with its audit entry. With an
   * Idempotency-Key (`key`) a repeat (a double click, a retry) answers what the first did and sends nothing more.
   */
  async emailStatement(
    customerId: number,
    asked: { from?: string; to?: string },
    actor: Actor,
    key: string | null,
  ): Promise<StatementSent> {
    const statement = await this.statement(customerId, asked);
    const answer: StatementSent = { sentTo: statement.customer.email, from: statement.from, to: statement.to };
    const keyed: KeyedRequest | null =
      key === null
        ? null
        : {
            scope: 'statement-mail',
            key,
            fingerprint: fingerprintOf({ customerId, from: statement.from, to: statement.to }),
            mismatchMessage: 'This Idempotency-Key was already used for another statement',
          };
    const pdf = await renderStatementPdf(statement, await this.shop());
    try {
      const sent = await this.db.transaction(async (tx) => {
        const first = keyed && (await answerOf<StatementSent>(tx, keyed, this.now()));
        if (first) return null;
        await enqueueMail(
          tx,
          statementMail(
            await this.settings.publicShop(tx),
            { name: statement.customer.name, email: statement.customer.email, language: statement.customer.language },
            statement,
            {
              filename: statementFilename(statement),
              contentType: 'application/pdf',
              base64: pdf.toString('base64'),
            },
          ),
        );
        await this.audit.record(tx, actor, {
          entity: 'customer',
          entityId: customerId,
          action: 'statement-sent',
          before: null,
          after: { ...answer, closingBalance: statement.closingBalance },
        });
        if (keyed) await rememberAnswer(tx, keyed, answer, this.now());
        return answer;
      });
      if (sent) this.onMail();
    } catch (error) {
      // The same key at the same moment: the other request's e-mail stands, this one sends nothing.
      if (!(keyed && isUniqueViolation(error))) throw error;
    }
    return answer;
  }

  /** Every customer's open invoices by how long they are past due, as of today in India. */
  async ageing(): Promise<AgeingReport> {
    const today = istDate(this.now());
    return ageingOf(await openBalances(this.db, today), today);
  }
}
