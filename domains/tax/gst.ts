/**
 * Indian GST on a quote, in integer paise: CGST and SGST (half the rate each) when the place of supply is the shop's
 * own state, IGST (the whole rate) when it is another state. Each line's tax is rounded to the paisa (half up) per
 * head; the grand total is rounded to the nearest rupee with the difference shown as 'Round off' (CGST Act s. 170).
 */
import { divideRoundHalfUp, type Paise } from '#lib/money.ts';

/** A GST rate in per cent. Which rates the staff may choose is a setting (GST_RATES, platform/config.ts). */
export type GstRate = number;

/**
 * The slabs in force since 22 September 2025 (most goods 0, 5 or 18 %, a few 40 %), offered unless the shop's
 * GST_RATES setting says otherwise. 12 and 28 % were folded into these then.
 */
export const DEFAULT_GST_RATES: readonly GstRate[] = [0, 5, 18, 40];

/** 'GST rate must be one of 0, 5, 18, 40 per cent'. */
export const gstRateMessage = (rates: readonly GstRate[]): string => `GST rate must be one of ${rates.join(', ')} per cent`;

/** The GST_RATES setting ('0, 5, 18, 40') as a list, or the reason it is not one. */
export function parseGstRates(text: string): { rates: GstRate[] } | { problem: string } {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 100)) {
    return { problem: 'must be whole per cents from 0 to 100, separated by commas, e.g. 0,5,18,40' };
  }
  const rates = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  return { rates };
}

/** State codes of the GST register (the first two digits of a GSTIN), by state or union territory. */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
} as const;

/** The GST state code of a state's name as an address gives it. */
export const stateCodeOf = (name: string): GstStateCode | null =>
  (Object.entries(GST_STATES).find(([, state]) => state === name)?.[0] as GstStateCode | undefined) ?? null;
export type GstStateCode = keyof typeof GST_STATES;

/**
 * The states as a form lists them, by name. (Listing the object's entries would put '10'…'38' before '01'…'09':
 * JavaScript orders keys that look like whole numbers first.)
 */
export const GST_STATE_CHOICES: ReadonlyArray<readonly [GstStateCode, string]> = (Object.keys(GST_STATES) as GstStateCode[])
  .map((code) => [code, GST_STATES[code]] as const)
  .sort((a, b) => (a[1] < b[1] ? -1 : 1));

export const isGstStateCode = (code: string): code is GstStateCode => Object.hasOwn(GST_STATES, code);

/** The state a GSTIN is registered in: its first two digits (checkGstin has checked them). */
export const stateOfGstin = (gstin: string): GstStateCode => gstin.slice(0, 2) as GstStateCode;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first 14 characters (the GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = GSTIN_CHARS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(value / 36) + (value % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36] as string;
}

export type GstinCheck = { valid: true; gstin: string; state: GstStateCode } | { valid: false; message: string };

/** Checks a GSTIN as typed (spaces and case forgiven): its shape, its state code and its check character. */
export function checkGstin(input: string): GstinCheck {
  const gstin = input.replace(/\s+/g, '').toUpperCase();
  const shape = GSTIN_SHAPE.exec(gstin);
  if (!shape) {
    return { valid: false, message: 'A GSTIN has 15 characters: state code, PAN, entity number, Z and a check character' };
  }
  const state = shape[1] as string;
  if (!isGstStateCode(state)) return { valid: false, message: `${state} is not a GST state code` };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return { valid: false, message: 'This GSTIN’s check character does not match: please check it for a typo' };
  }
  return { valid: true, gstin, state };
}

/**
 * The state a 6-digit pincode is in, from its postal region (the first two or three digits). Where a region spans
 * two states the larger is given; the staff can choose the state on the quote when it is wrong.
 */
const PINCODE_REGIONS: Array<[prefix: string, state: GstStateCode]> = [
  // More specific prefixes first.
  ['673310', '34'], // Mahe, Puducherry, inside Kerala's region
  ['68255', '31'], // Lakshadweep
  ['403', '30'],
  ['605', '34'],
  ['609', '34'],
  ['744', '35'],
  ['737', '11'],
  ['790', '12'],
  ['791', '12'],
  ['792', '12'],
  ['793', '17'],
  ['794', '17'],
  ['795', '14'],
  ['796', '15'],
  ['797', '13'],
  ['798', '13'],
  ['799', '16'],
  ['160', '04'],
  ['194', '38'],
  ['396', '26'],
  ['11', '07'],
  ['12', '06'],
  ['13', '06'],
  ['14', '03'],
  ['15', '03'],
  ['16', '03'],
  ['17', '02'],
  ['18', '01'],
  ['19', '01'],
  ['20', '09'],
  ['21', '09'],
  ['22', '09'],
  ['23', '09'],
  ['24', '05'],
  ['25', '09'],
  ['26', '05'],
  ['27', '09'],
  ['28', '09'],
  ['30', '08'],
  ['31', '08'],
  ['32', '08'],
  ['33', '08'],
  ['34', '08'],
  ['36', '24'],
  ['37', '24'],
  ['38', '24'],
  ['39', '24'],
  ['40', '27'],
  ['41', '27'],
  ['42', '27'],
  ['43', '27'],
  ['44', '27'],
  ['45', '23'],
  ['46', '23'],
  ['47', '23'],
  ['48', '23'],
  ['49', '22'],
  ['50', '36'],
  ['51', '37'],
  ['52', '37'],
  ['53', '37'],
  ['56', '29'],
  ['57', '29'],
  ['58', '29'],
  ['59', '29'],
  ['60', '33'],
  ['61', '33'],
  ['62', '33'],
  ['63', '33'],
  ['64', '33'],
  ['67', '32'],
  ['68', '32'],
  ['69', '32'],
  ['70', '19'],
  ['71', '19'],
  ['72', '19'],
  ['73', '19'],
  ['74', '19'],
  ['75', '21'],
  ['76', '21'],
  ['77', '21'],
  ['78', '18'],
  ['80', '10'],
  ['81', '10'],
  ['82', '20'],
  ['83', '20'],
  ['84', '10'],
  ['85', '10'],
];

/** The state of a pincode, or null when it is not a known region. */
export function stateOfPincode(pincode: string): GstStateCode | null {
  if (!/^[1-9]\d{5}$/.test(pincode)) return null;
  return PINCODE_REGIONS.find(([prefix]) => pincode.startsWith(prefix))?.[1] ?? null;
}

export interface TaxableLine {
  /** Price before tax, of the whole line (cartons × price a carton). */
  taxable: Paise;
  rate: GstRate;
}

export interface LineTax {
  taxable: Paise;
  rate: GstRate;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export interface TaxTotals {
  /** The lines' tax, in their order, and then the delivery charge's (when there is one). */
  lines: LineTax[];
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** Taxable and tax before rounding. */
  exact: Paise;
  /** To the nearest rupee: positive adds, negative takes away. */
  roundOff: Paise;
  /** What the customer pays: a whole number of rupees. */
  total: Paise;
}

/** Tax of one line: within the shop's state half the rate as CGST and half as SGST, else the whole as IGST. */
export function lineTax(line: TaxableLine, intraState: boolean): LineTax {
  if (intraState) {
    // CGST and SGST are each rounded; they are always equal.
    const half = divideRoundHalfUp(line.taxable * line.rate, 200);
    return { ...line, cgst: half, sgst: half, igst: 0 };
  }
  return { ...line, cgst: 0, sgst: 0, igst: divideRoundHalfUp(line.taxable * line.rate, 100) };
}

/**
 * The tax of a quote. The delivery charge is part of one composite supply, so it is taxed at the rate of the
 * principal supply: the highest rate among the lines.
 */
export function quoteTax(lines: readonly TaxableLine[], delivery: Paise, intraState: boolean): TaxTotals {
  const principal = lines.reduce<GstRate>((highest, line) => (line.rate > highest ? line.rate : highest), 0);
  const taxed = [...lines, ...(delivery > 0 ? [{ taxable: delivery, rate: principal }] : [])].map((line) =>
    lineTax(line, intraState),
  );
  return taxTotals(taxed);
}

/** The totals of lines already taxed (a quote's, or the part of an invoice a credit note takes back). */
export function taxTotals(taxed: LineTax[]): TaxTotals {
  const sum = (pick: (line: LineTax) => Paise) => taxed.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((line) => line.taxable);
  const cgst = sum((line) => line.cgst);
  const sgst = sum((line) => line.sgst);
  const igst = sum((line) => line.igst);
  const exact = taxable + cgst + sgst + igst;
  const total = divideRoundHalfUp(exact, 100) * 100;
  return { lines: taxed, taxable, cgst, sgst, igst, exact, roundOff: total - exact, total };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const tens = TENS[Math.floor(n / 10)] as string;
  return n % 10 ? `${tens}-${ONES[n % 10]}` : tens;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in the Indian system: crore, lakh, thousand. */
function indianWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${indianWords(crore)} Crore`);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  const rest = n % 1000;
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** 'Rupees One Lakh Twenty-Eight Thousand Four Hundred Fifty and Paise Twenty Only'. */
export function amountInWords(paise: Paise): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and Paise ${belowHundred(rest)}` : ''} Only`;
}
