/**
 * Payments against an invoice. Nothing is paid online: the customer pays by UPI or bank transfer (or by cheque or in
 * cash at the shop), and the staff record what arrived. Amounts are integer paise.
 */
import { msg } from '#lib/i18n/translate.ts';
import { addDays } from '#lib/india-time.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

export const PAYMENT_METHODS = ['upi', 'bank-transfer', 'cheque', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  upi: msg('UPI'),
  'bank-transfer': msg('Bank transfer'),
  cheque: msg('Cheque'),
  cash: msg('Cash'),
};

/**
 * What identifies a payment on the shop's statement, by method: a UPI payment's 12-digit reference (UTR), a bank
 * transfer's UTR (12 digits for IMPS, 16 characters for NEFT, 22 for RTGS), a cheque's 6-digit number. Cash has none.
 */
const REFERENCE_RULES: Record<PaymentMethod, { pattern: RegExp; missing: string; wrong: string } | null> = {
  upi: { pattern: /^\d{12}$/, missing: 'Give the UPI reference (UTR)', wrong: 'A UPI reference (UTR) has 12 digits' },
  'bank-transfer': {
    pattern: /^[A-Z0-9]{12,22}$/,
    missing: 'Give the bank transfer’s UTR',
    wrong: 'A bank transfer’s UTR has 12 to 22 letters and digits',
  },
  cheque: { pattern: /^\d{6}$/, missing: 'Give the cheque number', wrong: 'A cheque number has 6 digits' },
  cash: null,
};

/** A reference as typed, without spaces and in capitals ('1234 5678 9012' is 123456789012). */
export const normalisedReference = (reference: string): string => reference.replace(/[\s-]+/g, '').toUpperCase();

/** Why a (normalised) reference does not fit its method, or null when it does. */
export function referenceProblem(method: PaymentMethod, reference: string | null): string | null {
  const rule = REFERENCE_RULES[method];
  if (!rule) return reference ? 'A cash payment has no reference' : null;
  if (!reference) return rule.missing;
  return rule.pattern.test(reference) ? null : rule.wrong;
}

export const PAYMENT_STATES = ['unpaid', 'part-paid', 'paid', 'credited'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_WORDS: Record<PaymentState, string> = {
  unpaid: msg('Unpaid'),
  'part-paid': msg('Part paid'),
  paid: msg('Paid'),
  /** Credit notes took back the whole invoice before anything was paid. */
  credited: msg('Nothing due'),
};

/** Where an invoice's money stands. */
export interface PaymentPosition {
  state: PaymentState;
  /** The invoice's total. */
  invoiced: Paise;
  /** What its credit notes took back. */
  credited: Paise;
  /** What the customer owes in all: invoiced less credited. */
  due: Paise;
  paid: Paise;
  /** What the shop paid back of it (refunds recorded). */
  refunded: Paise;
  /** What is still to pay. */
  balance: Paise;
  /** Paid beyond what is due (after a credit note) and not yet paid back: the shop owes it. */
  refundDue: Paise;
  /** The last day of the payment terms, 'YYYY-MM-DD' (IST). */
  dueOn: string;
  /** Something is still to pay after the last day. */
  overdue: boolean;
}

/*
 * The one rule for "overdue": an invoice is overdue once the day after its due date has begun in India and something
 * is still to pay; the invoice's payment position, the today list's "Payments overdue" and the ageing list all read it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from the due date to today (both 'YYYY-MM-DD'): 0 on the due date, negative before it. */
export const daysPastDue = (dueOn: string, today: string): number =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueOn}T00:00:00Z`)) / DAY_MS);

/** Something still to pay after the due date. */
export const isOverdue = (balance: Paise, dueOn: string, today: string): boolean => balance > 0 && daysPastDue(dueOn, today) > 0;

/** The day payment is due: the invoice's date plus the shop's payment terms (PAYMENT_TERMS_DAYS). */
export const paymentDueOn = (invoiceDate: string, termsDays: number): string => addDays(invoiceDate, termsDays);

/** An invoice with something still to pay. */
export interface OpenBalance {
  orderId: number;
  number: string;
  customerName: string;
  issuedOn: string;
  dueOn: string;
  balance: Paise;
}

/** What an invoice's money comes to: invoiced, taken back by credit notes, paid, and paid back by refunds. */
export interface InvoiceAmounts {
  invoiced: Paise;
  credited: Paise;
  paid: Paise;
  refunded: Paise;
}

/**
 * The one rule for what is left between the shop and the customer on an invoice: above 0 the customer still has that
 * to pay, below 0 the shop owes that back. The today list's SQL (`owing` and `overpaid` in domains/invoice/owing.server.ts)
 * is this sum; a credit note never takes back more than was invoiced, so `due` below is never clipped in practice.
 */
export const unpaidPart = ({ invoiced, credited, paid, refunded }: InvoiceAmounts): Paise =>
  invoiced - credited - paid + refunded;

export function paymentPosition(amounts: InvoiceAmounts, dueOn: string, today: string): PaymentPosition {
  const { invoiced, credited, paid, refunded } = amounts;
  const due = Math.max(0, invoiced - credited);
  const left = unpaidPart(amounts);
  const balance = Math.max(0, left);
  const state: PaymentState = balance === 0 ? (paid === 0 ? 'credited' : 'paid') : paid === 0 ? 'unpaid' : 'part-paid';
  return {
    state,
    invoiced,
    credited,
    due,
    paid,
    refunded,
    balance,
    refundDue: Math.max(0, -left),
    dueOn,
    overdue: isOverdue(balance, dueOn, today),
  };
}

/** Why a payment of `amount` cannot be recorded against this position, or null when it can. */
export function paymentProblem(position: PaymentPosition, amount: Paise): string | null {
  if (amount <= 0) return 'A payment must be more than ₹0.00';
  if (position.balance === 0) return 'Nothing is due on this invoice';
  if (amount > position.balance) {
    return `${formatRupees(amount)} is more than the ${formatRupees(position.balance)} still due on this invoice`;
  }
  return null;
}

/** Why a refund of `amount` cannot be paid out against this position, or null when it can. */
export function refundProblem(position: PaymentPosition, amount: Paise): string | null {
  if (amount <= 0) return 'A refund must be more than ₹0.00';
  if (position.refundDue === 0) return 'No refund is due on this invoice';
  if (amount > position.refundDue) {
    return `${formatRupees(amount)} is more than the ${formatRupees(position.refundDue)} refund due on this invoice`;
  }
  return null;
}

/** The day the last payment arrived ('YYYY-MM-DD'), or null before any: the day a paid invoice was paid. */
export const lastPaidOn = (payments: ReadonlyArray<{ receivedOn: string }>): string | null =>
  payments
    .map((payment) => payment.receivedOn)
    .sort()
    .at(-1) ?? null;
