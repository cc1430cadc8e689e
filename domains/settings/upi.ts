/**
 * The UPI payment request an invoice carries (a `upi://pay` link): any UPI app opens it with the payee,
 * the amount and the note filled in, so the customer only confirms. No payment passes through the shop's system.
 */
import { type Paise, toDecimalString } from '#lib/money.ts';

/** A UPI ID (virtual payment address): a handle, '@', and the bank's or app's name ('greenleaf@okaxis'). */
export const UPI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export interface UpiPayee {
  /** The UPI ID the money goes to. */
  id: string;
  /** The name the customer's app shows, to check they pay the right shop. */
  name: string;
  /** A merchant UPI ID's merchant category code (`mc`, 4 digits); absent for a personal UPI ID. */
  merchantCode?: string;
  /** The most one payment to this UPI ID may be; absent (invoices issued before it was set) is a personal ID's. */
  limit?: Paise;
}

/** What one UPI payment to a personal UPI ID (no merchant code) may be: ₹1,00,000. */
export const UPI_PERSONAL_LIMIT: Paise = 1_00_000_00;

/** A merchant category code as NPCI's `mc` takes it: four digits. */
export const MERCHANT_CODE_PATTERN = /^\d{4}$/;

/**
 * What one UPI request for a balance asks: the whole balance, or the most the payee's UPI ID takes in one payment
 * (the rest is paid by bank transfer, or by a later request once this payment has arrived).
 */
export const upiAmount = (payee: UpiPayee, balance: Paise): Paise => Math.min(balance, payee.limit ?? UPI_PERSONAL_LIMIT);

/**
 * A parameter's value percent-encoded as UTF-8 (a space is %20, never '+', which some apps would show as a plus;
 * Malayalam becomes its bytes). '@' stays as typed: it is allowed in a query, and UPI IDs read better with it.
 */
const encoded = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/**
 * `upi://pay?pa=…&pn=…&am=1234.50&cu=INR&tn=GL%2F2026-27%2F0001&tr=GL%2F2026-27%2F0001`: the payee, their name, a
 * merchant ID's merchant code (`mc`), the amount with two decimals, rupees, and the invoice number as the note the
 * customer sees and as the reference that comes back on the shop's statement. The reference is unique per request
 * (NPCI's UPI linking specification): an invoice's `request`-th request for its balance (from 1) adds '-2', '-3'.
 */
export function upiPayLink(payee: UpiPayee, amount: Paise, invoiceNumber: string, request = 1): string {
  const parameters: Array<[string, string]> = [
    ['pa', payee.id],
    ['pn', payee.name],
    ...(payee.merchantCode ? [['mc', payee.merchantCode] as [string, string]] : []),
    ['am', toDecimalString(amount)],
    ['cu', 'INR'],
    ['tn', invoiceNumber],
    ['tr', request === 1 ? invoiceNumber : `${invoiceNumber}-${request}`],
  ];
  return `upi://pay?${parameters.map(([key, value]) => `${key}=${encoded(value)}`).join('&')}`;
}

/**
 * A QR code as drawn: `size` modules square, and the dark modules as one SVG path in module units (the page's
 * `<svg>` and the PDF draw the same path; a quiet zone of 4 modules goes around it).
 */
export interface QrPicture {
  size: number;
  path: string;
}
