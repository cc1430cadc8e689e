/**
 * A customer's statement of account as an A4 PDF in the documents' layout (platform/pdf/pdf.ts): the
 * supplier block, the title and period, the customer, then the opening balance, each entry with the balance after it,
 * and the closing balance. It lays out domains/statement/model.ts's figures and works out none of its own.
 */
import type { FastifyReply } from 'fastify';

import { type CustomerStatement, statementDue, statementLines } from '#domains/statement/model.ts';
import { type Issuer, supplierBlock } from '#domains/tax/document.ts';
import { dateText } from '#lib/calendar.ts';
import { formatRupees } from '#lib/money.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';
import { openPdf, sendPdf } from '#platform/pdf/pdf.ts';

const LEAF = '#1c3a18';
const MUTED = '#57534e';
const SIZE = 8.5;

/**
 * `shop`: the shop as it is now (a statement is worked out afresh each time, never kept). In the language of the
 * customer's latest enquiry, the heading in English and in it.
 */
export async function renderStatementPdf(statement: CustomerStatement, shop: Issuer): Promise<Buffer> {
  const { language } = statement.customer;
  const t = serverTranslator(language);
  const supplier = supplierBlock(shop);
  const title = `Statement of account ${statement.customer.name}`;
  const period = t('{from} to {to}', { from: dateText(statement.from, language), to: dateText(statement.to, language) });
  const { doc, done, width, bottom, write, measure, rule, drawSupplier, fitColumns, table } = await openPdf({
    Title: title,
    Author: supplier.name,
    Subject: `${title}, ${dateText(statement.from)} to ${dateText(statement.to)}`,
  });
  const heading = 'STATEMENT OF ACCOUNT';
  const margin = doc.page.margins.left;
  const left = drawSupplier(supplier, margin);
  const rightX = margin + width * 0.5;
  const rightWidth = width * 0.5;
  // In Malayalam the heading takes a line for each language, and the period, longer, a smaller type if it must.
  const headings = language === 'en' ? [heading] : [`${heading} /`, t('Statement of account')];
  let right = margin;
  for (const line of headings) {
    right = write(line, rightX, right, { weight: 'bold', size: 15, color: LEAF, width: rightWidth, align: 'right' });
  }
  let periodSize = 10;
  while (periodSize > 7 && measure(period, 'bold', periodSize) > rightWidth) periodSize -= 0.5;
  right = write(period, rightX, right, {
    weight: 'bold',
    size: periodSize,
    width: rightWidth,
    align: 'right',
  });
  right = write(t('Customer no. {number}', { number: statement.customer.id }), rightX, right + 1, {
    width: rightWidth,
    align: 'right',
    color: MUTED,
  });
  let y = Math.max(left, right) + 10;
  rule(y);
  y += 8;
  y = write(t('Statement for'), margin, y, { weight: 'bold', size: 8, color: MUTED });
  statement.customer.billedTo.forEach((line, index) => {
    y = write(line, margin, y + 1, { weight: index === 0 ? 'bold' : 'regular', width: width * 0.6 });
  });
  y += 12;

  const lines = statementLines(statement, language, t);
  const particulars = t('Particulars');
  const columns = fitColumns(
    [
      { title: t('Date'), right: false, cell: (line) => line.date },
      { title: particulars, right: false, cell: (line) => line.particulars },
      { title: t('Debit'), right: true, cell: (line) => line.debit },
      { title: t('Credit'), right: true, cell: (line) => line.credit },
      { title: t('Balance'), right: true, cell: (line) => line.balance },
    ],
    lines,
    SIZE,
    particulars,
  );
  y = table(y, columns, lines, {
    size: SIZE,
    wide: particulars,
    weight: (line) => (line.strong ? 'bold' : 'regular'),
    wrapped: {
      height: (line, particularsWidth) => doc.heightOfString(line.particulars, { width: particularsWidth }),
      draw: (line, x, top, particularsWidth) =>
        write(line.particulars, x, top, { weight: line.strong ? 'bold' : 'regular', size: SIZE, width: particularsWidth }),
    },
  });
  y += 10;
  if (y + 40 > bottom()) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const sums = { debits: formatRupees(statement.debits), credits: formatRupees(statement.credits) };
  y = write(t('Total debits {debits} · total credits {credits}', sums), margin, y, { color: MUTED });
  write(statementDue(statement.closingBalance, t), margin, y + 4, { weight: 'bold', size: 11 });
  doc.end();
  return done;
}

/** 'statement-1-2031-04-01-2031-05-31.pdf': the customer and the period. */
export const statementFilename = (statement: CustomerStatement): string =>
  `statement-${statement.customer.id}-${statement.from}-${statement.to}.pdf`;

export async function sendStatementPdf(reply: FastifyReply, statement: CustomerStatement, shop: Issuer): Promise<FastifyReply> {
  return sendPdf(reply, await renderStatementPdf(statement, shop), statementFilename(statement));
}
