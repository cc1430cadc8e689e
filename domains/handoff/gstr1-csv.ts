/**
 * The month's GSTR-1 tables as CSV files the GST portal's offline tool imports as they are: one file per table, the
 * headings of the tool's templates header for header and in their order, then the data rows and nothing else (no
 * totals row: the Reports page shows the totals). Amounts in rupees with two decimals, dates as the tool writes them
 * (26-Nov-2026). The tool works the tax out from the rate and the taxable value, so only the HSN summary carries it.
 * Where the headings come from: see 356-gstr1.md.
 */
import { toDecimalString } from '#lib/money.ts';

import {
  type B2bRow,
  type B2clRow,
  type B2csRow,
  type DocumentsRow,
  type Gstr1,
  type HsnRow,
  hsnSummaryDescription,
  type NoteRow,
} from './gstr1.ts';

export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'docs'] as const;
export type Gstr1TableName = (typeof GSTR1_TABLES)[number];

/** What each table is, as the admin's download list names it. */
export const GSTR1_TABLE_TITLES: Record<Gstr1TableName, string> = {
  b2b: 'B2B invoices (4A)',
  b2cl: 'B2C large invoices (5)',
  b2cs: 'B2C small, by state and rate (7)',
  cdnr: 'Credit notes to registered buyers (9B)',
  cdnur: 'Credit notes to unregistered buyers (9B)',
  'hsn-b2b': 'HSN summary, B2B (12)',
  'hsn-b2c': 'HSN summary, B2C (12)',
  docs: 'Documents issued (13)',
};

/** Cartons as the templates' UQC list names them: the tool reads the code before the hyphen, and a bare 'CTN' as empty. */
export const CARTONS_UQC_TEXT = 'CTN-CARTONS';

type Cell = string | number;
interface Column<Row> {
  heading: string;
  cell: (row: Row) => Cell;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-26' as the offline tool writes it: '26-Nov-2026'. */
export const gstDate = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
};
/** Rupees with two decimals; a month's net after its credit notes may be below zero ('-500.00'). */
export const rupees = (paise: number): string => (paise < 0 ? `-${toDecimalString(-paise)}` : toDecimalString(paise));

/** Columns the shop never fills: no differential rate, no e-commerce operator, no cess on its goods. */
const EMPTY = () => '';
const APPLICABLE_RATE = { heading: 'Applicable % of Tax Rate', cell: EMPTY };
const ECOMMERCE_GSTIN = { heading: 'E-Commerce GSTIN', cell: EMPTY };
const CESS = { heading: 'Cess Amount', cell: EMPTY };
const RATE = { heading: 'Rate', cell: (row: { rate: number }) => row.rate };
const TAXABLE = { heading: 'Taxable Value', cell: (row: { taxable: number }) => rupees(row.taxable) };
/** How most templates end a row, or nearly: the differential rate (never), the rate, the taxable value, the cess (none). */
const BY_RATE = [APPLICABLE_RATE, RATE, TAXABLE, CESS];
/** An invoice reported one by one (B2B, B2C large): its number, date, value and place of supply, in this order. */
const INVOICE: Array<Column<{ invoiceNumber: string; invoiceDate: string; invoiceValue: number; placeOfSupply: string }>> = [
  { heading: 'Invoice Number', cell: (row) => row.invoiceNumber },
  { heading: 'Invoice date', cell: (row) => gstDate(row.invoiceDate) },
  { heading: 'Invoice Value', cell: (row) => rupees(row.invoiceValue) },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
];

const B2B: Array<Column<B2bRow>> = [
  { heading: 'GSTIN/UIN of Recipient', cell: (row) => row.recipientGstin },
  { heading: 'Receiver Name', cell: (row) => row.recipientName },
  ...INVOICE,
  { heading: 'Reverse Charge', cell: (row) => row.reverseCharge },
  APPLICABLE_RATE,
  { heading: 'Invoice Type', cell: (row) => row.invoiceType },
  ECOMMERCE_GSTIN,
  RATE,
  TAXABLE,
  CESS,
];
const B2CL: Array<Column<B2clRow>> = [...INVOICE, ...BY_RATE, ECOMMERCE_GSTIN];
const B2CS: Array<Column<B2csRow>> = [
  { heading: 'Type', cell: (row) => row.type },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  ...BY_RATE,
  ECOMMERCE_GSTIN,
];
/** A credit note (registered or not): its number, date, type and place of supply, in this order. */
const NOTE: Array<Column<NoteRow>> = [
  { heading: 'Note Number', cell: (row) => row.noteNumber },
  { heading: 'Note Date', cell: (row) => gstDate(row.noteDate) },
  { heading: 'Note Type', cell: (row) => row.noteType },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
];
const NOTE_VALUE = { heading: 'Note Value', cell: (row: NoteRow) => rupees(row.noteValue) };
const CDNR: Array<Column<NoteRow>> = [
  { heading: 'GSTIN/UIN of Recipient', cell: (row) => row.recipientGstin ?? '' },
  { heading: 'Receiver Name', cell: (row) => row.recipientName },
  ...NOTE,
  { heading: 'Reverse Charge', cell: () => 'N' },
  { heading: 'Note Supply Type', cell: () => 'Regular B2B' },
  NOTE_VALUE,
  ...BY_RATE,
];
const CDNUR: Array<Column<NoteRow>> = [
  // Only notes against a B2C large invoice are reported one by one; the rest are netted in B2C small.
  { heading: 'UR Type', cell: () => 'B2CL' },
  ...NOTE,
  NOTE_VALUE,
  ...BY_RATE,
];
const HSN: Array<Column<HsnRow>> = [
  { heading: 'HSN', cell: (row) => row.hsnCode },
  { heading: 'Description', cell: (row) => hsnSummaryDescription(row.description) },
  { heading: 'Description as per HSN Code', cell: (row) => hsnSummaryDescription(row.codeDescription) },
  { heading: 'UQC', cell: () => CARTONS_UQC_TEXT },
  { heading: 'Total Quantity', cell: (row) => row.quantity },
  RATE,
  TAXABLE,
  { heading: 'Integrated Tax Amount', cell: (row) => rupees(row.igst) },
  { heading: 'Central Tax Amount', cell: (row) => rupees(row.cgst) },
  { heading: 'State/UT Tax Amount', cell: (row) => rupees(row.sgst) },
  CESS,
];
const DOCS: Array<Column<DocumentsRow>> = [
  { heading: 'Nature of Document', cell: (row) => row.nature },
  { heading: 'Sr. No. From', cell: (row) => row.from ?? '' },
  { heading: 'Sr. No. To', cell: (row) => row.to ?? '' },
  { heading: 'Total Number', cell: (row) => row.total },
  { heading: 'Cancelled', cell: (row) => row.cancelled },
];

const rowsOf = <Row>(columns: Array<Column<Row>>, rows: readonly Row[]): Cell[][] => [
  columns.map((column) => column.heading),
  ...rows.map((row) => columns.map((column) => column.cell(row))),
];

/** Each table of the report: its columns over its rows. */
const TABLES: Record<Gstr1TableName, (report: Gstr1) => Cell[][]> = {
  b2b: (report) => rowsOf(B2B, report.b2b.rows),
  b2cl: (report) => rowsOf(B2CL, report.b2cl.rows),
  b2cs: (report) => rowsOf(B2CS, report.b2cs.rows),
  cdnr: (report) => rowsOf(CDNR, report.cdnr.rows),
  cdnur: (report) => rowsOf(CDNUR, report.cdnur.rows),
  'hsn-b2b': (report) => rowsOf(HSN, report.hsnB2b.rows),
  'hsn-b2c': (report) => rowsOf(HSN, report.hsnB2c.rows),
  // A series with nothing issued in the month is no row: the tool refuses a row without its numbers.
  docs: (report) =>
    rowsOf(
      DOCS,
      report.documents.filter((row) => row.total > 0),
    ),
};

/** One table of the report as rows of cells: its headings, then its data rows. */
export const gstr1Table = (report: Gstr1, name: Gstr1TableName): Cell[][] => TABLES[name](report);

/** The download's name: 'GSTR-1-2026-11-b2b.csv'. */
export const gstr1Filename = (month: string, name: Gstr1TableName): string => `GSTR-1-${month}-${name}.csv`;
