/**
 * A bank's statement export read as the credits it lists. Each bank writes its own table (its column names, its
 * dates) under a preamble of account details, and ends it with totals or notes; the table is found by its header
 * row, which also says whose export it is. The file's cells come in as text (domains/bank/read.server.ts
 * reads CSV and .xlsx into rows of text, an Excel date as 'YYYY-MM-DD').
 */
import { normalisedReference, type PaymentMethod, referenceProblem } from '#domains/invoice/payments.ts';
import { isCalendarDay } from '#lib/calendar.ts';
import { type Paise, parseRupees } from '#lib/money.ts';

export const BANK_IDS = ['federal', 'sbi', 'hdfc', 'icici'] as const;
export type BankId = (typeof BANK_IDS)[number];

/** The methods a credit may become a payment by: money that came through the bank with a UTR. */
export type BankCreditMethod = Extract<PaymentMethod, 'upi' | 'bank-transfer'>;
export type BankCreditSettlement = 'confirmed' | 'already-recorded';

/** A statement's table, by bank: the columns read, each by the names the bank's exports give it. */
interface BankLayout {
  name: string;
  date: readonly string[];
  narration: readonly string[];
  reference: readonly string[];
  credit: readonly string[];
  /** A column only this bank's header has beside the others, told apart from a look-alike. */
  marker: readonly string[];
}

/**
 * Header names compared as letters and digits only, in lower case: 'Deposit Amount (INR )' is 'depositamountinr',
 * 'Chq./Ref.No.' is 'chqrefno'. Sources are named in docs/decisions/504-bank-statements-matched-to-invoices.md.
 */
export const BANK_LAYOUTS: Record<BankId, BankLayout> = {
  // FedNet's account statement: Date, Value Date, Particulars, Tran Type, Tran ID, Cheque Details, Withdrawals,
  // Deposits, Balance, Dr/Cr.
  federal: {
    name: 'Federal Bank',
    date: ['date', 'trandate'],
    narration: ['particulars'],
    reference: ['tranid', 'chequedetails'],
    credit: ['deposits'],
    marker: ['trantype'],
  },
  // SBI's: Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance.
  sbi: {
    name: 'State Bank of India',
    date: ['txndate'],
    narration: ['description'],
    reference: ['refnochequeno'],
    credit: ['credit'],
    marker: ['txndate'],
  },
  // HDFC Bank's: Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance.
  hdfc: {
    name: 'HDFC Bank',
    date: ['date'],
    narration: ['narration'],
    reference: ['chqrefno'],
    credit: ['depositamt'],
    marker: ['valuedt'],
  },
  // ICICI Bank's: S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks, Withdrawal Amount (INR ),
  // Deposit Amount (INR ), Balance (INR ).
  icici: {
    name: 'ICICI Bank',
    date: ['transactiondate'],
    narration: ['transactionremarks'],
    reference: ['chequenumber'],
    credit: ['depositamountinr', 'depositamount'],
    marker: ['transactionremarks'],
  },
};

export const bankName = (bank: BankId): string => BANK_LAYOUTS[bank].name;

/** A credit as the statement lists it, before it is matched. */
export interface StatementCredit {
  bookedOn: string;
  amount: Paise;
  /** The row's description, as the bank wrote it (spaces collapsed). */
  narration: string;
  /** The UTR the row carries, normalised, or null. */
  reference: string | null;
  method: BankCreditMethod | null;
  /** The row's cells joined: what identifies a credit without a UTR (with the bank, day and amount). */
  row: string;
}

export interface ReadStatement {
  bank: BankId;
  credits: StatementCredit[];
  /** Rows with a day and money going out: read, and left out. */
  debits: number;
}

export const NOT_A_STATEMENT =
  'This file is not a statement export we can read: upload the CSV or Excel (.xlsx) statement of Federal Bank, SBI, HDFC Bank or ICICI Bank as the bank gives it';

const headerName = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where each column is, when this row is this bank's header row. */
function columnsOf(row: readonly string[], layout: BankLayout) {
  const names = row.map(headerName);
  const find = (wanted: readonly string[]) => names.findIndex((name) => wanted.includes(name));
  const columns = {
    date: find(layout.date),
    narration: find(layout.narration),
    reference: find(layout.reference),
    credit: find(layout.credit),
    marker: find(layout.marker),
  };
  return Object.values(columns).every((index) => index >= 0) ? columns : null;
}

/** The header row among the first rows, and whose it is. */
function findTable(rows: readonly (readonly string[])[]) {
  for (const [index, row] of rows.slice(0, 60).entries()) {
    for (const bank of BANK_IDS) {
      const columns = columnsOf(row, BANK_LAYOUTS[bank]);
      if (columns) return { bank, index, columns };
    }
  }
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A day as the banks write it, day first: '05/12/26' and '05/12/2026' (HDFC, ICICI), '05-12-2026' (Federal Bank),
 * '5 Dec 2026' and '05-Dec-26' (SBI), and 'YYYY-MM-DD' (an Excel date cell); a time after it is ignored. Null when
 * it is none of these or no real day.
 */
export function statementDay(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T\s])/.exec(value);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:$|\s)/.exec(value);
  const named = /^(\d{1,2})[\s-]([A-Za-z]{3})[a-z]*[\s-](\d{2}|\d{4})(?:$|\s)/.exec(value);
  let day: string | null = null;
  if (iso) day = `${iso[1]}-${iso[2]}-${iso[3]}`;
  else if (numeric) day = dayOf(numeric[3] as string, Number(numeric[2]), numeric[1] as string);
  else if (named) {
    const month = MONTHS.indexOf((named[2] as string).toLowerCase()) + 1;
    if (month > 0) day = dayOf(named[3] as string, month, named[1] as string);
  }
  return day && isCalendarDay(day) ? day : null;
}

const dayOf = (year: string, month: number, day: string): string =>
  `${year.length === 2 ? `20${year}` : year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;

/**
 * An amount as the banks write it: '1,18,000.00' (Indian grouping), '118000', '₹ 1,180.00', '1,180.00 Cr'; an
 * empty cell, a dash or zero is no money. Null when it is not an amount.
 */
export function statementAmount(text: string): Paise | null {
  const value = text
    .replace(/[₹,\s]/g, '')
    .replace(/^(INR|Rs\.?)/i, '')
    .replace(/(Cr|CR)\.?$/, '');
  if (value === '' || value === '-') return 0;
  return parseRupees(value);
}

/** A 12-digit UPI reference or IMPS RRN standing alone in a narration. */
const TWELVE_DIGITS = /(?<![0-9])[0-9]{12}(?![0-9])/;
/** A NEFT or RTGS UTR: the sending bank's four letters, then 12 to 18 letters and digits, most of them digits. */
const TRANSFER_UTR = /(?<![A-Z0-9])[A-Z]{4}[A-Z0-9]{8,18}(?![A-Z0-9])/g;

/** How a credit came, by the words the banks put in front of it; null for cash, cheques, interest and the rest. */
export function creditMethod(narration: string): BankCreditMethod | null {
  const words = narration.toUpperCase();
  if (/(^|[^A-Z])UPI([^A-Z]|$)/.test(words)) return 'upi';
  if (/(^|[^A-Z])(NEFT|RTGS|IMPS|MMT)([^A-Z]|$)/.test(words)) return 'bank-transfer';
  return null;
}

/**
 * The UTR of a credit: the reference column's when it is one (a UPI reference the bank pads with zeros to 16 digits
 * counts), otherwise the first one the narration carries; null when neither has one that fits the method.
 */
export function creditReference(method: BankCreditMethod | null, referenceCell: string, narration: string): string | null {
  if (!method) return null;
  const fits = (candidate: string) => referenceProblem(method, candidate) === null;
  const cell = normalisedReference(referenceCell);
  const unpadded = /^0+[1-9][0-9]{11}$/.test(cell) ? cell.replace(/^0+/, '') : cell;
  if (unpadded && fits(unpadded) && (method === 'upi' || /[0-9]{6}/.test(unpadded))) return unpadded;
  const words = narration.toUpperCase();
  const upi = TWELVE_DIGITS.exec(words)?.[0];
  if (upi && fits(upi)) return upi;
  if (method === 'bank-transfer') {
    for (const [candidate] of words.matchAll(TRANSFER_UTR)) {
      if (/[0-9]{6}/.test(candidate) && fits(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * A statement's credits: the table under the header row, each row with a day and money coming in. Rows without a
 * day (the preamble, a line of stars under the header, totals, notes) are not transactions and are passed over.
 * Refused when no header row of a known bank is found, or a row with a day has an amount that is not one.
 */
export function readStatement(rows: readonly (readonly string[])[]): ReadStatement | { problem: string } {
  const table = findTable(rows);
  if (!table) return { problem: NOT_A_STATEMENT };
  const { bank, index, columns } = table;
  const credits: StatementCredit[] = [];
  let debits = 0;
  for (const [offset, row] of rows.slice(index + 1).entries()) {
    const bookedOn = statementDay(row[columns.date] ?? '');
    if (!bookedOn) continue;
    const amount = statementAmount(row[columns.credit] ?? '');
    if (amount === null) {
      return { problem: `Row ${index + offset + 2} of the ${bankName(bank)} statement has a deposit that is not an amount` };
    }
    if (amount === 0) {
      debits += 1;
      continue;
    }
    const narration = (row[columns.narration] ?? '').replace(/\s+/g, ' ').trim();
    const method = creditMethod(narration);
    credits.push({
      bookedOn,
      amount,
      narration,
      reference: creditReference(method, row[columns.reference] ?? '', narration),
      method,
      row: row.map((cell) => cell.trim()).join('\u001f'),
    });
  }
  if (credits.length === 0 && debits === 0) return { problem: `The ${bankName(bank)} statement lists no transactions` };
  return { bank, credits, debits };
}
