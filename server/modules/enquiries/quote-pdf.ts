import { createRequire } from 'node:module';

import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';

import { business } from '../../../core/business.ts';
import { formatRupees } from '../../../core/money.ts';
import { type Quote, QUOTE_TERMS } from '../../../core/quote.ts';
import { datedMoment, dayText } from '../../../core/reply-promise.ts';
import { termsLines } from '../../../core/terms.ts';

const require = createRequire(import.meta.url);
// DejaVu has the rupee sign (U+20B9); the PDF carries only the glyphs it uses, so it stays small.
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Who the quote is for, as the document prints it. */
export interface QuoteParty {
  displayId: number;
  customerName: string;
  deliveryLocation: string | null;
}

const MARGIN = 36;
const A4 = { width: 595.28, height: 841.89 };
const INK = '#1c1917';
const MUTED = '#57534e';
const LEAF = '#14532d';

/** The quote as an A4 PDF, from the same data the pages show: shop, customer, lines with HSN and tax, terms. */
export function renderQuotePdf(quote: Quote, party: QuoteParty): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Quotation ${quote.number}`, Author: business.name, Subject: `Enquiry #${party.displayId}` },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = A4.width - 2 * MARGIN;
  const text = (value: string, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string } = {}) => {
    const { font = 'regular', size = 9, color = INK, ...rest } = options;
    doc.font(font).fontSize(size).fillColor(color).text(value, rest);
  };

  // The shop and the document's number.
  text(business.legalName, { font: 'bold', size: 14, color: LEAF });
  text(`${business.street}, ${business.locality}, ${business.city}, ${business.state} ${business.postalCode}`);
  text(`Phone ${business.phone} · ${business.email} · GSTIN ${business.gstin}`);
  doc.moveDown(0.8);
  text(`Quotation ${quote.number}`, { font: 'bold', size: 13 });
  text(
    `Version ${quote.version} · Enquiry #${party.displayId} · Issued ${datedMoment(new Date(quote.sentAt))} IST · Valid until ${dayText(quote.validUntil)}`,
    { color: MUTED },
  );
  doc.moveDown(0.6);
  text('Quotation for', { font: 'bold' });
  text(party.customerName);
  if (party.deliveryLocation) text(party.deliveryLocation);
  if (quote.customerGstin) text(`GSTIN ${quote.customerGstin}`);
  text(`Place of supply: ${quote.placeOfSupply.name} (${quote.placeOfSupply.code})`);
  doc.moveDown(0.8);

  // The lines: one row each, then delivery.
  const taxHeads = quote.intraState ? ['CGST', 'SGST'] : ['IGST'];
  const columns = [
    { title: 'Item', width: quote.intraState ? 138 : 182 },
    { title: 'HSN', width: 50 },
    { title: 'Cartons', width: 38, right: true },
    { title: 'Rate', width: 54, right: true },
    { title: 'Taxable', width: 60, right: true },
    { title: 'GST', width: 26, right: true },
    ...taxHeads.map((title) => ({ title, width: 46, right: true })),
    { title: 'Amount', width: 0, right: true },
  ];
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  (columns.at(-1) as { width: number }).width = width - fixed;
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    let x = MARGIN;
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index] as { width: number; right?: boolean };
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(8)
        .fillColor(INK)
        .text(cell, x + 2, top, { width: column.width - 4, align: column.right ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.y = bottom + 3;
    doc
      .moveTo(MARGIN, doc.y - 1.5)
      .lineTo(MARGIN + width, doc.y - 1.5)
      .strokeColor('#d6d3d1')
      .lineWidth(0.5)
      .stroke();
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  const taxCells = (tax: { cgst: number; sgst: number; igst: number }) =>
    quote.intraState ? [formatRupees(tax.cgst), formatRupees(tax.sgst)] : [formatRupees(tax.igst)];
  for (const line of quote.lines) {
    row([
      `${line.productName}${line.options ? ` (${line.options})` : ''}\n${line.unitsPerCarton} ${line.unitType} a carton`,
      line.hsnCode,
      String(line.quantity),
      formatRupees(line.price),
      formatRupees(line.taxable),
      `${line.gstRate}%`,
      ...taxCells(line),
      formatRupees(line.taxable + line.cgst + line.sgst + line.igst),
    ]);
  }
  const delivery = quote.totals.delivery;
  if (delivery) {
    row([
      'Delivery',
      '',
      '',
      '',
      formatRupees(delivery.taxable),
      `${delivery.rate}%`,
      ...taxCells(delivery),
      formatRupees(delivery.taxable + delivery.cgst + delivery.sgst + delivery.igst),
    ]);
  }

  // Totals, right-aligned under the table.
  doc.moveDown(0.4);
  const { totals } = quote;
  const sums: Array<[string, number, boolean?]> = [
    ['Taxable value', totals.taxable],
    ...(quote.intraState
      ? ([
          ['CGST', totals.cgst],
          ['SGST', totals.sgst],
        ] as Array<[string, number]>)
      : ([['IGST', totals.igst]] as Array<[string, number]>)),
  ];
  for (const [label, amount] of sums) sumRow(label, formatRupees(amount));
  if (totals.roundOff !== 0) sumRow('Round off', `${totals.roundOff < 0 ? '−' : '+'}${formatRupees(Math.abs(totals.roundOff))}`);
  sumRow('Total', formatRupees(totals.total), true);
  doc.moveDown(0.3);
  text(quote.totalInWords, { font: 'bold' });

  if (quote.note) {
    doc.moveDown(0.6);
    text('Note', { font: 'bold' });
    text(quote.note);
  }
  doc.moveDown(0.6);
  text('Terms', { font: 'bold' });
  for (const line of [...termsLines({ onQuote: true }), ...QUOTE_TERMS]) text(`• ${line}`, { color: MUTED });
  doc.end();
  return done;

  function sumRow(label: string, amount: string, bold = false) {
    const top = doc.y;
    const font = bold ? 'bold' : 'regular';
    doc
      .font(font)
      .fontSize(bold ? 10 : 9)
      .fillColor(INK)
      .text(label, MARGIN + width - 240, top, { width: 120 });
    doc.font(font).text(amount, MARGIN + width - 120, top, { width: 120, align: 'right' });
    doc.x = MARGIN;
  }
}

/** Answers the quote as a PDF download named by its number; never stored by a browser or a proxy. */
export async function sendQuotePdf(reply: FastifyReply, quote: Quote, party: QuoteParty): Promise<FastifyReply> {
  const pdf = await renderQuotePdf(quote, party);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="Quotation-${quote.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
