/**
 * The month's GSTR-1 (the return of outward supplies) worked out from the invoices and credit notes as issued: the
 * tables the accountant fills in on the GST portal. Every figure comes from the stored documents; nothing is taxed
 * again here. Amounts are integer paise; cess is never charged on this shop's goods and is left out.
 */
import { type CreditNoteDocument, type InvoiceDocument, lineTaxOf, type StateOnDocument } from '#domains/invoice/model.ts';
import type { TaxedLine } from '#domains/tax/document.ts';
import type { GstRate, LineTax } from '#domains/tax/gst.ts';
import { hsnDescription } from '#domains/tax/hsn.ts';
import type { Paise } from '#lib/money.ts';

/** An inter-state invoice to an unregistered buyer above this is reported one by one (B2C large), since August 2024. */
export const B2CL_THRESHOLD: Paise = 1_00_000_00;
/** The unit quantity code GSTR-1 knows cartons by. */
export const CARTONS_UQC = 'CTN';

/** The HSN summary's own description of a code takes at most 30 characters on the portal. */
export const hsnSummaryDescription = (text: string): string => text.trim().slice(0, 30).trimEnd();

export interface TaxAmounts {
  taxable: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
}

export interface RateAmounts extends TaxAmounts {
  rate: GstRate;
}

/** Table 4A: each invoice to a registered buyer, one row per rate. */
export interface B2bRow extends RateAmounts {
  recipientGstin: string;
  recipientName: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValue: Paise;
  /** '32-Kerala'. */
  placeOfSupply: string;
  reverseCharge: 'N';
  invoiceType: 'Regular B2B';
}

/** Table 5: each inter-state invoice to an unregistered buyer above ₹1,00,000, one row per rate. */
export interface B2clRow extends RateAmounts {
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValue: Paise;
  placeOfSupply: string;
}

/** Table 7: the other sales to unregistered buyers, by place of supply and rate, net of their credit notes. */
export interface B2csRow extends RateAmounts {
  type: 'OE';
  supplyType: 'Intra-State' | 'Inter-State';
  placeOfSupply: string;
}

/** Table 9B: credit notes to registered buyers (CDNR), and to unregistered ones against a B2C large invoice (CDNUR). */
export interface NoteRow extends RateAmounts {
  recipientGstin: string | null;
  recipientName: string;
  noteNumber: string;
  noteDate: string;
  noteType: 'C';
  noteValue: Paise;
  placeOfSupply: string;
  invoiceNumber: string;
  invoiceDate: string;
}

/** Table 12: per HSN code and rate, net of credit notes; B2B and B2C apart. */
export interface HsnRow extends RateAmounts {
  hsnCode: string;
  description: string;
  /** The description as per the HSN code (domains/tax/hsn.ts), '' for a code outside the shop's table. */
  codeDescription: string;
  uqc: typeof CARTONS_UQC;
  /** Cartons. */
  quantity: number;
  /** Taxable value and tax. */
  totalValue: Paise;
}

/** Table 13: the documents issued in the month. */
export interface DocumentsRow {
  nature: 'Invoices for outward supply' | 'Credit Note';
  from: string | null;
  to: string | null;
  /** Numbers from the first to the last. */
  total: number;
  /** Numbers in that range not issued (never, as the database hands them out). */
  cancelled: number;
  net: number;
}

export interface Table<Row> {
  rows: Row[];
  totals: TaxAmounts;
}

export interface DocumentSums extends TaxAmounts {
  count: number;
  /** The documents' totals (with the round-off). */
  value: Paise;
}

export interface Gstr1 {
  /** '2026-11'. */
  month: string;
  gstin: string;
  b2b: Table<B2bRow>;
  b2cl: Table<B2clRow>;
  b2cs: Table<B2csRow>;
  cdnr: Table<NoteRow>;
  cdnur: Table<NoteRow>;
  hsnB2b: Table<HsnRow>;
  hsnB2c: Table<HsnRow>;
  documents: DocumentsRow[];
  /** The month's invoices and credit notes as issued, and what they come to. */
  summary: { invoices: DocumentSums; creditNotes: DocumentSums; net: TaxAmounts };
}

type SupplyClass = 'b2b' | 'b2cl' | 'b2cs';

/** Which table a document belongs to, by its recipient, its place of supply and the invoice's value. */
function supplyClass(document: Pick<InvoiceDocument, 'recipient' | 'intraState'>, invoiceValue: Paise): SupplyClass {
  if (document.recipient.gstin) return 'b2b';
  return !document.intraState && invoiceValue > B2CL_THRESHOLD ? 'b2cl' : 'b2cs';
}

const placeText = (place: StateOnDocument) => `${place.code}-${place.name}`;

const NO_TAX: TaxAmounts = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
const plus = (a: TaxAmounts, b: TaxAmounts, sign = 1): TaxAmounts => ({
  taxable: a.taxable + sign * b.taxable,
  igst: a.igst + sign * b.igst,
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
});
const amountsOf = ({ taxable, igst, cgst, sgst }: TaxAmounts): TaxAmounts => ({ taxable, igst, cgst, sgst });
const sumOf = (rows: readonly TaxAmounts[]) => rows.reduce<TaxAmounts>((total, row) => plus(total, row), NO_TAX);
const table = <Row extends TaxAmounts>(rows: Row[]): Table<Row> => ({ rows, totals: sumOf(rows) });

/** A document's lines and delivery, summed per rate, lowest rate first. */
function byRate(document: { lines: readonly TaxedLine[]; delivery: LineTax | null }): RateAmounts[] {
  const rates = new Map<GstRate, TaxAmounts>();
  for (const line of [...document.lines.map(lineTaxOf), ...(document.delivery ? [document.delivery] : [])]) {
    rates.set(line.rate, plus(rates.get(line.rate) ?? NO_TAX, line));
  }
  return [...rates].sort(([a], [b]) => a - b).map(([rate, amounts]) => ({ rate, ...amounts }));
}

/**
 * A document's lines by HSN code and rate. The delivery charge is part of the principal supply (taxed at its rate),
 * so its value goes to the HSN code of the invoice's first line at that rate, with no cartons.
 */
function byHsn(
  document: { lines: readonly TaxedLine[]; delivery: LineTax | null },
  invoiceLines: readonly TaxedLine[],
): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  const add = (line: TaxedLine, amounts: LineTax, quantity: number) => {
    const key = `${line.hsnCode}:${line.gstRate}`;
    const before = rows.get(key);
    const summed = plus(before ?? NO_TAX, amounts);
    rows.set(key, {
      hsnCode: line.hsnCode,
      description: before?.description ?? line.productName,
      codeDescription: hsnDescription(line.hsnCode),
      uqc: CARTONS_UQC,
      rate: line.gstRate,
      quantity: (before?.quantity ?? 0) + quantity,
      ...summed,
      totalValue: summed.taxable + summed.igst + summed.cgst + summed.sgst,
    });
  };
  for (const line of document.lines) add(line, lineTaxOf(line), line.quantity);
  const principal = document.delivery && invoiceLines.find((line) => line.gstRate === document.delivery?.rate);
  if (document.delivery && principal) add(principal, document.delivery, 0);
  return [...rows.values()];
}

/** Adds HSN rows into a summary, taking them away for a credit note. */
function addHsn(into: Map<string, HsnRow>, rows: HsnRow[], sign: 1 | -1): void {
  for (const row of rows) {
    const key = `${row.hsnCode}:${row.rate}`;
    const before = into.get(key);
    const summed = plus(before ?? NO_TAX, row, sign);
    into.set(key, {
      ...row,
      description: before?.description ?? row.description,
      quantity: (before?.quantity ?? 0) + sign * row.quantity,
      ...summed,
      totalValue: (before?.totalValue ?? 0) + sign * row.totalValue,
    });
  }
}

const sortedHsn = (rows: Map<string, HsnRow>) =>
  [...rows.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.rate - b.rate);

function documentsRow(nature: DocumentsRow['nature'], numbers: readonly string[]): DocumentsRow {
  const serial = (number: string) => Number(number.slice(number.lastIndexOf('/') + 1));
  const sorted = [...numbers].sort((a, b) => serial(a) - serial(b));
  const from = sorted[0] ?? null;
  const to = sorted.at(-1) ?? null;
  const total = from && to ? serial(to) - serial(from) + 1 : 0;
  return { nature, from, to, total, cancelled: total - sorted.length, net: sorted.length };
}

function sums(documents: ReadonlyArray<InvoiceDocument | CreditNoteDocument>): DocumentSums {
  return {
    count: documents.length,
    value: documents.reduce((sum, document) => sum + document.totals.total, 0),
    ...sumOf(documents.map((document) => amountsOf(document.totals))),
  };
}

/** The GSTR-1 tables of one month, from the invoices and the credit notes dated in it (each with its invoice). */
export function gstr1(
  month: string,
  gstin: string,
  invoices: readonly InvoiceDocument[],
  creditNotes: ReadonlyArray<{ note: CreditNoteDocument; invoice: InvoiceDocument }>,
): Gstr1 {
  const b2b: B2bRow[] = [];
  const b2cl: B2clRow[] = [];
  const b2cs = new Map<string, B2csRow>();
  const cdnr: NoteRow[] = [];
  const cdnur: NoteRow[] = [];
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };

  const addB2cs = (document: InvoiceDocument | CreditNoteDocument, sign: 1 | -1) => {
    for (const amounts of byRate(document)) {
      const key = `${document.placeOfSupply.code}:${amounts.rate}`;
      b2cs.set(key, {
        type: 'OE',
        supplyType: document.intraState ? 'Intra-State' : 'Inter-State',
        placeOfSupply: placeText(document.placeOfSupply),
        rate: amounts.rate,
        ...plus(b2cs.get(key) ?? NO_TAX, amounts, sign),
      });
    }
  };

  for (const invoice of invoices) {
    const kind = supplyClass(invoice, invoice.totals.total);
    const common = {
      invoiceNumber: invoice.number,
      invoiceDate: invoice.date,
      invoiceValue: invoice.totals.total,
      placeOfSupply: placeText(invoice.placeOfSupply),
    };
    if (kind === 'b2b') {
      for (const amounts of byRate(invoice)) {
        b2b.push({
          recipientGstin: invoice.recipient.gstin as string,
          recipientName: invoice.recipient.name,
          ...common,
          reverseCharge: 'N',
          invoiceType: 'Regular B2B',
          ...amounts,
        });
      }
    } else if (kind === 'b2cl') {
      for (const amounts of byRate(invoice)) b2cl.push({ ...common, ...amounts });
    } else {
      addB2cs(invoice, 1);
    }
    addHsn(kind === 'b2b' ? hsn.b2b : hsn.b2c, byHsn(invoice, invoice.lines), 1);
  }

  for (const { note, invoice } of creditNotes) {
    const kind = supplyClass(note, note.invoice.total);
    if (kind === 'b2cs') {
      addB2cs(note, -1);
    } else {
      const rows = byRate(note).map((amounts) => ({
        recipientGstin: note.recipient.gstin,
        recipientName: note.recipient.name,
        noteNumber: note.number,
        noteDate: note.date,
        noteType: 'C' as const,
        noteValue: note.totals.total,
        placeOfSupply: placeText(note.placeOfSupply),
        invoiceNumber: note.invoice.number,
        invoiceDate: note.invoice.date,
        ...amounts,
      }));
      (kind === 'b2b' ? cdnr : cdnur).push(...rows);
    }
    addHsn(kind === 'b2b' ? hsn.b2b : hsn.b2c, byHsn(note, invoice.lines), -1);
  }

  const invoiceSums = sums(invoices);
  const noteSums = sums(creditNotes.map(({ note }) => note));
  return {
    month,
    gstin,
    b2b: table(b2b),
    b2cl: table(b2cl),
    b2cs: table([...b2cs.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate)),
    cdnr: table(cdnr),
    cdnur: table(cdnur),
    hsnB2b: table(sortedHsn(hsn.b2b)),
    hsnB2c: table(sortedHsn(hsn.b2c)),
    documents: [
      documentsRow(
        'Invoices for outward supply',
        invoices.map((invoice) => invoice.number),
      ),
      documentsRow(
        'Credit Note',
        creditNotes.map(({ note }) => note.number),
      ),
    ],
    summary: {
      invoices: invoiceSums,
      creditNotes: noteSums,
      net: plus(amountsOf(invoiceSums), amountsOf(noteSums), -1),
    },
  };
}
