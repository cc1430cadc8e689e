/**
 * A customer's statement of account, e-mailed on the staff's request: its rows as the table, the PDF attached; in the
 * language of the customer's latest enquiry, as its PDF is.
 */
import type { PublicShop } from '#domains/settings/shop.ts';
import { balanceText, type Statement, statementDue, statementLines } from '#domains/statement/model.ts';
import { dateText } from '#lib/calendar.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees } from '#lib/money.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { renderMail } from '#platform/mail/layout.tsx';
import type { MailAttachment, OutgoingMail } from '#platform/mail/outbox.ts';

export function statementMail(
  shop: PublicShop,
  to: { name: string; email: string; language?: Language },
  statement: Statement,
  pdf: MailAttachment,
): OutgoingMail {
  const language = to.language ?? 'en';
  const t = serverTranslator(language);
  const period = t('{from} to {to}', { from: dateText(statement.from, language), to: dateText(statement.to, language) });
  const title = t('Statement of account, {period}', { period });
  const mail = renderMail({
    shop,
    to: to.email,
    subject: title,
    greeting: t('Dear {name},', { name: to.name }),
    intro: [
      t('Here is your statement of account with {shop} from {period}.', { shop: shop.name, period }),
      statementDue(statement.closingBalance, t),
    ],
    table: {
      caption: title,
      rows: statementLines(statement, language, t).map((line) => ({
        label: `${line.date}: ${line.particulars}`,
        ...(line.debit || line.credit
          ? {
              detail: line.debit
                ? t('{amount} owed', { amount: line.debit })
                : t('{amount} received or credited', { amount: line.credit }),
            }
          : {}),
        amount: line.balance,
      })),
      sums: [
        { label: t('Total debits'), amount: formatRupees(statement.debits) },
        { label: t('Total credits'), amount: formatRupees(statement.credits) },
        { label: t('Closing balance'), amount: balanceText(statement.closingBalance, t), strong: true },
      ],
    },
    outro: [
      t('The statement is attached as a PDF ({file}).', { file: pdf.filename }),
      t('If anything here does not match your books, please reply to this e-mail and we will check it with you.'),
    ],
    ...(language === 'en' ? {} : { language }),
  });
  return { ...mail, attachments: [pdf] };
}
