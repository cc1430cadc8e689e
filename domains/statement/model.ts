/**
 * A customer's statement of account: what they owed on the first day of a period, every invoice, credit note,
 * payment and refund in it in date order with the balance after each, and what they owe at its end. Worked out here
 * from the documents and money movements the server gathers; every screen, the PDF and the e-mail only lay it out.
 * Amounts are integer paise; a balance below zero is money the shop holds for the customer.
 */
import { financialYearOf } from '#domains/invoice/document-numbers.ts';
import { PAYMENT_METHOD_WORDS, type PaymentMethod } from '#domains/invoice/payments.ts';
import { dateText } from '#lib/calendar.ts';
import { msg, type Translate, translator } from '#lib/i18n/translate.ts';
import { istDate } from '#lib/india-time.ts';
import { IST_OFFSET } from '#lib/india-time.ts';
import type { Language } from '#lib/language.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

/** A statement's words unless its customer wrote in another language. */
const english = translator('en');

export const STATEMENT_ENTRY_KINDS = ['invoice', 'credit-note', 'payment', 'refund'] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

export const STATEMENT_ENTRY_WORDS: Record<StatementEntryKind, string> = {
  invoice: msg('Invoice'),
  'credit-note': msg('Credit note'),
  payment: msg('Payment received'),
  refund: msg('Refund paid'),
};

/** Invoices and refunds add to what the customer owes; credit notes and payments take from it. */
const OWED_MORE: Record<StatementEntryKind, boolean> = {
  invoice: true,
  'credit-note': false,
  payment: false,
  refund: true,
};

/** One money movement on a customer's account, as the server gathers it. */
export interface StatementItem {
  kind: StatementEntryKind;
  /** The day it happened, 'YYYY-MM-DD' (India). */
  date: string;
  /** What the customer recognises it by: the invoice or credit note number, 'UPI 412345678901'. */
  reference: string;
  /** The invoice it belongs to (the invoice's own number for an invoice). */
  invoiceNumber: string;
  /** Always positive; `kind` says which way it moves the balance. */
  amount: Paise;
  /** A payment's or a refund's method and reference, which `reference` writes in English. */
  paidBy?: { method: PaymentMethod; reference: string | null };
}

export interface StatementEntry extends StatementItem {
  /** What it adds to the balance (invoices, refunds) or takes from it (credit notes, payments): one of the two is 0. */
  debit: Paise;
  credit: Paise;
  /** What the customer owes after it. */
  balance: Paise;
}

export interface Statement {
  from: string;
  to: string;
  openingBalance: Paise;
  entries: StatementEntry[];
  closingBalance: Paise;
  /** The sums of the period's entries (closing = opening + debits − credits). */
  debits: Paise;
  credits: Paise;
}

/** Who a statement is for: the name, e-mail and phone of the customer's latest enquiry. */
export interface StatementCustomer {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** The latest invoice's recipient lines (name, address, GSTIN), or the latest enquiry's name alone. */
  billedTo: string[];
  /** The language of the customer's latest enquiry: the statement's PDF and e-mail are written in it. */
  language: Language;
}

/** GET /api/admin/customers/{id}/statement, and the customer's own. */
export interface CustomerStatement extends Statement {
  customer: StatementCustomer;
}

/** POST /api/admin/customers/{id}/statement/email: where it went and the period it covers. */
export interface StatementSent {
  sentTo: string;
  from: string;
  to: string;
}

/**
 * The period a statement covers when the staff do not say: from 1 April of the financial year of `to` (the books'
 * year) to `to`, which is today in India unless given.
 */
export function statementPeriod(asked: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = asked.to ?? istDate(now);
  const from = asked.from ?? `${financialYearOf(new Date(`${to}T12:00:00${IST_OFFSET}`)).slice(0, 4)}-04-01`;
  return { from, to };
}

/** A day's entries in the order they are worked: the document first, then what settles it. */
const KIND_ORDER: Record<StatementEntryKind, number> = { invoice: 0, 'credit-note': 1, payment: 2, refund: 3 };

/** The statement for the period `from`..`to` (both days included) from all of a customer's items. */
export function statementOf(items: readonly StatementItem[], period: { from: string; to: string }): Statement {
  const signed = (item: StatementItem) => (OWED_MORE[item.kind] ? item.amount : -item.amount);
  const ordered = items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) => a.item.date.localeCompare(b.item.date) || KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] || a.index - b.index,
    )
    .map(({ item }) => item);
  const openingBalance = ordered.filter((item) => item.date < period.from).reduce((sum, item) => sum + signed(item), 0);
  let balance = openingBalance;
  const entries = ordered
    .filter((item) => item.date >= period.from && item.date <= period.to)
    .map((item) => {
      balance += signed(item);
      const owedMore = OWED_MORE[item.kind];
      return { ...item, debit: owedMore ? item.amount : 0, credit: owedMore ? 0 : item.amount, balance };
    });
  return {
    ...period,
    openingBalance,
    entries,
    closingBalance: balance,
    debits: entries.reduce((sum, entry) => sum + entry.debit, 0),
    credits: entries.reduce((sum, entry) => sum + entry.credit, 0),
  };
}

/** A balance as a statement prints it: '₹1,200.00', or '₹300.00 in credit' when the shop holds the customer's money. */
export const balanceText = (paise: Paise, t: Translate = english): string =>
  paise < 0 ? t('{amount} in credit', { amount: formatRupees(-paise) }) : formatRupees(paise);

/** What the closing balance asks of the customer, in words. */
export function statementDue(closing: Paise, t: Translate = english): string {
  if (closing > 0) return t('Amount due: {amount}', { amount: formatRupees(closing) });
  return closing < 0 ? t('In credit: {amount} (we owe you this)', { amount: formatRupees(-closing) }) : t('Nothing due');
}

/** A row of the statement as every renderer prints it. */
export interface StatementLine {
  date: string;
  particulars: string;
  debit: string;
  credit: string;
  balance: string;
  /** The opening and closing balances. */
  strong: boolean;
}

const particularsOf = (entry: StatementEntry, t: Translate): string => {
  const reference = entry.paidBy
    ? [t(PAYMENT_METHOD_WORDS[entry.paidBy.method]), entry.paidBy.reference].filter(Boolean).join(' ')
    : entry.reference;
  const what = `${t(STATEMENT_ENTRY_WORDS[entry.kind])} ${reference}`;
  if (entry.kind === 'invoice' || !entry.invoiceNumber) return what;
  return t('{entry} against {invoice}', { entry: what, invoice: entry.invoiceNumber });
};

/** The opening balance, each entry and the closing balance, as text (in a language: the PDF's and the e-mail's). */
export function statementLines(statement: Statement, language: Language = 'en', t: Translate = english): StatementLine[] {
  const amount = (paise: Paise) => (paise === 0 ? '' : formatRupees(paise));
  return [
    {
      date: dateText(statement.from, language),
      particulars: t('Opening balance'),
      debit: '',
      credit: '',
      balance: balanceText(statement.openingBalance, t),
      strong: true,
    },
    ...statement.entries.map((entry) => ({
      date: dateText(entry.date, language),
      particulars: particularsOf(entry, t),
      debit: amount(entry.debit),
      credit: amount(entry.credit),
      balance: balanceText(entry.balance, t),
      strong: false,
    })),
    {
      date: dateText(statement.to, language),
      particulars: t('Closing balance'),
      debit: '',
      credit: '',
      balance: balanceText(statement.closingBalance, t),
      strong: true,
    },
  ];
}
