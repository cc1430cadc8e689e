/**
 * The invoice registration portal's (IRP) JSON, schema INV-01 version 1.1, made from an issued B2B tax invoice or
 * credit note, and the portal's answer to it read back: the IRN, the acknowledgement and the signed QR code. The staff
 * upload the file on the portal and paste its answer; nothing here talks to the portal. The format, where its schema
 * comes from and the choices: docs/decisions/502-hand-offs-e-way-bill-tally-and-e-invoice.md; the schema it is tested against is
 * tests/fixtures/e-invoice-inv01.schema.json.
 */
import type { DispatchFrom } from '#domains/invoice/dispatch.ts';
import { type CreditNoteDocument, deliveryAddressOf, type InvoiceDocument } from '#domains/invoice/model.ts';
import { pincodeIn } from '#domains/settings/pincode.ts';
import type { Issuer } from '#domains/tax/document.ts';
import { IST_OFFSET } from '#lib/india-time.ts';
import type { Paise } from '#lib/money.ts';

import { addressFields } from './eway-bill.ts';
import { CARTONS_UQC } from './gstr1.ts';

export const E_INVOICE_VERSION = '1.1';
/** The portal's longest document number, and its shape (a letter or 1-9 first, then letters, digits, '/' and '-'). */
const DOC_NUMBER = /^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/;
/**
 * The delivery charge's line: a service (road transport of goods, SAC 996511) taxed at the principal supply's rate,
 * as the invoice taxes it. The portal adds up item lines only, so it is a line and not an untaxed other charge.
 */
export const DELIVERY_SAC = '996511';
/** The portal's unit for a line without a countable quantity ('others'). */
const OTHER_UNIT = 'OTH';
const NAME = 100;
const LINE = 100;
const SELLER_PLACE = 50;
const DESCRIPTION = 300;

interface PartyDetails {
  Gstin: string;
  LglNm: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
}

export interface EInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt: number;
  CesAmt: number;
  CesNonAdvlAmt: number;
  StateCesRt: number;
  StateCesAmt: number;
  StateCesNonAdvlAmt: number;
  OthChrg: number;
  TotItemVal: number;
}

/** One document as the portal registers it. */
export interface EInvoice {
  Version: string;
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'N'; IgstOnIntra: 'N' };
  DocDtls: { Typ: 'INV' | 'CRN'; No: string; Dt: string };
  SellerDtls: PartyDetails & { Ph?: string; Em?: string };
  BuyerDtls: PartyDetails & { Pos: string };
  DispDtls: Omit<PartyDetails, 'Gstin' | 'LglNm'> & { Nm: string };
  ShipDtls: PartyDetails;
  ItemList: EInvoiceItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    StCesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
  RefDtls?: { PrecDocDtls: Array<{ InvNo: string; InvDt: string }> };
}

export type EInvoiceResult = { ok: true; json: EInvoice } | { ok: false; message: string; field: string };

const rupees = (paise: Paise): number => paise / 100;
/** 'YYYY-MM-DD' as the portal writes dates: 'DD/MM/YYYY'. */
export const portalDate = (day: string): string => day.split('-').reverse().join('/');
/** The portal's text fields take no double quote. */
const text = (value: string, max: number): string => value.replaceAll('"', "'").replace(/\s+/g, ' ').trim().slice(0, max);

type TaxDocument = InvoiceDocument | CreditNoteDocument;
const isCreditNote = (document: TaxDocument): document is CreditNoteDocument => 'reason' in document;

/**
 * The portal's JSON for an issued invoice or credit note with the dispatch-from address in force, or what is missing
 * for one (the portal registers B2B documents only, and refuses short names, missing pincodes and long numbers).
 */
export function eInvoiceOf(
  document: TaxDocument,
  from: DispatchFrom,
  issuer: Pick<Issuer, 'phone' | 'email'> | null,
): EInvoiceResult {
  const kind = isCreditNote(document) ? 'Credit note' : 'Invoice';
  const refuse = (field: string, message: string): EInvoiceResult => ({
    ok: false,
    field,
    message: `${kind} ${document.number}: ${message}`,
  });
  const { supplier, recipient, placeOfSupply, totals } = document;
  if (!recipient.gstin || !recipient.state) {
    return refuse(
      'customerGstin',
      'the customer has no GSTIN (a B2C supply): the portal registers only invoices to registered buyers, so this one is valid as issued',
    );
  }
  if (!supplier.gstin || !supplier.state) return refuse('gstin', "the shop's GSTIN is missing from the document");
  if (!DOC_NUMBER.test(document.number)) {
    return refuse(
      'number',
      'the portal takes a number of at most 16 letters, digits, "/" and "-", starting with a letter or 1-9',
    );
  }
  const buyerPin = pincodeIn(recipient.address);
  if (!buyerPin) return refuse('deliveryLocation', 'the billing address has no pincode');
  const deliveredTo = deliveryAddressOf(document);
  const shipPin = pincodeIn(deliveredTo);
  if (!shipPin) return refuse('deliveryLocation', 'the delivery address has no pincode');
  const sellerPin = pincodeIn(supplier.address);
  if (!sellerPin) return refuse('address', "the shop's address has no pincode");
  for (const [field, name] of [
    ['customerName', recipient.name],
    ['legalName', supplier.name],
  ] as const) {
    if (text(name, NAME).length < 3) return refuse(field, `the portal takes names of 3 characters or more, not "${name}"`);
  }
  const unnamed = document.lines.findIndex((line) => !/^(\d{4}|\d{6}|\d{8})$/.test(line.hsnCode));
  if (unnamed >= 0) {
    return refuse('hsnCode', `line ${unnamed + 1} has no HSN code of 4, 6 or 8 digits`);
  }
  const seller = addressFields(supplier.address, { line: LINE, place: SELLER_PLACE });
  const buyer = addressFields(recipient.address, { line: LINE, place: LINE });
  const shipped = addressFields(deliveredTo, { line: LINE, place: LINE });
  const sent = addressFields(`${from.address1}, ${from.address2}, ${from.place}`, { line: LINE, place: LINE });
  const place = (loc: string, fallback: string) => (loc.length >= 3 ? loc : fallback);
  const withLine2 = (line2: string) => (line2.length >= 3 ? { Addr2: line2 } : {});
  const phone = issuer?.phone.replace(/\D/g, '').slice(-10) ?? '';

  const goods = document.lines.map((line, index): EInvoiceItem => ({
    SlNo: String(index + 1),
    PrdDesc: text([line.productName, line.options].filter(Boolean).join(', '), DESCRIPTION),
    IsServc: 'N',
    HsnCd: line.hsnCode,
    Qty: line.quantity,
    Unit: CARTONS_UQC,
    UnitPrice: rupees(line.price),
    TotAmt: rupees(line.price * line.quantity),
    Discount: 0,
    AssAmt: rupees(line.taxable),
    GstRt: line.gstRate,
    IgstAmt: rupees(line.igst),
    CgstAmt: rupees(line.cgst),
    SgstAmt: rupees(line.sgst),
    CesRt: 0,
    CesAmt: 0,
    CesNonAdvlAmt: 0,
    StateCesRt: 0,
    StateCesAmt: 0,
    StateCesNonAdvlAmt: 0,
    OthChrg: 0,
    TotItemVal: rupees(line.taxable + line.cgst + line.sgst + line.igst),
  }));
  const { delivery } = document;
  const items = delivery
    ? [
        ...goods,
        {
          ...(goods[0] as EInvoiceItem),
          SlNo: String(goods.length + 1),
          PrdDesc: 'Delivery (transport of the goods)',
          IsServc: 'Y' as const,
          HsnCd: DELIVERY_SAC,
          Qty: 1,
          Unit: OTHER_UNIT,
          UnitPrice: rupees(delivery.taxable),
          TotAmt: rupees(delivery.taxable),
          AssAmt: rupees(delivery.taxable),
          GstRt: delivery.rate,
          IgstAmt: rupees(delivery.igst),
          CgstAmt: rupees(delivery.cgst),
          SgstAmt: rupees(delivery.sgst),
          TotItemVal: rupees(delivery.taxable + delivery.cgst + delivery.sgst + delivery.igst),
        },
      ]
    : goods;

  const json: EInvoice = {
    Version: E_INVOICE_VERSION,
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: isCreditNote(document) ? 'CRN' : 'INV', No: document.number, Dt: portalDate(document.date) },
    SellerDtls: {
      Gstin: supplier.gstin,
      LglNm: text(supplier.name, NAME),
      Addr1: seller.line1 || seller.place,
      ...withLine2(seller.line2),
      Loc: place(seller.place, supplier.state.name),
      Pin: Number(sellerPin),
      Stcd: supplier.state.code,
      ...(phone.length >= 6 ? { Ph: phone } : {}),
      ...(issuer?.email ? { Em: issuer.email } : {}),
    },
    BuyerDtls: {
      Gstin: recipient.gstin,
      LglNm: text(recipient.name, NAME),
      Pos: placeOfSupply.code,
      Addr1: buyer.line1 || buyer.place,
      ...withLine2(buyer.line2),
      Loc: place(buyer.place, placeOfSupply.name),
      Pin: Number(buyerPin),
      Stcd: recipient.state.code,
    },
    DispDtls: {
      Nm: text(supplier.name, NAME),
      Addr1: sent.line1 || sent.place,
      ...withLine2(sent.line2),
      Loc: place(sent.place, supplier.state.name),
      Pin: Number(from.pincode),
      Stcd: from.stateCode,
    },
    // The goods go to the delivery address (Ship to), in the place of supply; the billed party (Bill to) is the buyer.
    ShipDtls: {
      Gstin: recipient.gstin,
      LglNm: text(document.shipTo?.name ?? recipient.name, NAME),
      Addr1: shipped.line1 || shipped.place,
      ...withLine2(shipped.line2),
      Loc: place(shipped.place, placeOfSupply.name),
      Pin: Number(shipPin),
      Stcd: placeOfSupply.code,
    },
    ItemList: items,
    // The portal adds the items up and checks these against them; the round-off is the invoice's own (to the rupee).
    ValDtls: {
      AssVal: rupees(totals.taxable),
      CgstVal: rupees(totals.cgst),
      SgstVal: rupees(totals.sgst),
      IgstVal: rupees(totals.igst),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: rupees(totals.roundOff),
      TotInvVal: rupees(totals.total),
    },
    ...(isCreditNote(document)
      ? { RefDtls: { PrecDocDtls: [{ InvNo: document.invoice.number, InvDt: portalDate(document.invoice.date) }] } }
      : {}),
  };
  return { ok: true, json };
}

/** The portal's answer to a registered document, as the staff paste it. */
export interface IrpAnswer {
  /** The invoice reference number: 64 hexadecimal characters (a SHA-256). */
  irn: string;
  ackNo: string;
  /** 'YYYY-MM-DD HH:mm:ss', India time, as the portal writes it. */
  ackDate: string;
  signedInvoice: string;
  signedQrCode: string;
}

/** What the portal puts in the signed QR code's payload (its `data`, a JSON text). */
export interface SignedQrFacts {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: string;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
}

/**
 * The payload of a signed token (a JWT: header, payload and signature, each base64url): the middle part as JSON, or
 * null when the text is not such a token. The signature is the portal's; it is not checked here (the portal's public
 * key is not held: a scanner checks it against the portal's own app).
 */
export function tokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part))) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A token's `data` claim: the portal signs its facts as one JSON text (or, from some tools, as an object). */
function tokenData(token: string): Record<string, unknown> | null {
  const data = tokenPayload(token)?.data;
  if (typeof data === 'object' && data !== null) return data as Record<string, unknown>;
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The signed QR code's facts, or null when it is not a signed token carrying them. */
export function signedQrFacts(token: string): SignedQrFacts | null {
  const data = tokenData(token);
  if (!data || typeof data.DocNo !== 'string' || typeof data.Irn !== 'string') return null;
  return data as unknown as SignedQrFacts;
}

/**
 * Why the portal's answer does not belong to this document, or null when it does: the signed QR code must name its
 * number, type, date, the shop's GSTIN, the buyer's and its total, and the IRN beside it; the signed invoice must be a
 * signed token for the same IRN.
 */
export function irpAnswerProblem(answer: IrpAnswer, document: TaxDocument): { field: string; message: string } | null {
  const qr = signedQrFacts(answer.signedQrCode);
  if (!qr) {
    return {
      field: 'SignedQRCode',
      message: "The signed QR code is not the portal's signed token: paste it whole, as the portal gave it",
    };
  }
  const name = `${isCreditNote(document) ? 'credit note' : 'invoice'} ${document.number}`;
  const mismatch = (what: string, found: unknown, expected: string) => ({
    field: 'SignedQRCode',
    message: `The signed QR code names ${what} ${String(found)}, but ${name} has ${expected}: this answer is for another document`,
  });
  if (qr.DocNo !== document.number) return mismatch('the document', qr.DocNo, `the number ${document.number}`);
  const type = isCreditNote(document) ? 'CRN' : 'INV';
  if (qr.DocTyp !== type) return mismatch('the document type', qr.DocTyp, type);
  if (qr.DocDt !== portalDate(document.date)) return mismatch('the date', qr.DocDt, portalDate(document.date));
  if (qr.SellerGstin !== document.supplier.gstin)
    return mismatch('the seller GSTIN', qr.SellerGstin, `${document.supplier.gstin}`);
  if (qr.BuyerGstin !== document.recipient.gstin)
    return mismatch('the buyer GSTIN', qr.BuyerGstin, `${document.recipient.gstin}`);
  if (Math.round(Number(qr.TotInvVal) * 100) !== document.totals.total) {
    return mismatch('the total', qr.TotInvVal, `the total ${rupees(document.totals.total)}`);
  }
  if (qr.Irn.toLowerCase() !== answer.irn) {
    return {
      field: 'SignedQRCode',
      message: 'The signed QR code carries another IRN than the answer: paste the whole answer of one document',
    };
  }
  const signed = tokenData(answer.signedInvoice);
  if (!signed) {
    return {
      field: 'SignedInvoice',
      message: "The signed invoice is not the portal's signed token: paste it whole, as the portal gave it",
    };
  }
  if (typeof signed.Irn === 'string' && signed.Irn.toLowerCase() !== answer.irn) {
    return { field: 'SignedInvoice', message: 'The signed invoice carries another IRN than the answer' };
  }
  return null;
}

/** The portal cancels an IRN within this long of its acknowledgement, and never after. */
export const CANCEL_WITHIN_HOURS = 24;

/** The portal's 'YYYY-MM-DD HH:mm:ss' (India time) as milliseconds, to compare two of them. */
const portalMoment = (at: string): number => Date.parse(`${at.replace(' ', 'T')}${IST_OFFSET}`);

/** Why a cancellation at `cancelDate` cannot be the portal's for an IRN acknowledged at `ackDate`, or null. */
export function cancellationProblem(ackDate: string, cancelDate: string): string | null {
  const gap = portalMoment(cancelDate) - portalMoment(ackDate);
  if (gap < 0) return `The cancellation (${cancelDate}) is before the acknowledgement (${ackDate})`;
  if (gap > CANCEL_WITHIN_HOURS * 3_600_000) {
    return `The portal cancels an IRN within ${CANCEL_WITHIN_HOURS} hours of its acknowledgement (${ackDate}); after that, issue a credit note`;
  }
  return null;
}
