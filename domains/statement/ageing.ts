/**
 * What customers owe by how long it is past its due date: the ageing list, by the invoice's rule for "overdue"
 * (domains/invoice/payments.ts).
 */
import { daysPastDue } from '#domains/invoice/payments.ts';
import type { Paise } from '#lib/money.ts';

export const AGEING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_BUCKET_WORDS: Record<AgeingBucket, string> = {
  notDue: 'Not yet due',
  days1to30: '1-30 days',
  days31to60: '31-60 days',
  days61to90: '61-90 days',
  over90: 'Over 90 days',
};

/** The bucket an invoice's balance falls in, by the days past its due date (the due date itself is not yet due). */
export function ageingBucket(daysPast: number): AgeingBucket {
  if (daysPast <= 0) return 'notDue';
  if (daysPast <= 30) return 'days1to30';
  if (daysPast <= 60) return 'days31to60';
  if (daysPast <= 90) return 'days61to90';
  return 'over90';
}

export type AgeingAmounts = Record<AgeingBucket, Paise> & { total: Paise };

/** An invoice with something still to pay, and whose it is. */
export interface OpenInvoice {
  customerId: number;
  customerName: string;
  number: string;
  dueOn: string;
  balance: Paise;
}

export interface AgeingCustomer extends AgeingAmounts {
  id: number;
  name: string;
  /** Their invoices with something to pay. */
  invoices: number;
}

export interface AgeingReport {
  /** The day the ageing was worked out for. */
  asOf: string;
  /** The most overdue first (the oldest bucket's amount, then the next…). */
  customers: AgeingCustomer[];
  totals: AgeingAmounts;
}

const noAmounts = (): AgeingAmounts => ({ notDue: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 });

/** Each customer's open balances by bucket, and the totals, as of `today`. */
export function ageingOf(open: readonly OpenInvoice[], today: string): AgeingReport {
  const byCustomer = new Map<number, AgeingCustomer>();
  const totals = noAmounts();
  for (const invoice of open) {
    if (invoice.balance <= 0) continue;
    const bucket = ageingBucket(daysPastDue(invoice.dueOn, today));
    const row = byCustomer.get(invoice.customerId) ?? {
      id: invoice.customerId,
      name: invoice.customerName,
      invoices: 0,
      ...noAmounts(),
    };
    row[bucket] += invoice.balance;
    row.total += invoice.balance;
    row.invoices += 1;
    byCustomer.set(invoice.customerId, row);
    totals[bucket] += invoice.balance;
    totals.total += invoice.balance;
  }
  const oldestFirst = [...AGEING_BUCKETS].reverse();
  const customers = [...byCustomer.values()].sort((a, b) => {
    for (const bucket of oldestFirst) if (a[bucket] !== b[bucket]) return b[bucket] - a[bucket];
    return a.id - b.id;
  });
  return { asOf: today, customers, totals };
}
