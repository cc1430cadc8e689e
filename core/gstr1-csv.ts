/**
 * The month's GSTR-1 tables as CSV files for the accountant: one file per table, the columns in the order and with the
 * headings of the GST portal's offline tool (plus the IGST, CGST and SGST amounts of each row), amounts in rupees
 * with two decimals, dates as the tool writes them (26-Nov-2026). Each file ends with a row of its totals.
 */
import type { B2bRow, B2clRow, B2csRow, DocumentsRow, Gstr1, HsnRow, NoteRow, TaxAmounts } from './gstr1.ts';
import { toDecimalString } from './money.ts';

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

type Cell = string | number;
interface Column<Row> {
  heading: string;
  cell: (row: Row) => Cell;
  /** The totals row's cell: the amount columns add up, the rest stay empty. */
  total?: keyof TaxAmounts;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-26' as the offline tool writes it: '26-Nov-2026'. */
export const gstDate = (day: string): string => {
  const [year, month, date] = day.split('-');
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
};
/** Rupees with two decimals; a month's net after its credit notes may be below zero ('-500.00'). */
const money = (paise: number): string => (paise < 0 ? `-${toDecimalString(-paise)}` : toDecimalString(paise));

const TAX_COLUMNS: Array<Column<TaxAmounts & { rate?: number }>> = [
  { heading: 'Taxable Value', cell: (row) => money(row.taxable), total: 'taxable' },
  { heading: 'Integrated Tax Amount', cell: (row) => money(row.igst), total: 'igst' },
  { heading: 'Central Tax Amount', cell: (row) => money(row.cgst), total: 'cgst' },
  { heading: 'State/UT Tax Amount', cell: (row) => money(row.sgst), total: 'sgst' },
  { heading: 'Cess Amount', cell: () => money(0) },
];
const taxColumns = <Row extends TaxAmounts>() => TAX_COLUMNS as Array<Column<Row>>;

const B2B: Array<Column<B2bRow>> = [
  { heading: 'GSTIN/UIN of Recipient', cell: (row) => row.recipientGstin },
  { heading: 'Receiver Name', cell: (row) => row.recipientName },
  { heading: 'Invoice Number', cell: (row) => row.invoiceNumber },
  { heading: 'Invoice date', cell: (row) => gstDate(row.invoiceDate) },
  { heading: 'Invoice Value', cell: (row) => money(row.invoiceValue) },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { heading: 'Reverse Charge', cell: (row) => row.reverseCharge },
  { heading: 'Invoice Type', cell: (row) => row.invoiceType },
  { heading: 'Rate', cell: (row) => row.rate },
  ...taxColumns<B2bRow>(),
];
const B2CL: Array<Column<B2clRow>> = [
  { heading: 'Invoice Number', cell: (row) => row.invoiceNumber },
  { heading: 'Invoice date', cell: (row) => gstDate(row.invoiceDate) },
  { heading: 'Invoice Value', cell: (row) => money(row.invoiceValue) },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { heading: 'Rate', cell: (row) => row.rate },
  ...taxColumns<B2clRow>(),
];
const B2CS: Array<Column<B2csRow>> = [
  { heading: 'Type', cell: (row) => row.type },
  { heading: 'Supply Type', cell: (row) => row.supplyType },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { heading: 'Rate', cell: (row) => row.rate },
  ...taxColumns<B2csRow>(),
];
const NOTES: Array<Column<NoteRow>> = [
  { heading: 'GSTIN/UIN of Recipient', cell: (row) => row.recipientGstin ?? '' },
  { heading: 'Receiver Name', cell: (row) => row.recipientName },
  { heading: 'Note Number', cell: (row) => row.noteNumber },
  { heading: 'Note Date', cell: (row) => gstDate(row.noteDate) },
  { heading: 'Note Type', cell: (row) => row.noteType },
  { heading: 'Place Of Supply', cell: (row) => row.placeOfSupply },
  { heading: 'Note Value', cell: (row) => money(row.noteValue) },
  { heading: 'Original Invoice Number', cell: (row) => row.invoiceNumber },
  { heading: 'Original Invoice Date', cell: (row) => gstDate(row.invoiceDate) },
  { heading: 'Rate', cell: (row) => row.rate },
  ...taxColumns<NoteRow>(),
];
const HSN: Array<Column<HsnRow>> = [
  { heading: 'HSN', cell: (row) => row.hsnCode },
  { heading: 'Description', cell: (row) => row.description },
  { heading: 'UQC', cell: (row) => row.uqc },
  { heading: 'Total Quantity', cell: (row) => row.quantity },
  { heading: 'Total Value', cell: (row) => money(row.totalValue) },
  { heading: 'Rate', cell: (row) => row.rate },
  ...taxColumns<HsnRow>(),
];
const DOCS: Array<Column<DocumentsRow>> = [
  { heading: 'Nature of Document', cell: (row) => row.nature },
  { heading: 'Sr. No. From', cell: (row) => row.from ?? '' },
  { heading: 'Sr. No. To', cell: (row) => row.to ?? '' },
  { heading: 'Total Number', cell: (row) => row.total },
  { heading: 'Cancelled', cell: (row) => row.cancelled },
  { heading: 'Net Issued', cell: (row) => row.net },
];

function rowsOf<Row>(columns: Array<Column<Row>>, rows: readonly Row[], totals: TaxAmounts | null): Cell[][] {
  return [
    columns.map((column) => column.heading),
    ...rows.map((row) => columns.map((column) => column.cell(row))),
    ...(totals
      ? [columns.map((column, index) => (index === 0 ? 'Total' : column.total ? money(totals[column.total]) : ''))]
      : []),
  ];
}

/** One table of the report as rows of cells, its headings first and (for the tables of amounts) its totals last. */
export function gstr1Table(report: Gstr1, name: Gstr1TableName): Cell[][] {
  switch (name) {
    case 'b2b':
      return rowsOf(B2B, report.b2b.rows, report.b2b.totals);
    case 'b2cl':
      return rowsOf(B2CL, report.b2cl.rows, report.b2cl.totals);
    case 'b2cs':
      return rowsOf(B2CS, report.b2cs.rows, report.b2cs.totals);
    case 'cdnr':
      return rowsOf(NOTES, report.cdnr.rows, report.cdnr.totals);
    case 'cdnur':
      return rowsOf(NOTES, report.cdnur.rows, report.cdnur.totals);
    case 'hsn-b2b':
      return rowsOf(HSN, report.hsnB2b.rows, report.hsnB2b.totals);
    case 'hsn-b2c':
      return rowsOf(HSN, report.hsnB2c.rows, report.hsnB2c.totals);
    case 'docs':
      return rowsOf(DOCS, report.documents, null);
  }
}

/** The download's name: 'GSTR-1-2026-11-b2b.csv'. */
export const gstr1Filename = (month: string, name: Gstr1TableName): string => `GSTR-1-${month}-${name}.csv`;
