/**
 * The e-way bill portal's bulk-generation JSON (ewaybillgst.gov.in, "Generate Bulk"), made from an issued tax invoice
 * and the dispatch in force: Part A from the invoice alone, Part B as far as the dispatch recorded it. The staff upload
 * the file on the portal and type the e-way bill number it gives back into the dispatch, as before. The format and
 * where it comes from: docs/decisions/502-hand-offs-e-way-bill-tally-and-e-invoice.md; the schema it is tested against is
 * tests/fixtures/eway-bill-bulk.schema.json.
 */
import { type DispatchDetails, type DispatchFrom, distanceProblem, TRANSPORT_MODES } from '#domains/invoice/dispatch.ts';
import { deliveryAddressOf, type InvoiceDocument } from '#domains/invoice/model.ts';
import { pincodeIn, withoutPincodes } from '#domains/settings/pincode.ts';
import { GST_STATES } from '#domains/tax/gst.ts';
import type { Paise } from '#lib/money.ts';

import { CARTONS_UQC } from './gstr1.ts';

/** The version of the bulk format the portal's upload takes, written at the head of the file. */
export const EWAY_BILL_JSON_VERSION = '1.0.0621';
/** The portal's longest transport document (docket or LR) number. */
export const TRANS_DOC_MAX = 15;

export interface EwayBillItem {
  itemNo: number;
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
  cessNonAdvol: number;
}

/** One bill of the file: Part A, then Part B's keys when the dispatch gave them. */
export interface EwayBill {
  userGstin: string;
  supplyType: 'O';
  subSupplyType: number;
  subSupplyDesc: string;
  docType: 'INV';
  docNo: string;
  docDate: string;
  transType: number;
  fromGstin: string;
  fromTrdName: string;
  fromAddr1: string;
  fromAddr2: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actualFromStateCode: number;
  toGstin: string;
  toTrdName: string;
  toAddr1: string;
  toAddr2: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actualToStateCode: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  TotNonAdvolVal: number;
  OthValue: number;
  totInvValue: number;
  transMode?: number;
  transDistance: number;
  transporterName?: string;
  transporterId?: string;
  transDocNo?: string;
  transDocDate?: string;
  vehicleNo?: string;
  vehicleType?: 'R';
  mainHsnCode: number;
  itemList: EwayBillItem[];
}

export interface EwayBillFile {
  version: string;
  billLists: EwayBill[];
}

export type EwayBillResult = { ok: true; bill: EwayBill } | { ok: false; message: string; field: string };

/** Rupees as the portal's JSON numbers take them (1680, 42.5). */
const rupees = (paise: Paise): number => paise / 100;
/** 'YYYY-MM-DD' as the portal writes dates: 'DD/MM/YYYY'. */
const portalDate = (day: string): string => day.split('-').reverse().join('/');
const SUPPLY = 1;
/**
 * The portal's transaction type: 1 regular (billed where shipped, dispatched from the registered address), 2 bill to
 * one place and ship to another, 3 dispatched from another place than the one billed from, 4 both.
 */
const transTypeOf = (billedElsewhere: boolean, dispatchedElsewhere: boolean): number =>
  1 + (billedElsewhere ? 1 : 0) + (dispatchedElsewhere ? 2 : 0);
const ADDRESS_LINE = 120;
const PLACE = 50;
const TRADE_NAME = 100;

/**
 * An address as the portals' fields hold it: the pincode and the state's name taken out, the last part left as the
 * place and the rest packed, part by part, into two lines (120 characters each on an e-way bill, 100 on an e-invoice).
 */
export function addressFields(
  address: string,
  limits: { line: number; place: number } = { line: ADDRESS_LINE, place: PLACE },
): { line1: string; line2: string; place: string } {
  const states = new Set(Object.values(GST_STATES).map((name) => name.toLowerCase()));
  const parts = address
    .split(/[,\n]/)
    .map((part) => withoutPincodes(part).replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '' && !states.has(part.toLowerCase()))
    .map((part) => {
      const words = part.split(' ');
      const last = words.at(-1)?.toLowerCase() ?? '';
      return states.has(last) && words.length > 1 ? words.slice(0, -1).join(' ') : part;
    });
  const place = (parts.pop() ?? '').slice(0, limits.place);
  const lines = ['', ''];
  let index = 0;
  for (const part of parts) {
    const current = lines[index] as string;
    const joined = current ? `${current}, ${part}` : part;
    if (joined.length <= limits.line) lines[index] = joined;
    else if (index === 0) {
      index = 1;
      lines[1] = part.slice(0, limits.line);
    } else break;
  }
  return { line1: lines[0] as string, line2: lines[1] as string, place };
}

/**
 * The bill for an issued invoice and the dispatch in force (null before the goods are dispatched: then Part A alone,
 * the distance 0 for the portal to work out from the pincodes), or what is missing for one.
 */
export function ewayBillOf(invoice: InvoiceDocument, dispatch: DispatchDetails | null, from: DispatchFrom): EwayBillResult {
  // The goods travel to the delivery address, which a B2B invoice may bill apart from (Bill to, Ship to).
  const delivery = deliveryAddressOf(invoice);
  const toPincode = pincodeIn(delivery);
  if (!toPincode) {
    return { ok: false, field: 'deliveryLocation', message: `Invoice ${invoice.number}: the delivery address has no pincode` };
  }
  const unnamed = invoice.lines.findIndex((line) => !/^\d{4,8}$/.test(line.hsnCode));
  if (unnamed >= 0) {
    const line = invoice.lines[unnamed];
    return {
      ok: false,
      field: 'hsnCode',
      message: `Invoice ${invoice.number}: line ${unnamed + 1} (${line?.productName}) has no HSN code`,
    };
  }
  if (dispatch && dispatch.distanceKm === null) {
    return {
      ok: false,
      field: 'distanceKm',
      message: `Invoice ${invoice.number}: the dispatch has no distance; give the distance in km in the dispatch details`,
    };
  }
  const tooFar = dispatch?.distanceKm ? distanceProblem(dispatch.distanceKm, from.pincode, toPincode) : null;
  if (tooFar) return { ok: false, field: 'distanceKm', message: `Invoice ${invoice.number}: ${tooFar}` };
  if (dispatch && dispatch.docketNumber.length > TRANS_DOC_MAX) {
    return {
      ok: false,
      field: 'docketNumber',
      message: `Invoice ${invoice.number}: the portal takes a docket or LR number of at most ${TRANS_DOC_MAX} characters`,
    };
  }

  const { intraState, totals, supplier, recipient } = invoice;
  const to = addressFields(delivery);
  const itemList = invoice.lines.map((line, index): EwayBillItem => ({
    itemNo: index + 1,
    productName: line.productName.slice(0, TRADE_NAME),
    productDesc: (line.options || line.productName).slice(0, TRADE_NAME),
    hsnCode: Number(line.hsnCode),
    quantity: line.quantity,
    qtyUnit: CARTONS_UQC,
    taxableAmount: rupees(line.taxable),
    cgstRate: intraState ? line.gstRate / 2 : 0,
    sgstRate: intraState ? line.gstRate / 2 : 0,
    igstRate: intraState ? 0 : line.gstRate,
    cessRate: 0,
    cessNonAdvol: 0,
  }));
  const goods = invoice.lines.reduce((sum, line) => sum + line.taxable, 0);
  const stateCode = Number(invoice.placeOfSupply.code);
  const bill: EwayBill = {
    userGstin: supplier.gstin ?? '',
    supplyType: 'O',
    subSupplyType: SUPPLY,
    subSupplyDesc: '',
    docType: 'INV',
    docNo: invoice.number,
    docDate: portalDate(invoice.date),
    transType: transTypeOf(
      delivery !== recipient.address,
      pincodeIn(supplier.address) !== from.pincode || !supplier.address.includes(from.address1),
    ),
    fromGstin: supplier.gstin ?? '',
    fromTrdName: supplier.name.slice(0, TRADE_NAME),
    fromAddr1: from.address1.slice(0, ADDRESS_LINE),
    fromAddr2: from.address2.slice(0, ADDRESS_LINE),
    fromPlace: from.place.slice(0, PLACE),
    fromPincode: Number(from.pincode),
    fromStateCode: Number(supplier.state?.code ?? from.stateCode),
    actualFromStateCode: Number(from.stateCode),
    toGstin: recipient.gstin ?? 'URP',
    toTrdName: recipient.name.slice(0, TRADE_NAME),
    toAddr1: to.line1,
    toAddr2: to.line2,
    toPlace: to.place || invoice.placeOfSupply.name,
    toPincode: Number(toPincode),
    toStateCode: stateCode,
    actualToStateCode: stateCode,
    // The goods' taxable value; the delivery charge and the round-off are the invoice's other value, its tax is in
    // the tax heads, so the parts add up to the invoice's total to the paisa.
    totalValue: rupees(goods),
    cgstValue: rupees(totals.cgst),
    sgstValue: rupees(totals.sgst),
    igstValue: rupees(totals.igst),
    cessValue: 0,
    TotNonAdvolVal: 0,
    OthValue: rupees(totals.taxable - goods + totals.roundOff),
    totInvValue: rupees(totals.total),
    transDistance: dispatch?.distanceKm ?? 0,
    mainHsnCode: Number(invoice.lines[0]?.hsnCode),
    itemList,
  };
  if (dispatch) {
    bill.transMode = TRANSPORT_MODES[dispatch.transportMode ?? 'road'];
    bill.transporterName = dispatch.transporter.slice(0, TRADE_NAME);
    if (dispatch.transporterId) bill.transporterId = dispatch.transporterId;
    bill.transDocNo = dispatch.docketNumber;
    if (dispatch.transportDocDate) bill.transDocDate = portalDate(dispatch.transportDocDate);
    if (dispatch.vehicleNumber) {
      bill.vehicleNo = dispatch.vehicleNumber;
      bill.vehicleType = 'R';
    }
  }
  return { ok: true, bill };
}

/** The file the portal's bulk upload takes: one bill or several. */
export const ewayBillFile = (bills: EwayBill[]): EwayBillFile => ({ version: EWAY_BILL_JSON_VERSION, billLists: bills });
