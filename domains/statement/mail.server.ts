/** A customer's statement of account, e-mailed on the staff's request: its rows as the table, the PDF attached. */
import type { PublicShop } from '#domains/settings/shop.ts';
import { balanceText, type Statement, statementDue, statementLines } from '#domains/statement/model.ts';
import { dateText } from '#lib/calendar.ts';
import { formatRupees } from '#lib/money.ts';
import { renderMail } from '#platform/mail/layout.tsx';
import type { MailAttachment, OutgoingMail } from '#platform/mail/outbox.ts';

export function statementMail(
  shop: PublicShop,
  to: { name: string; email: string },
  statement: Statement,
  pdf: MailAttachment,
): OutgoingMail {
  const period = `${dateText(statement.from)} to ${dateText(statement.to)}`;
  const mail = renderMail({
    shop,
    to: to.email,
    subject: `Statement of account, ${period}`,
    greeting: `Dear ${to.name},`,
    intro: [`Here is your statement of account with ${shop.name} from ${period}.`, statementDue(statement.closingBalance)],
    table: {
      caption: `Statement of account, ${period}`,
      rows: statementLines(statement).map((line) => ({
        label: `${line.date}: ${line.particulars}`,
        ...(line.debit || line.credit
          ? { detail: line.debit ? `${line.debit} owed` : `${line.credit} received or credited` }
          : {}),
        amount: line.balance,
      })),
      sums: [
        { label: 'Total debits', amount: formatRupees(statement.debits) },
        { label: 'Total credits', amount: formatRupees(statement.credits) },
        { label: 'Closing balance', amount: balanceText(statement.closingBalance), strong: true },
      ],
    },
    outro: [
      `The statement is attached as a PDF (${pdf.filename}).`,
      'If anything here does not match your books, please reply to this e-mail and we will check it with you.',
    ],
  });
  return { ...mail, attachments: [pdf] };
}
