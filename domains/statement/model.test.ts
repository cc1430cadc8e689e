import { describe, expect, it } from 'vitest';

import { paymentPosition } from '#domains/invoice/payments.ts';
import { daysPastDue, isOverdue } from '#domains/invoice/payments.ts';

import { ageingBucket, ageingOf, type OpenInvoice } from './ageing.ts';
import { balanceText, statementDue, type StatementItem, statementLines, statementOf, statementPeriod } from './model.ts';

/**
 * One customer, worked by hand across the end of March (a month end and the financial year's end):
 * - GL/2025-26/0040 on 20 March 2026 for ₹10,000.00, due 27 March; ₹4,000.00 paid on 31 March;
 * - GL/2026-27/0001 on 1 April for ₹5,000.00, due 8 April; ₹2,000.00 paid on 1 May;
 * - CN/2026-27/0001 on 2 April takes ₹7,000.00 off the first invoice, which leaves ₹3,000.00 due on it and
 *   ₹1,000.00 paid beyond it: refunded on 5 April;
 * - GL/2026-27/0010 on 30 April for ₹2,500.50, due 7 May, nothing paid.
 */
const items: StatementItem[] = [
  { kind: 'payment', date: '2026-05-01', reference: 'UPI 612345678901', invoiceNumber: 'GL/2026-27/0001', amount: 200_000 },
  { kind: 'invoice', date: '2026-03-20', reference: 'GL/2025-26/0040', invoiceNumber: 'GL/2025-26/0040', amount: 1_000_000 },
  { kind: 'refund', date: '2026-04-05', reference: 'UPI 712345678901', invoiceNumber: 'GL/2025-26/0040', amount: 100_000 },
  { kind: 'payment', date: '2026-03-31', reference: 'UPI 512345678901', invoiceNumber: 'GL/2025-26/0040', amount: 400_000 },
  { kind: 'credit-note', date: '2026-04-02', reference: 'CN/2026-27/0001', invoiceNumber: 'GL/2025-26/0040', amount: 700_000 },
  { kind: 'invoice', date: '2026-04-30', reference: 'GL/2026-27/0010', invoiceNumber: 'GL/2026-27/0010', amount: 250_050 },
  { kind: 'invoice', date: '2026-04-01', reference: 'GL/2026-27/0001', invoiceNumber: 'GL/2026-27/0001', amount: 500_000 },
];

describe('statementOf', () => {
  it('carries March into the opening balance of a statement from 1 April and runs the balance entry by entry', () => {
    const statement = statementOf(items, { from: '2026-04-01', to: '2026-05-31' });
    // ₹10,000.00 invoiced less ₹4,000.00 paid before 1 April.
    expect(statement.openingBalance).toBe(600_000);
    expect(statement.entries.map((entry) => [entry.date, entry.reference, entry.debit, entry.credit, entry.balance])).toEqual([
      ['2026-04-01', 'GL/2026-27/0001', 500_000, 0, 1_100_000],
      ['2026-04-02', 'CN/2026-27/0001', 0, 700_000, 400_000],
      ['2026-04-05', 'UPI 712345678901', 100_000, 0, 500_000],
      ['2026-04-30', 'GL/2026-27/0010', 250_050, 0, 750_050],
      ['2026-05-01', 'UPI 612345678901', 0, 200_000, 550_050],
    ]);
    expect(statement.closingBalance).toBe(550_050);
    expect(statement.debits).toBe(850_050);
    expect(statement.credits).toBe(900_000);
    expect(statement.openingBalance + statement.debits - statement.credits).toBe(statement.closingBalance);
  });

  it('agrees with what each invoice still has to pay, the refund paid out counted on its invoice', () => {
    const balances = [
      paymentPosition({ invoiced: 1_000_000, credited: 700_000, paid: 400_000, refunded: 100_000 }, '2026-03-27', '2026-06-10'),
      paymentPosition({ invoiced: 500_000, credited: 0, paid: 200_000, refunded: 0 }, '2026-04-08', '2026-06-10'),
      paymentPosition({ invoiced: 250_050, credited: 0, paid: 0, refunded: 0 }, '2026-05-07', '2026-06-10'),
    ];
    // The first invoice's ₹1,000.00 paid beyond its due was refunded: nothing owed either way on it.
    expect(balances.map((position) => [position.balance, position.refundDue])).toEqual([
      [0, 0],
      [300_000, 0],
      [250_050, 0],
    ]);
    const owed = balances.reduce((sum, position) => sum + position.balance - position.refundDue, 0);
    expect(statementOf(items, { from: '2026-03-01', to: '2026-06-10' }).closingBalance).toBe(owed);
    // The day before the refund the shop held ₹1,000.00 for the customer against the second invoice's ₹5,000.00 owed.
    const before = paymentPosition(
      { invoiced: 1_000_000, credited: 700_000, paid: 400_000, refunded: 0 },
      '2026-03-27',
      '2026-04-04',
    );
    expect(before.refundDue).toBe(100_000);
    expect(statementOf(items, { from: '2026-03-01', to: '2026-04-04' }).closingBalance).toBe(500_000 - before.refundDue);
  });

  it('shows a month alone with what came before and after left out, the document before what settles it', () => {
    const march = statementOf(items, { from: '2026-03-31', to: '2026-03-31' });
    expect(march.openingBalance).toBe(1_000_000);
    expect(march.entries.map((entry) => entry.kind)).toEqual(['payment']);
    expect(march.closingBalance).toBe(600_000);
    const sameDay = statementOf(
      [
        { kind: 'payment', date: '2026-04-01', reference: 'Cash', invoiceNumber: 'X', amount: 100 },
        { kind: 'invoice', date: '2026-04-01', reference: 'X', invoiceNumber: 'X', amount: 100 },
      ],
      { from: '2026-04-01', to: '2026-04-01' },
    );
    expect(sameDay.entries.map((entry) => entry.balance)).toEqual([100, 0]);
  });

  it('prints the opening balance, each entry with what it belongs to, and the closing balance', () => {
    const lines = statementLines(statementOf(items, { from: '2026-04-01', to: '2026-05-31' }));
    expect(lines.map((line) => [line.date, line.particulars, line.debit, line.credit, line.balance])).toEqual([
      ['1 April 2026', 'Opening balance', '', '', '₹6,000.00'],
      ['1 April 2026', 'Invoice GL/2026-27/0001', '₹5,000.00', '', '₹11,000.00'],
      ['2 April 2026', 'Credit note CN/2026-27/0001 against GL/2025-26/0040', '', '₹7,000.00', '₹4,000.00'],
      ['5 April 2026', 'Refund paid UPI 712345678901 against GL/2025-26/0040', '₹1,000.00', '', '₹5,000.00'],
      ['30 April 2026', 'Invoice GL/2026-27/0010', '₹2,500.50', '', '₹7,500.50'],
      ['1 May 2026', 'Payment received UPI 612345678901 against GL/2026-27/0001', '', '₹2,000.00', '₹5,500.50'],
      ['31 May 2026', 'Closing balance', '', '', '₹5,500.50'],
    ]);
    expect(lines.map((line) => line.strong)).toEqual([true, false, false, false, false, false, true]);
    expect([statementDue(550_050), statementDue(0), statementDue(-30_000)]).toEqual([
      'Amount due: ₹5,500.50',
      'Nothing due',
      'In credit: ₹300.00 (we owe you this)',
    ]);
  });

  it('says a negative balance is money held for the customer', () => {
    expect(balanceText(550_050)).toBe('₹5,500.50');
    expect(balanceText(-30_000)).toBe('₹300.00 in credit');
    expect(balanceText(0)).toBe('₹0.00');
  });
});

describe('statementPeriod', () => {
  it('runs from 1 April of the financial year of its last day, today in India unless given', () => {
    // 23:30 on 31 March in India: still the old financial year.
    expect(statementPeriod({}, new Date('2026-03-31T18:00:00Z'))).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    // 01:30 on 1 April in India: the new one.
    expect(statementPeriod({}, new Date('2026-03-31T20:00:00Z'))).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(statementPeriod({ to: '2027-01-15' }, new Date('2026-03-31T20:00:00Z'))).toEqual({
      from: '2026-04-01',
      to: '2027-01-15',
    });
    expect(statementPeriod({ from: '2026-05-01', to: '2026-05-31' }, new Date())).toEqual({
      from: '2026-05-01',
      to: '2026-05-31',
    });
  });
});

describe('ageing', () => {
  it('counts the days past the due date across month and year ends', () => {
    expect(daysPastDue('2026-03-27', '2026-03-27')).toBe(0);
    expect(daysPastDue('2026-03-27', '2026-04-01')).toBe(5);
    expect(daysPastDue('2026-04-08', '2026-06-10')).toBe(63);
    expect(daysPastDue('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysPastDue('2026-06-11', '2026-06-10')).toBe(-1);
  });

  it('puts the due date itself in not yet due and each boundary day in its own bucket', () => {
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      'notDue',
      'notDue',
      'days1to30',
      'days1to30',
      'days31to60',
      'days31to60',
      'days61to90',
      'days61to90',
      'over90',
      'over90',
    ]);
  });

  it('is overdue only with something to pay after the due date, as the invoice reads it', () => {
    expect(isOverdue(1, '2026-04-08', '2026-04-08')).toBe(false);
    expect(isOverdue(1, '2026-04-08', '2026-04-09')).toBe(true);
    expect(isOverdue(0, '2026-04-08', '2026-04-09')).toBe(false);
    expect(paymentPosition({ invoiced: 100, credited: 0, paid: 0, refunded: 0 }, '2026-04-08', '2026-04-09').overdue).toBe(true);
  });

  it('adds the customer above and others into buckets and totals, the most overdue first', () => {
    const open: OpenInvoice[] = [
      // The customer above on 10 June: the second invoice 63 days past due, the third 34.
      { customerId: 7, customerName: 'Hotel Periyar', number: 'GL/2026-27/0001', dueOn: '2026-04-08', balance: 300_000 },
      { customerId: 7, customerName: 'Hotel Periyar', number: 'GL/2026-27/0010', dueOn: '2026-05-07', balance: 250_050 },
      { customerId: 3, customerName: 'അമ്മ കാറ്ററിംഗ്', number: 'GL/2025-26/0002', dueOn: '2026-03-01', balance: 99_999 },
      { customerId: 3, customerName: 'അമ്മ കാറ്ററിംഗ്', number: 'GL/2026-27/0020', dueOn: '2026-06-10', balance: 10_000 },
      { customerId: 9, customerName: 'Cafe Aluva', number: 'GL/2026-27/0021', dueOn: '2026-06-09', balance: 5_000 },
      { customerId: 9, customerName: 'Cafe Aluva', number: 'GL/2026-27/0002', dueOn: '2026-04-09', balance: 0 },
    ];
    const report = ageingOf(open, '2026-06-10');
    expect(
      report.customers.map((row) => [
        row.id,
        row.notDue,
        row.days1to30,
        row.days31to60,
        row.days61to90,
        row.over90,
        row.total,
        row.invoices,
      ]),
    ).toEqual([
      [3, 10_000, 0, 0, 0, 99_999, 109_999, 2],
      [7, 0, 0, 250_050, 300_000, 0, 550_050, 2],
      [9, 0, 5_000, 0, 0, 0, 5_000, 1],
    ]);
    expect(report.totals).toEqual({
      notDue: 10_000,
      days1to30: 5_000,
      days31to60: 250_050,
      days61to90: 300_000,
      over90: 99_999,
      total: 665_049,
    });
  });
});
