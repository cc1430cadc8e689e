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
const SHADE = '#f5f5f4';
const SIZE = 8.5;
const PAD = 3;

/** `shop`: the shop as it is now (a statement is worked out afresh each time, never kept). */
export function renderStatementPdf(statement: CustomerStatement, shop: Issuer): Promise<Buffer> {
  const supplier = supplierBlock(shop);
  const title = `Statement of account ${statement.customer.name}`;
  const { doc, done, width, bottom, write, measure, rule } = openPdf({
    Title: title,
    Author: supplier.name,
    Subject: `${title}, ${dateText(statement.from)} to ${dateText(statement.to)}`,
  });
  const margin = doc.page.margins.left;
  let left = write(supplier.name, margin, margin, { weight: 'bold', size: 13, color: LEAF, width: width * 0.58 });
  left = write(supplier.address, margin, left + 2, { color: MUTED, width: width * 0.58 });
  left = write(supplier.contact, margin, left, { color: MUTED, width: width * 0.58 });
  left = write(`GSTIN ${supplier.gstin}`, margin, left, { weight: 'bold', width: width * 0.58 });
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
  const amountWidth = (pick: (line: (typeof lines)[number]) => string, heading: string) =>
    Math.max(measure(heading, 'bold', SIZE), ...lines.map((line) => measure(pick(line), 'regular', SIZE))) + 2 * PAD + 1;
  const columns = [
    { title: 'Date', right: false, cell: (line: (typeof lines)[number]) => line.date, width: 0 },
    { title: 'Particulars', right: false, cell: (line: (typeof lines)[number]) => line.particulars, width: 0 },
    { title: 'Debit', right: true, cell: (line: (typeof lines)[number]) => line.debit, width: 0 },
    { title: 'Credit', right: true, cell: (line: (typeof lines)[number]) => line.credit, width: 0 },
    { title: 'Balance', right: true, cell: (line: (typeof lines)[number]) => line.balance, width: 0 },
  ];
  for (const column of columns) if (column.title !== 'Particulars') column.width = amountWidth(column.cell, column.title);
  (columns[1] as (typeof columns)[number]).width = width - columns.reduce((sum, column) => sum + column.width, 0);

  const header = () => {
    const height = SIZE + 2 * PAD + 2;
    doc.rect(margin, y, width, height).fill(SHADE);
    let x = margin;
    for (const column of columns) {
      write(column.title, x + PAD, y + PAD, {
        weight: 'bold',
        size: SIZE,
        width: column.width - 2 * PAD,
        align: column.right ? 'right' : 'left',
        wrap: false,
      });
      x += column.width;
    }
    y += height;
  };
  header();
  for (const line of lines) {
    const particularsWidth = (columns[1] as (typeof columns)[number]).width - 2 * PAD;
    const needed = doc.heightOfString(line.particulars, { width: particularsWidth }) + 2 * PAD;
    if (y + needed > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
    }
    let x = margin;
    let rowBottom = y;
    for (const column of columns) {
      const weight = line.strong ? 'bold' : 'regular';
      const below =
        column.title === 'Particulars'
          ? write(line.particulars, x + PAD, y + PAD, { weight, size: SIZE, width: column.width - 2 * PAD })
          : write(column.cell(line), x + PAD, y + PAD, {
              weight,
              size: SIZE,
              width: column.width - 2 * PAD,
              align: column.right ? 'right' : 'left',
              wrap: false,
            });
      rowBottom = Math.max(rowBottom, below);
      x += column.width;
    }
    y = rowBottom + PAD;
    rule(y);
  }
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
