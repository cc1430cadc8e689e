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
import { openPdf, sendPdf } from '#platform/pdf/pdf.ts';

const LEAF = '#1c3a18';
const MUTED = '#57534e';
const SIZE = 8.5;

/** `shop`: the shop as it is now (a statement is worked out afresh each time, never kept). */
export function renderStatementPdf(statement: CustomerStatement, shop: Issuer): Promise<Buffer> {
  const supplier = supplierBlock(shop);
  const title = `Statement of account ${statement.customer.name}`;
  const { doc, done, width, bottom, write, rule, drawSupplier, fitColumns, table } = openPdf({
    Title: title,
    Author: supplier.name,
    Subject: `${title}, ${dateText(statement.from)} to ${dateText(statement.to)}`,
  });
  const margin = doc.page.margins.left;
  const left = drawSupplier(supplier, margin);
  const rightX = margin + width * 0.5;
  const rightWidth = width * 0.5;
  let right = write('STATEMENT OF ACCOUNT', rightX, margin, {
    weight: 'bold',
    size: 15,
    color: LEAF,
    width: rightWidth,
    align: 'right',
  });
  right = write(`${dateText(statement.from)} to ${dateText(statement.to)}`, rightX, right, {
    weight: 'bold',
    size: 10,
    width: rightWidth,
    align: 'right',
  });
  right = write(`Customer no. ${statement.customer.id}`, rightX, right + 1, { width: rightWidth, align: 'right', color: MUTED });
  let y = Math.max(left, right) + 10;
  rule(y);
  y += 8;
  y = write('Statement for', margin, y, { weight: 'bold', size: 8, color: MUTED });
  statement.customer.billedTo.forEach((line, index) => {
    y = write(line, margin, y + 1, { weight: index === 0 ? 'bold' : 'regular', width: width * 0.6 });
  });
  y += 12;

  const lines = statementLines(statement);
  const columns = fitColumns(
    [
      { title: 'Date', right: false, cell: (line) => line.date },
      { title: 'Particulars', right: false, cell: (line) => line.particulars },
      { title: 'Debit', right: true, cell: (line) => line.debit },
      { title: 'Credit', right: true, cell: (line) => line.credit },
      { title: 'Balance', right: true, cell: (line) => line.balance },
    ],
    lines,
    SIZE,
    'Particulars',
  );
  y = table(y, columns, lines, {
    size: SIZE,
    wide: 'Particulars',
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
  y = write(`Total debits ${formatRupees(statement.debits)} · total credits ${formatRupees(statement.credits)}`, margin, y, {
    color: MUTED,
  });
  write(statementDue(statement.closingBalance), margin, y + 4, { weight: 'bold', size: 11 });
  doc.end();
  return done;
}

/** 'statement-1-2031-04-01-2031-05-31.pdf': the customer and the period. */
export const statementFilename = (statement: CustomerStatement): string =>
  `statement-${statement.customer.id}-${statement.from}-${statement.to}.pdf`;

export async function sendStatementPdf(reply: FastifyReply, statement: CustomerStatement, shop: Issuer): Promise<FastifyReply> {
  return sendPdf(reply, await renderStatementPdf(statement, shop), statementFilename(statement));
}
