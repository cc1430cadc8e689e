/**
 * A tax document (domains/tax/document.ts: a quotation now, a tax invoice or credit note later) as an A4 PDF: the
 * supplier block and the document's number and facts, the parties, the line table with a column per tax head, the
 * totals, the amount in words, the note, the terms and the signatory line. It lays out the view model and computes
 * no figure of its own.
 *
 * Fonts: Noto Sans Malayalam's Latin, Latin Extended and Malayalam files (a customer's name or a note may be in
 * Malayalam; ₹ is in the latter two), DejaVu Sans for anything else; each is embedded as a subset of the glyphs used.
 * See docs/decisions/103-pdf-fonts-and-columns.md.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

import type { FastifyReply } from 'fastify';

import type { QrPicture } from '#domains/settings/upi.ts';
import type { DocumentPayment, DocumentRegistration, DocumentRow, TaxDocumentView } from '#domains/tax/document.ts';
import { formatCount } from '#lib/money.ts';
import { serverTranslator } from '#platform/i18n/translator.ts';

import { qrPicture } from './qr.ts';

const require = createRequire(import.meta.url);
const noto = (subset: string, weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-${subset}-${weight}-normal.woff`);

type Weight = 'regular' | 'bold';
/** In the order a character is looked for; the first font that has it draws it. */
const FONT_FILES: Record<Weight, string[]> = {
  regular: [
    noto('latin', 400),
    noto('malayalam', 400),
    noto('latin-ext', 400),
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  ],
  bold: [
    noto('latin', 700),
    noto('malayalam', 700),
    noto('latin-ext', 700),
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  ],
};

/**
 * A WOFF file as the plain OpenType (sfnt) font it wraps: its tables inflated once, here, with Node's zlib. (fontkit
 * inflates a WOFF table in JavaScript each time it reads it, for every glyph of every document: 60-90 ms a PDF.)
 */
function sfntOf(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // 'wOFF'; a TrueType file is already one
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    const [offset, compressed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? zlib.inflateSync(stored) : stored,
    };
  });
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: 0x00010000 for TrueType outlines
  header.writeUInt16BE(count, 4);
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    table.tag.copy(header, at);
    header.writeUInt32BE(table.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

/**
 * pdfkit, and each font as fontkit reads it with the characters it draws: loaded with the first PDF and shared by
 * every document after it. Not at start: they hold some 10 MB resident that a process serving pages does not need
 * (docs/decisions/514-embedded-database-memory.md).
 */
async function loadEngine() {
  const [{ default: PDFDocument }, { create }] = await Promise.all([import('pdfkit'), import('fontkit')]);
  const faces = new Map(
    Object.values(FONT_FILES)
      .flat()
      .map((file) => {
        const face = create(sfntOf(fs.readFileSync(file)));
        return [file, { face, covers: new Set(face.characterSet) }];
      }),
  );
  return { PDFDocument, faces };
}
type Faces = Awaited<ReturnType<typeof loadEngine>>['faces'];
let engine: ReturnType<typeof loadEngine> | undefined;

/**
 * The OpenType features to shape a run with. fontkit 2.0.4 fails on some Malayalam words with this font's
 * above-base mark positioning (a null anchor: 'വ്യാഴാഴ്ച'); such a run is shaped without that feature, which
 * leaves the chandrakkala where the glyph itself puts it, instead of failing the whole document.
 */
function featuresFor(faces: Faces, file: string, text: string): Record<string, boolean> | undefined {
  try {
    faces.get(file)?.face.layout(text);
    return undefined;
  } catch {
    return { abvm: false };
  }
}

/**
 * Malayalam drawn in another order than written: the vowel signs that stand before their consonant (െ േ ൈ, and the
 * left halves of ൊ ോ ൌ) and the RA that a virama puts before its consonant (്ര). A run holding one keeps the text as
 * written (ActualText) for copying and search; poppler honours it, pdf.js reads the drawing order.
 */
const REORDERED = /[\u0D46-\u0D48\u0D4A-\u0D4C]|\u0D4D\u0D30/;

const MARGIN = 40;
const INK = '#1c1917';
const MUTED = '#57534e';
const LEAF = '#1c3a18';
const RULE = '#d6d3d1';
const SHADE = '#f5f5f4';
/** The table's type size, and the smallest it may shrink to so that every amount fits on one line. */
const TABLE_SIZE = 8.5;
const TABLE_MIN_SIZE = 6;
/** The narrowest the item column may become before the table's type shrinks. */
const MIN_ITEM_WIDTH = 130;
const CELL_PAD = 3;
/** The payment box's padding, and the side of its UPI QR code (about 3.5 cm: phones scan it from a hand's length). */
const BOX_PAD = 8;
const QR_SIDE = 100;
/** The e-invoice's signed QR code: about 6 cm, as it holds some 900 characters (the UPI link's holds some 100). */
const SIGNED_QR_SIDE = 170;

interface Run {
  font: string;
  text: string;
  /** The characters as written, when the glyphs are drawn in another order (Malayalam vowel signs). */
  actual?: string;
  features?: Record<string, boolean>;
}

/** A table's column: its heading, its width, whether its text keeps to the right, and its text in a row. */
interface Column<Row> {
  title: string;
  width: number;
  right: boolean;
  cell: (row: Row, index: number) => string;
}

/**
 * A new A4 PDF with the fonts registered, and what draws on it: `write` (any script, wrapping or on one line), `measure`,
 * `rule`, the supplier's block and a table; `done` answers the file once the caller has ended the document.
 */
export async function openPdf(info: { Title: string; Author: string; Subject: string }) {
  engine ??= loadEngine();
  const { PDFDocument, faces } = await engine;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info });
  const fonts = registerFonts(doc, faces);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;

  /** Draws `value` at (x, y) within `boxWidth`, switching fonts where the script needs it; answers the y below it. */
  const write = (
    value: string,
    x: number,
    y: number,
    options: { weight?: Weight; size?: number; color?: string; width?: number; align?: 'left' | 'right'; wrap?: boolean } = {},
  ): number => {
    const { weight = 'regular', size = 9, color = INK, width: boxWidth = width - (x - MARGIN), align = 'left' } = options;
    const runs = fonts.runs(value, weight);
    // pdfkit measures every continued run with the first run's options: one set of features for the whole text.
    const shaping = runs.find((run) => run.features)?.features;
    const features = shaping && { features: { ...shaping } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
    doc.fillColor(color).fontSize(size);
    const draw = (run: Run, place: () => void) => {
      if (run.actual) doc.markContent('Span', { actual: run.actual });
      doc.font(run.font);
      place();
      if (run.actual) doc.endMarkedContent();
    };
    if (options.wrap === false || align === 'right') {
      // One line, each run placed where the one before ended (pdfkit aligns continued runs one by one, wrongly).
      const widths = runs.map((run) => doc.font(run.font).widthOfString(run.text, features));
      let at = align === 'right' ? x + boxWidth - widths.reduce((sum, w) => sum + w, 0) : x;
      runs.forEach((run, index) => {
        draw(run, () => doc.text(run.text, at, y, { lineBreak: false, ...features }));
        at += widths[index] as number;
      });
      doc.x = MARGIN;
      return y + doc.currentLineHeight(true);
    }
    runs.forEach((run, index) => {
      const options = { width: boxWidth, continued: index < runs.length - 1, ...features };
      draw(run, () => (index === 0 ? doc.text(run.text, x, y, options) : doc.text(run.text, options)));
    });
    const below = doc.y;
    doc.x = MARGIN;
    return below;
  };
  // Each run measured with the features it is drawn with: shaped with all of them, some Malayalam words fail (featuresFor).
  const measure = (value: string, weight: Weight, size: number) =>
    fonts.runs(value, weight).reduce(
      (sum, run) =>
        sum +
        doc
          .font(run.font)
          .fontSize(size)
          .widthOfString(
            run.text,
            run.features && { features: { ...run.features } as unknown as PDFKit.Mixins.OpenTypeFeatures[] },
          ),
      0,
    );
  const rule = (at: number) => {
    doc
      .moveTo(MARGIN, at)
      .lineTo(MARGIN + width, at)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  };
  /** The supplier at the top left from `top`: its name, address, contact and GSTIN. Answers the y below it. */
  const drawSupplier = (supplier: TaxDocumentView['supplier'], top: number): number => {
    let y = write(supplier.name, MARGIN, top, { weight: 'bold', size: 13, color: LEAF, width: width * 0.58 });
    y = write(supplier.address, MARGIN, y + 2, { color: MUTED, width: width * 0.58 });
    y = write(supplier.contact, MARGIN, y, { color: MUTED, width: width * 0.58 });
    return write(`GSTIN ${supplier.gstin}`, MARGIN, y, { weight: 'bold', width: width * 0.58 });
  };

  /**
   * The columns at type `size`, each as wide as its heading or its widest text in `rows` (one line each), but the
   * `wide` one, which takes the rest of the page's width.
   */
  const fitColumns = <Row>(
    spec: ReadonlyArray<Omit<Column<Row>, 'width'>>,
    rows: readonly Row[],
    size: number,
    wide: string,
  ): Array<Column<Row>> => {
    const columns = spec.map((column) => ({
      ...column,
      width:
        column.title === wide
          ? 0
          : Math.max(
              measure(column.title, 'bold', size),
              ...rows.map((row, index) => measure(column.cell(row, index), 'regular', size)),
            ) +
            2 * CELL_PAD +
            1,
    }));
    const rest = width - columns.reduce((sum, column) => sum + column.width, 0);
    for (const column of columns) if (column.title === wide) column.width = rest;
    return columns;
  };

  /**
   * `rows` from `top` under a shaded row of headings, a rule under each row. Every cell is one line but the `wide`
   * column's, which `wrapped` draws (answering the y below it) and measures first: a row that would cross the foot of
   * the page starts a new one, under the headings again. Answers the y of the last rule.
   */
  const table = <Row>(
    top: number,
    columns: ReadonlyArray<Column<Row>>,
    rows: readonly Row[],
    options: {
      size: number;
      wide: string;
      weight?: (row: Row) => Weight;
      wrapped: {
        height: (row: Row, cellWidth: number) => number;
        draw: (row: Row, x: number, y: number, cellWidth: number) => number;
      };
    },
  ): number => {
    const { size, wide, wrapped } = options;
    let y = top;
    const header = () => {
      const height = size + 2 * CELL_PAD + 2;
      doc.rect(MARGIN, y, width, height).fill(SHADE);
      let x = MARGIN;
      for (const column of columns) {
        write(column.title, x + CELL_PAD, y + CELL_PAD, {
          weight: 'bold',
          size,
          width: column.width - 2 * CELL_PAD,
          align: column.right ? 'right' : 'left',
          wrap: false,
        });
        x += column.width;
      }
      y += height;
    };
    header();
    const wideWidth = (columns.find((column) => column.title === wide)?.width ?? 0) - 2 * CELL_PAD;
    rows.forEach((row, index) => {
      if (y + wrapped.height(row, wideWidth) + 2 * CELL_PAD > bottom()) {
        doc.addPage();
        y = MARGIN;
        header();
      }
      let x = MARGIN;
      let rowBottom = y;
      for (const column of columns) {
        const cellWidth = column.width - 2 * CELL_PAD;
        const below =
          column.title === wide
            ? wrapped.draw(row, x + CELL_PAD, y + CELL_PAD, cellWidth)
            : write(column.cell(row, index), x + CELL_PAD, y + CELL_PAD, {
                weight: options.weight?.(row) ?? 'regular',
                size,
                width: cellWidth,
                align: column.right ? 'right' : 'left',
                wrap: false,
              });
        rowBottom = Math.max(rowBottom, below);
        x += column.width;
      }
      y = rowBottom + CELL_PAD;
      rule(y);
    });
    return y;
  };
  return { doc, fonts, done, width, bottom, write, measure, rule, drawSupplier, fitColumns, table };
}

/** The document's pictures as PNG, read from the image store (./pictures.ts). */
export interface DocumentPictures {
  logo: Buffer | null;
  signature: Buffer | null;
}
const NO_PICTURES: DocumentPictures = { logo: null, signature: null };
const LOGO_HEIGHT = 40;

/**
 * The document as an A4 PDF: one copy, or several one after another from a new page, each headed by its mark
 * (`copies`: an invoice's 'ORIGINAL FOR RECIPIENT', 'DUPLICATE FOR TRANSPORTER', 'TRIPLICATE FOR SUPPLIER').
 */
export async function renderDocumentPdf(
  view: TaxDocumentView,
  meta: { subject: string },
  pictures: DocumentPictures = NO_PICTURES,
  copies: ReadonlyArray<string | null> = [null],
): Promise<Buffer> {
  const { doc, fonts, done, width, bottom, write, measure, rule, drawSupplier, fitColumns, table } = await openPdf({
    Title: `${view.title} ${view.number}`,
    Author: view.supplier.name,
    Subject: meta.subject,
  });
  // The labels in the customer's language (the view's own words already are).
  const t = serverTranslator(view.language ?? 'en');
  const item = t('Item');

  /** One copy of the document, headed by its mark when it has one. */
  const drawCopy = (mark: string | null) => {
    // A specimen says so above everything else.
    const head = view.specimen
      ? write(view.specimen.toUpperCase(), MARGIN, MARGIN, { weight: 'bold', size: 12, color: '#b91c1c', width }) + 6
      : MARGIN;
    // The supplier on the left (under its logo); the document's title, number and facts on the right.
    // A copy's mark (Rule 48: 'ORIGINAL FOR RECIPIENT') heads the right column, above the title.
    const markBottom =
      mark && write(mark, MARGIN + width * 0.6, head, { weight: 'bold', size: 9, width: width * 0.4, align: 'right' });
    const top = markBottom ? markBottom + 2 : head;
    let left = head;
    if (pictures.logo) {
      doc.image(pictures.logo, MARGIN, head, { fit: [width * 0.4, LOGO_HEIGHT] });
      left = head + LOGO_HEIGHT + 4;
    }
    left = drawSupplier(view.supplier, left);
    const rightX = MARGIN + width * 0.6;
    const rightWidth = width * 0.4;
    // A title in two languages wider than its column ('TAX INVOICE / നികുതി ഇൻവോയ്സ്') takes a line for each.
    const title = view.title.toUpperCase();
    const titleLines =
      measure(title, 'bold', 15) <= rightWidth
        ? [title]
        : title.split(' / ').map((part, index, parts) => (index < parts.length - 1 ? `${part} /` : part));
    let right = top;
    for (const line of titleLines) {
      right = write(line, rightX, right, { weight: 'bold', size: 15, color: LEAF, width: rightWidth, align: 'right' });
    }
    right = write(view.number, rightX, right, { weight: 'bold', size: 11, width: rightWidth, align: 'right' });
    for (const fact of view.facts) {
      right = write(`${fact.label}: ${fact.value}`, rightX, right + 1, { width: rightWidth, align: 'right', color: MUTED });
    }
    let y = Math.max(left, right) + 10;
    rule(y);
    y += 8;
    if (view.registration) y = registrationBlock(view.registration, y);

    // The parties, side by side.
    const partyWidth = width / Math.max(1, view.parties.length);
    let partiesBottom = y;
    view.parties.forEach((party, index) => {
      const x = MARGIN + index * partyWidth;
      let py = write(party.heading, x, y, { weight: 'bold', width: partyWidth - 10, color: MUTED, size: 8 });
      party.lines.forEach((line, lineIndex) => {
        py = write(line, x, py + 1, { weight: lineIndex === 0 ? 'bold' : 'regular', width: partyWidth - 10 });
      });
      partiesBottom = Math.max(partiesBottom, py);
    });
    y = partiesBottom + 12;

    // The line table: every amount column as wide as its widest text, the item column takes the rest.
    // Each tax head's rate, then its amount (Rule 46 asks for the rate of each head, not the combined GST rate).
    const headsCells = view.taxHeads.flatMap((head, headIndex) => [
      { title: `${head} %`, cell: (row: DocumentRow) => row.taxRates[headIndex] ?? '' },
      { title: head, cell: (row: DocumentRow) => row.taxes[headIndex]?.text ?? '' },
    ]);
    const spec: Array<Omit<Column<DocumentRow>, 'width'>> = [
      { title: '#', right: true, cell: (row, index) => (row.quantity === null ? '' : String(index + 1)) },
      { title: item, right: false, cell: (row) => row.description },
      { title: 'HSN', right: false, cell: (row) => row.hsn },
      { title: t('Cartons'), right: true, cell: (row) => (row.quantity === null ? '' : formatCount(row.quantity)) },
      { title: t('Rate'), right: true, cell: (row) => row.rate?.text ?? '' },
      { title: t('Taxable'), right: true, cell: (row) => row.taxable.text },
      ...headsCells.map((head) => ({ ...head, right: true })),
      { title: t('Amount'), right: true, cell: (row) => row.amount.text },
    ];
    let size = TABLE_SIZE;
    let columns: Array<Column<DocumentRow>> = [];
    for (; size >= TABLE_MIN_SIZE; size -= 0.5) {
      columns = fitColumns(spec, view.rows, size, item);
      if ((columns[1] as Column<DocumentRow>).width >= MIN_ITEM_WIDTH) break;
    }
    y = table(y, columns, view.rows, {
      size,
      wide: item,
      wrapped: {
        height: (row, itemWidth) => {
          const detailHeight = row.detail
            ? doc
                .font(fonts.first('regular'))
                .fontSize(size - 1)
                .heightOfString(row.detail, { width: itemWidth })
            : 0;
          return (
            doc.font(fonts.first('bold')).fontSize(size).heightOfString(row.description, { width: itemWidth }) + detailHeight
          );
        },
        draw: (row, x, top, itemWidth) => {
          const below = write(row.description, x, top, { weight: 'bold', size, width: itemWidth });
          return row.detail ? write(row.detail, x, below, { size: size - 1, width: itemWidth, color: MUTED }) : below;
        },
      },
    });

    // Totals, right-aligned under the amount columns, each amount on one line.
    y += 6;
    const amountWidth = Math.max(...view.sums.map((sum) => measure(sum.text, 'bold', 11))) + 4;
    const labelWidth = 120;
    const sumsX = MARGIN + width - amountWidth - labelWidth;
    const blockHeight = view.sums.length * 15 + 60;
    if (y + blockHeight > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    for (const sum of view.sums) {
      const sumSize = sum.strong ? 11 : 9;
      if (sum.strong) {
        rule(y - 2);
        y += 2;
      }
      const weight: Weight = sum.strong ? 'bold' : 'regular';
      write(sum.label, sumsX, y, { weight, size: sumSize, width: labelWidth, wrap: false });
      const below = write(sum.text, sumsX + labelWidth, y, {
        weight,
        size: sumSize,
        width: amountWidth,
        align: 'right',
        wrap: false,
      });
      y = below + 3;
    }
    y += 4;
    y = write(t('Amount in words: {words}', { words: view.amountInWords }), MARGIN, y, { weight: 'bold' }) + 10;

    if (view.payment) y = paymentBlock(view.payment, y);

    if (view.note) {
      y = write(t('Note'), MARGIN, y, { weight: 'bold' });
      y = write(view.note, MARGIN, y + 1) + 10;
    }
    y = write(t('Terms'), MARGIN, y, { weight: 'bold' });
    for (const term of view.terms) y = write(`•  ${term}`, MARGIN, y + 1, { color: MUTED, size: 8.5 });

    // The signatory, bottom right: the space for a signature and the line under it.
    const signatoryHeight = 70;
    if (y + 20 + signatoryHeight > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    y += 20;
    const signWidth = 220;
    const signX = MARGIN + width - signWidth;
    const signedY = write(view.signatory.for, signX, y, { weight: 'bold', width: signWidth, align: 'right' });
    const lineY = y + 50;
    if (pictures.signature) {
      doc.image(pictures.signature, signX + 40, signedY + 1, { fit: [signWidth - 40, lineY - signedY - 2], align: 'right' });
    }
    doc
      .moveTo(signX + 40, lineY)
      .lineTo(MARGIN + width, lineY)
      .strokeColor(INK)
      .lineWidth(0.6)
      .stroke();
    const titled = view.signatory.name
      ? write(view.signatory.name, signX, lineY + 4, { width: signWidth, align: 'right' })
      : lineY + 4;
    write(view.signatory.title, signX, titled, { width: signWidth, align: 'right', color: MUTED });
  };
  copies.forEach((mark, index) => {
    if (index > 0) doc.addPage();
    drawCopy(mark);
  });

  doc.end();
  return done;

  /**
   * The portal's registration of an e-invoice, under the heading: the IRN, the acknowledgement's number and date on
   * the left and the signed QR code on the right, as Rule 48(4) asks. Answers the y below it.
   */
  function registrationBlock(registration: DocumentRegistration, at: number): number {
    const qr = qrPicture(registration.signedQrCode, 'L');
    const textWidth = width - SIGNED_QR_SIDE - 2 * BOX_PAD;
    let ty = write(t('E-invoice'), MARGIN, at, { weight: 'bold', size: 10, width: textWidth });
    // 64 characters on one line beside the code, so it is read (and copied) whole.
    ty = write(`IRN: ${registration.irn}`, MARGIN, ty + 2, { size: 8, width: textWidth });
    ty = write(`Ack No: ${registration.ackNo}`, MARGIN, ty + 2, { width: textWidth });
    ty = write(`Ack Date: ${registration.ackDate}`, MARGIN, ty + 2, { width: textWidth });
    write(t('Scan the signed QR code to verify the IRN with the GST portal.'), MARGIN, ty + 4, {
      size: 7.5,
      color: MUTED,
      width: textWidth,
    });
    const x = MARGIN + width - SIGNED_QR_SIDE;
    drawQr(qr, x, at, SIGNED_QR_SIDE);
    const below = at + SIGNED_QR_SIDE + 8;
    rule(below);
    return below + 8;
  }

  /** A QR code in a white square of `side` with its quiet zone, so any scanner finds its edges on any background. */
  function drawQr(qr: QrPicture, x: number, y: number, side: number): void {
    const module = side / (qr.size + 8);
    doc.rect(x, y, side, side).fill('#ffffff');
    doc.save();
    doc.translate(x + 4 * module, y + 4 * module).scale(module);
    doc.path(qr.path).fill('#000000');
    doc.restore();
  }

  /**
   * Where the payment stands and how to pay, in a shaded box; the UPI link as a QR code on its right. Answers the y
   * below the box.
   */
  function paymentBlock(payment: DocumentPayment, at: number): number {
    const qr = payment.upiLink ? qrPicture(payment.upiLink) : null;
    const qrSide = qr ? QR_SIDE : 0;
    const textWidth = width - 2 * BOX_PAD - (qr ? qrSide + BOX_PAD : 0);
    const lines = [payment.due, ...payment.lines].filter((line): line is string => line !== null);
    const textHeight =
      doc.font(fonts.first('bold')).fontSize(10).currentLineHeight(true) +
      lines.reduce(
        (sum, line) => sum + doc.font(fonts.first('regular')).fontSize(9).heightOfString(line, { width: textWidth }) + 2,
        0,
      );
    const height = Math.max(textHeight, qr ? qrSide + 12 : 0) + 2 * BOX_PAD;
    let top = at;
    if (top + height > bottom()) {
      doc.addPage();
      top = MARGIN;
    }
    doc.rect(MARGIN, top, width, height).fill(SHADE);
    let ty = write(t('Payment: {status}', { status: payment.status }), MARGIN + BOX_PAD, top + BOX_PAD, {
      weight: 'bold',
      size: 10,
      width: textWidth,
    });
    lines.forEach((line, index) => {
      ty = write(line, MARGIN + BOX_PAD, ty + 2, { weight: index === 0 && payment.due ? 'bold' : 'regular', width: textWidth });
    });
    if (qr) {
      const x = MARGIN + width - BOX_PAD - qrSide;
      drawQr(qr, x, top + BOX_PAD, qrSide);
      write(t('Scan to pay by UPI'), x - 20, top + BOX_PAD + qrSide + 1, {
        size: 7.5,
        color: MUTED,
        width: qrSide + 20,
        align: 'right',
      });
    }
    return top + height + 10;
  }
}

/** The fonts, registered once per document, and the split of a text into runs each font can draw. */
function registerFonts(doc: PDFKit.PDFDocument, faces: Faces) {
  const names: Record<Weight, string[]> = { regular: [], bold: [] };
  const files = new Map<string, string>();
  for (const weight of ['regular', 'bold'] as const) {
    FONT_FILES[weight].forEach((file, index) => {
      const name = `${weight}-${index}`;
      // pdfkit takes a font fontkit has read as it is; its types know only files and buffers.
      doc.registerFont(name, faces.get(file)?.face as unknown as string);
      files.set(name, file);
      names[weight].push(name);
    });
  }
  const has = (name: string, codePoint: number) => faces.get(files.get(name) ?? '')?.covers.has(codePoint) ?? false;
  return {
    first: (weight: Weight) => names[weight][0] as string,
    runs(value: string, weight: Weight): Run[] {
      const runs: Run[] = [];
      for (const char of value) {
        const codePoint = char.codePointAt(0) as number;
        const current = runs.at(-1);
        // A character the current font has stays in its run (spaces and marks do not split a word from its script).
        if (current && (has(current.font, codePoint) || /\s/.test(char))) {
          current.text += char;
          continue;
        }
        const font = names[weight].find((name) => has(name, codePoint)) ?? (names[weight].at(-1) as string);
        runs.push({ font, text: char });
      }
      return runs.map((run) =>
        /[\u0D00-\u0D7F]/.test(run.text)
          ? {
              ...run,
              ...(REORDERED.test(run.text) && { actual: run.text }),
              features: featuresFor(faces, files.get(run.font) ?? '', run.text),
            }
          : run,
      );
    },
  };
}

/** Answers the document as a PDF download; never stored by a browser or a proxy. */
export async function sendDocumentPdf(
  reply: FastifyReply,
  view: TaxDocumentView,
  meta: { subject: string; filename: string },
  copies?: ReadonlyArray<string | null>,
): Promise<FastifyReply> {
  return sendPdf(reply, await renderDocumentPdf(view, meta, await reply.server.documentPictures.of(view), copies), meta.filename);
}

/** Answers a PDF as a download named `filename`; never stored by a browser or a proxy. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
