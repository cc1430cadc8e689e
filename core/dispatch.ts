/**
 * Dispatch details: what the staff give before an order is marked shipped, and the e-way bill rule. The e-way bill
 * itself is made by the shop on the government's portal; the shop's system only asks for its number, never makes
 * one up.
 */
import type { GstRate, LineTax } from './gst.ts';
import { formatRupees, type Paise } from './money.ts';

/**
 * GST law has a consignment worth more than this travel with an e-way bill
 * (docs/decisions/354-shipped-needs-the-invoice-and-dispatch-details.md).
 */
export const EWAY_BILL_THRESHOLD: Paise = 50_000_00;

export interface DispatchDetails {
  /** The transport company, or 'Own vehicle'. */
  transporter: string;
  /** The docket or lorry receipt (LR) number the transporter gave. */
  docketNumber: string;
  /** The vehicle's registration, when known ('KL07AB1234'). */
  vehicleNumber: string | null;
  /** The day the customer can expect the cartons, 'YYYY-MM-DD'. */
  expectedOn: string;
  /** The e-way bill's 12 digits, when there is one. */
  ewayBillNumber: string | null;
}

/** A docket or LR number: letters, digits, '-' and '/', 3 to 30 characters. */
export const DOCKET_PATTERN = /^[A-Z0-9][A-Z0-9/-]{2,29}$/;
/**
 * An Indian vehicle registration without spaces: state, district, series and the four-digit number (KL07AB1234,
 * DL1CAB1234, KL070123), or the Bharat series (22BH1234AB).
 */
export const VEHICLE_PATTERN = /^(?:[A-Z]{2}\d{1,2}[A-Z]{0,3}\d{4}|\d{2}BH\d{4}[A-Z]{1,2})$/;
/** An e-way bill number: 12 digits. */
export const EWAY_BILL_PATTERN = /^\d{12}$/;

/** A code as typed, in capitals and without spaces or hyphens ('kl 07 ab-1234' is KL07AB1234). */
export const compactCode = (value: string): string => value.replace(/[\s-]+/g, '').toUpperCase();

/**
 * The consignment's value as the e-way bill rule counts it: the goods' taxable value with their GST (delivery charged
 * on the invoice included, the round-off not), exempt lines (0 %) left out.
 */
export function consignmentValue(invoice: {
  lines: ReadonlyArray<Omit<LineTax, 'rate'> & { gstRate: GstRate }>;
  delivery: LineTax | null;
}): Paise {
  return [...invoice.lines.map((line) => ({ ...line, rate: line.gstRate })), ...(invoice.delivery ? [invoice.delivery] : [])]
    .filter((line) => line.rate > 0)
    .reduce((sum, line) => sum + line.taxable + line.cgst + line.sgst + line.igst, 0);
}

/**
 * What is missing from dispatch details for a consignment of `value` shipped on `today`, by field; empty when
 * nothing is. (The schema has already checked each field's own format.)
 */
export function dispatchProblems(details: DispatchDetails, value: Paise, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (details.expectedOn < today) problems.expectedOn = 'The expected delivery date cannot be in the past';
  if (value > EWAY_BILL_THRESHOLD && !details.ewayBillNumber) {
    problems.ewayBillNumber = `This consignment is worth more than ${formatRupees(EWAY_BILL_THRESHOLD)}: give the e-way bill number from the portal`;
  }
  return problems;
}
