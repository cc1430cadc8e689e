/**
 * The month's GSTR-1 in the GST portal's upload format (GSTN's GSTR-1 JSON): the file the portal's "Prepare
 * offline" upload and the offline tool's "Open" take as it is. Built from the same report as the CSVs, so its
 * figures are theirs. Amounts in rupees with two decimals (numbers), dates as dd-mm-yyyy, states by their two-digit
 * code, the return period as MMYYYY. Sections the month has nothing in are left out. Where the keys come from: see
 * 356-gstr1.md.
 */
import {
  CARTONS_UQC,
  type DocumentsRow,
  type Gstr1,
  type HsnRow,
  hsnSummaryDescription,
  type NoteRow,
  type RateAmounts,
} from './gstr1.ts';

/** Paise as the upload's rupees: 1680.5 for ₹1,680.50. */
const rupees = (paise: number): number => paise / 100;
/** '2026-11-26' as the upload's date: '26-11-2026'. */
const gstnDate = (day: string): string => day.split('-').reverse().join('-');
/** '32-Kerala' as the upload's place of supply: '32'. */
const stateCode = (place: string): string => place.slice(0, 2);

interface ItemDetails {
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}

/** A rate's amounts: IGST for a supply to another state, CGST and SGST within the shop's own. */
function itemDetails(amounts: RateAmounts, interState: boolean): ItemDetails {
  const tax = interState ? { iamt: rupees(amounts.igst) } : { camt: rupees(amounts.cgst), samt: rupees(amounts.sgst) };
  return { rt: amounts.rate, txval: rupees(amounts.taxable), ...tax, csamt: 0 };
}

const itemsOf = (rows: readonly RateAmounts[], interState: boolean) =>
  rows.map((row, index) => ({ num: index + 1, itm_det: itemDetails(row, interState) }));

/** Rows grouped by a key, in the order each key first comes. */
function grouped<Row>(rows: readonly Row[], key: (row: Row) => string): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.values()];
}

const notesOf = (rows: readonly NoteRow[], home: string) =>
  grouped(rows, (row) => row.noteNumber).map((note) => {
    const [first] = note as [NoteRow];
    const pos = stateCode(first.placeOfSupply);
    return {
      ntty: first.noteType,
      nt_num: first.noteNumber,
      nt_dt: gstnDate(first.noteDate),
      val: rupees(first.noteValue),
      pos,
      itms: itemsOf(note, pos !== home),
    };
  });

const hsnOf = (rows: readonly HsnRow[]) =>
  rows.map((row, index) => ({
    num: index + 1,
    hsn_sc: row.hsnCode,
    ...(row.codeDescription && { desc: hsnSummaryDescription(row.codeDescription) }),
    user_desc: hsnSummaryDescription(row.description),
    uqc: CARTONS_UQC,
    qty: row.quantity,
    rt: row.rate,
    txval: rupees(row.taxable),
    iamt: rupees(row.igst),
    camt: rupees(row.cgst),
    samt: rupees(row.sgst),
    csamt: 0,
  }));

/** The document series' numbers in the upload's list of natures (1: invoices for outward supply, 5: credit notes). */
const DOCUMENT_NUMBERS: Record<DocumentsRow['nature'], number> = { 'Invoices for outward supply': 1, 'Credit Note': 5 };

const present = <Key extends string, Value>(key: Key, value: Value[]): Partial<Record<Key, Value[]>> =>
  value.length > 0 ? ({ [key]: value } as Record<Key, Value[]>) : {};

/** The month's report as GSTN's GSTR-1 upload. */
export function gstr1Gstn(report: Gstr1) {
  const [year, month] = report.month.split('-');
  /** The shop's own state: a supply there is intra-state. */
  const home = report.gstin.slice(0, 2);
  const b2b = grouped(report.b2b.rows, (row) => row.recipientGstin).map((buyer) => ({
    ctin: (buyer[0] as (typeof buyer)[number]).recipientGstin,
    inv: grouped(buyer, (row) => row.invoiceNumber).map((invoice) => {
      const [first] = invoice as [(typeof invoice)[number]];
      const pos = stateCode(first.placeOfSupply);
      return {
        inum: first.invoiceNumber,
        idt: gstnDate(first.invoiceDate),
        val: rupees(first.invoiceValue),
        pos,
        rchrg: first.reverseCharge,
        inv_typ: 'R',
        itms: itemsOf(invoice, pos !== home),
      };
    }),
  }));
  const b2cl = grouped(report.b2cl.rows, (row) => row.placeOfSupply).map((state) => ({
    pos: stateCode((state[0] as (typeof state)[number]).placeOfSupply),
    inv: grouped(state, (row) => row.invoiceNumber).map((invoice) => {
      const [first] = invoice as [(typeof invoice)[number]];
      // B2C large is inter-state by definition.
      return {
        inum: first.invoiceNumber,
        idt: gstnDate(first.invoiceDate),
        val: rupees(first.invoiceValue),
        itms: itemsOf(invoice, true),
      };
    }),
  }));
  const b2cs = report.b2cs.rows.map((row) => {
    const interState = row.supplyType === 'Inter-State';
    return {
      sply_ty: interState ? 'INTER' : 'INTRA',
      typ: row.type,
      pos: stateCode(row.placeOfSupply),
      ...itemDetails(row, interState),
    };
  });
  const cdnr = grouped(report.cdnr.rows, (row) => row.recipientGstin ?? '').map((buyer) => ({
    ctin: (buyer[0] as NoteRow).recipientGstin as string,
    nt: notesOf(buyer, home).map((note) => ({ ...note, rchrg: 'N', inv_typ: 'R' })),
  }));
  const cdnur = notesOf(report.cdnur.rows, home).map((note) => ({ typ: 'B2CL', ...note }));
  const documents = report.documents.filter((row) => row.total > 0);
  return {
    gstin: report.gstin,
    fp: `${month}${year}`,
    ...present('b2b', b2b),
    ...present('b2cl', b2cl),
    ...present('b2cs', b2cs),
    ...present('cdnr', cdnr),
    ...present('cdnur', cdnur),
    hsn: { ...present('hsn_b2b', hsnOf(report.hsnB2b.rows)), ...present('hsn_b2c', hsnOf(report.hsnB2c.rows)) },
    doc_issue: {
      doc_det: documents.map((row) => ({
        doc_num: DOCUMENT_NUMBERS[row.nature],
        doc_typ: row.nature,
        docs: [{ num: 1, from: row.from, to: row.to, totnum: row.total, cancel: row.cancelled, net_issue: row.net }],
      })),
    },
  };
}

export type Gstr1Gstn = ReturnType<typeof gstr1Gstn>;

/** The download's name: the portal's own, 'GSTR1_32AAACG1234A1ZN_112026.json'. */
export const gstr1GstnFilename = (report: Gstr1): string => {
  const [year, month] = report.month.split('-');
  return `GSTR1_${report.gstin}_${month}${year}.json`;
};
