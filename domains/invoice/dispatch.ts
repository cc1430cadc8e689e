/**
 * Dispatch details: what the staff give before an order is marked shipped, and the e-way bill rule. The e-way bill
 * itself is made by the shop on the government's portal; the shop's system only asks for its number, never makes
 * one up.
 */
import type { DispatchSettings } from '#domains/settings/schema.ts';
import { checkGstin, gstinCheckCharacter, type GstRate, isGstStateCode, type LineTax, stateCodeOf } from '#domains/tax/gst.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

/**
 * GST law has a consignment worth more than this travel with an e-way bill
 * (docs/decisions/354-statuses-and-dispatch.md).
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
  /**
   * The e-way bill's Part B beside the above: the distance by road in km, the mode, the transporter's GSTIN or
   * TRANSIN and the date of the docket or LR. Null when not given (dispatches recorded before the form asked).
   */
  distanceKm: number | null;
  transportMode: TransportMode | null;
  transporterId: string | null;
  transportDocDate: string | null;
}

/** Where the cartons leave from, as the e-way bill's "dispatch from" gives it. */
export interface DispatchFrom {
  address1: string;
  address2: string;
  place: string;
  pincode: string;
  /** The GST state code ('32'). */
  stateCode: string;
}

/** The shop's dispatch-from address, from the settings' dispatch section in force: the one place that reads it. */
export function shopDispatchFrom(dispatch: DispatchSettings): DispatchFrom {
  const { address } = dispatch;
  return {
    address1: address.street,
    address2: address.city,
    place: address.locality,
    pincode: address.postalCode,
    // The schema offers only the GST register's states, so every address's state has its code.
    stateCode: stateCodeOf(address.state) ?? '',
  };
}

/** The portal's modes of transport, with the code its JSON gives each. */
export const TRANSPORT_MODES = { road: 1, rail: 2, air: 3, ship: 4 } as const;
export type TransportMode = keyof typeof TRANSPORT_MODES;
export const TRANSPORT_MODE_NAMES: Record<TransportMode, string> = {
  road: 'Road',
  rail: 'Rail',
  air: 'Air',
  ship: 'Ship',
};

/**
 * The e-way bill portal's range for the distance: at most 4,000 km, and at most 100 km between two addresses with one
 * pincode (the portal works out the rest from the pincodes and takes 10 % either way of its own figure).
 */
export const MAX_DISTANCE_KM = 4000;
export const SAME_PINCODE_MAX_KM = 100;

/**
 * A transporter's id as the portal takes it: a GSTIN, or the 15-character TRANSIN the portal gives an unregistered
 * transporter (a state code, 12 letters or digits and a check character worked out as a GSTIN's).
 */
export function transporterIdProblem(id: string): string | null {
  if (checkGstin(id).valid) return null;
  if (/^\d{2}[0-9A-Z]{13}$/.test(id) && isGstStateCode(id.slice(0, 2)) && gstinCheckCharacter(id.slice(0, 14)) === id[14]) {
    return null;
  }
  return "A transporter id is the transporter's GSTIN or TRANSIN: 15 characters starting with a state code";
}

/** The distance's problem for a route from one pincode to another, or null. */
export function distanceProblem(distanceKm: number, fromPincode: string, toPincode: string | null): string | null {
  if (fromPincode === toPincode && distanceKm > SAME_PINCODE_MAX_KM) {
    return `From and to share the pincode ${fromPincode}: the portal takes at most ${SAME_PINCODE_MAX_KM} km`;
  }
  return null;
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
 * What is missing from dispatch details for a consignment of `value` shipped on `today` from one pincode to another,
 * by field; empty when nothing is. (The schema has already checked each field's own format.)
 */
export function dispatchProblems(
  details: DispatchDetails,
  value: Paise,
  today: string,
  route?: { from: string; to: string | null },
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (details.expectedOn < today) problems.expectedOn = 'The expected delivery date cannot be in the past';
  if (details.transportDocDate && details.transportDocDate > today) {
    problems.transportDocDate = 'The docket or LR date cannot be in the future';
  }
  const distance = details.distanceKm === null || !route ? null : distanceProblem(details.distanceKm, route.from, route.to);
  if (distance) problems.distanceKm = distance;
  if (value > EWAY_BILL_THRESHOLD && !details.ewayBillNumber) {
    problems.ewayBillNumber = `This consignment is worth more than ${formatRupees(EWAY_BILL_THRESHOLD)}: give the e-way bill number from the portal`;
  }
  return problems;
}
