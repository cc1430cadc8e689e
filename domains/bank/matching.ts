/**
 * Which open invoices a bank credit pays, as a suggestion the staff confirm: by the invoice numbers its narration
 * names, else by an open balance of exactly its amount on an invoice issued by its day. (A credit whose UTR is
 * already on a payment is not matched at all: it was recorded, and the server links it to that payment.)
 */
import type { OpenBalance } from '#domains/invoice/payments.ts';
import { formatRupees, type Paise } from '#lib/money.ts';

export const MATCH_REASONS = ['invoice-number', 'amount'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];
export const MATCH_REASON_WORDS: Record<MatchReason, string> = {
  'invoice-number': 'Invoice number in the narration',
  amount: 'Same amount as the balance due',
};

export interface Allocation {
  orderId: number;
  invoice: string;
  customerName: string;
  amount: Paise;
  /** What the invoice still owed before this. */
  balance: Paise;
}

export interface SuggestedMatch {
  reason: MatchReason;
  allocations: Allocation[];
  /** Other open invoices the amount also fits, for the staff to choose instead. */
  alternatives: Allocation[];
}

/**
 * The invoice number as a narration may carry it: its parts with or without the slashes and dashes between them
 * ('GL/2026-27/0012', 'GL 2026-27 0012', 'GL2026270012'), the serial's leading zeros optional.
 */
function numberPattern(number: string): RegExp {
  const parts = number
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const last = parts.length - 1;
  const written = parts.map((part, index) => (index === last && /^[0-9]+$/.test(part) ? `0*${part.replace(/^0+/, '')}` : part));
  return new RegExp(`(?<![A-Z0-9])${written.join('[^A-Z0-9]*')}(?![0-9])`);
}

const allocation = (invoice: OpenBalance, amount: Paise): Allocation => ({
  orderId: invoice.orderId,
  invoice: invoice.number,
  customerName: invoice.customerName,
  amount,
  balance: invoice.balance,
});

/**
 * The suggested match of a credit, or null when nothing fits. Invoices named in the narration take the credit in
 * the order of their due dates, each up to its balance (what is left over stays unmatched); an amount alone matches
 * an invoice issued on or before the credit's day whose balance is exactly the credit, the longest due first.
 */
export function suggestMatch(
  credit: { amount: Paise; bookedOn: string; narration: string },
  open: readonly OpenBalance[],
): SuggestedMatch | null {
  const byDue = [...open].sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.number.localeCompare(b.number));
  const words = credit.narration.toUpperCase();
  const named = byDue.filter((invoice) => numberPattern(invoice.number).test(words));
  if (named.length > 0) {
    let left = credit.amount;
    const allocations: Allocation[] = [];
    for (const invoice of named) {
      const amount = Math.min(left, invoice.balance);
      if (amount <= 0) break;
      allocations.push(allocation(invoice, amount));
      left -= amount;
    }
    return { reason: 'invoice-number', allocations, alternatives: [] };
  }
  const fits = byDue.filter((invoice) => invoice.balance === credit.amount && invoice.issuedOn <= credit.bookedOn);
  const [first, ...others] = fits;
  if (!first) return null;
  return {
    reason: 'amount',
    allocations: [allocation(first, credit.amount)],
    alternatives: others.map((invoice) => allocation(invoice, credit.amount)),
  };
}

/**
 * Why the staff's allocations of a credit cannot be recorded, or null: at least one invoice, each once and each
 * more than ₹0, together never more than the credit. (What each invoice still owes is checked as it is recorded.)
 */
export function allocationProblem(credit: Paise, allocations: ReadonlyArray<{ invoice: string; amount: Paise }>): string | null {
  if (allocations.length === 0) return 'Name at least one invoice this credit pays';
  const numbers = new Set(allocations.map((entry) => entry.invoice));
  if (numbers.size !== allocations.length) return 'Name each invoice once';
  if (allocations.some((entry) => entry.amount <= 0)) return 'Each amount must be more than ₹0.00';
  const total = allocations.reduce((sum, entry) => sum + entry.amount, 0);
  return total > credit ? `${formatRupees(total)} is more than the credit of ${formatRupees(credit)}` : null;
}
