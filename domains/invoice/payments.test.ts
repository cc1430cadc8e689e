import { describe, expect, it } from 'vitest';

import {
  normalisedReference,
  PAYMENT_STATE_WORDS,
  paymentDueOn,
  paymentPosition,
  paymentProblem,
  referenceProblem,
  refundProblem,
  unpaidPart,
} from './payments.ts';

// An invoice of ₹2,437.00 dated 2026-11-26 with 7 days' terms: due on 3 December.
const INVOICED = 243_700;
const DUE_ON = paymentDueOn('2026-11-26', 7);

describe('payments against an invoice', () => {
  it('is due the invoice’s date plus the terms, across a month’s end', () => {
    expect(DUE_ON).toBe('2026-12-03');
    expect(paymentDueOn('2027-02-25', 7)).toBe('2027-03-04');
    expect(paymentDueOn('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('reads Unpaid, Part paid, Paid as payments add up', () => {
    const unpaid = paymentPosition({ invoiced: INVOICED, credited: 0, paid: 0, refunded: 0 }, DUE_ON, '2026-11-26');
    expect(unpaid).toMatchObject({ state: 'unpaid', due: 243_700, balance: 243_700, refundDue: 0, overdue: false });
    // ₹1,000.00 and then ₹1,437.00: 2,437.00 in all.
    const part = paymentPosition({ invoiced: INVOICED, credited: 0, paid: 100_000, refunded: 0 }, DUE_ON, '2026-11-27');
    expect(part).toMatchObject({ state: 'part-paid', balance: 143_700 });
    const paid = paymentPosition({ invoiced: INVOICED, credited: 0, paid: 100_000 + 143_700, refunded: 0 }, DUE_ON, '2026-11-28');
    expect(paid).toMatchObject({ state: 'paid', balance: 0 });
    expect([unpaid, part, paid].map((position) => PAYMENT_STATE_WORDS[position.state])).toEqual(['Unpaid', 'Part paid', 'Paid']);
  });

  it('is overdue the day after the last day while something is due, never once paid', () => {
    const on = (today: string, paid: number) =>
      paymentPosition({ invoiced: INVOICED, credited: 0, paid, refunded: 0 }, DUE_ON, today).overdue;
    expect(on('2026-12-03', 0)).toBe(false);
    expect(on('2026-12-04', 0)).toBe(true);
    expect(on('2026-12-04', 100_000)).toBe(true);
    expect(on('2027-01-10', INVOICED)).toBe(false);
  });

  it('a credit note lowers what is due; paid beyond it is a refund owed; credited in full before paying is nothing due', () => {
    // A credit note of ₹483.00 on ₹2,437.00: ₹1,954.00 due; ₹2,000.00 paid leaves ₹46.00 to refund.
    const credited = paymentPosition({ invoiced: INVOICED, credited: 48_300, paid: 200_000, refunded: 0 }, DUE_ON, '2026-11-30');
    expect(credited).toMatchObject({ state: 'paid', due: 195_400, balance: 0, refundDue: 4_600 });
    const cancelled = paymentPosition({ invoiced: INVOICED, credited: INVOICED, paid: 0, refunded: 0 }, DUE_ON, '2026-12-30');
    expect(cancelled).toMatchObject({ state: 'credited', balance: 0, overdue: false });
    expect(PAYMENT_STATE_WORDS[cancelled.state]).toBe('Nothing due');
  });

  it('a refund paid out lowers the refund due and leaves the invoice paid; more than is due is refused', () => {
    const amounts = { invoiced: INVOICED, credited: 48_300, paid: 200_000 };
    const owed = paymentPosition({ ...amounts, refunded: 0 }, DUE_ON, '2026-11-30');
    expect(refundProblem(owed, 4_601)).toBe('₹46.01 is more than the ₹46.00 refund due on this invoice');
    expect(refundProblem(owed, 0)).toBe('A refund must be more than ₹0.00');
    expect(refundProblem(owed, 4_600)).toBeNull();
    const part = paymentPosition({ ...amounts, refunded: 1_000 }, DUE_ON, '2026-11-30');
    expect(part).toMatchObject({ state: 'paid', balance: 0, refundDue: 3_600, refunded: 1_000 });
    const all = paymentPosition({ ...amounts, refunded: 4_600 }, DUE_ON, '2026-12-30');
    expect(all).toMatchObject({ state: 'paid', balance: 0, refundDue: 0, overdue: false });
    expect(refundProblem(all, 100)).toBe('No refund is due on this invoice');
    expect(unpaidPart({ ...amounts, refunded: 4_600 })).toBe(0);
  });

  it('refuses overpaying, a nothing payment, and paying what is not due', () => {
    const part = paymentPosition({ invoiced: INVOICED, credited: 0, paid: 100_000, refunded: 0 }, DUE_ON, '2026-11-27');
    expect(paymentProblem(part, 143_700)).toBeNull();
    expect(paymentProblem(part, 143_701)).toBe('₹1,437.01 is more than the ₹1,437.00 still due on this invoice');
    expect(paymentProblem(part, 0)).toBe('A payment must be more than ₹0.00');
    const paid = paymentPosition({ invoiced: INVOICED, credited: 0, paid: INVOICED, refunded: 0 }, DUE_ON, '2026-11-27');
    expect(paymentProblem(paid, 100)).toBe('Nothing is due on this invoice');
  });

  it('checks each method’s reference: UPI 12 digits, bank UTR 12-22, cheque 6 digits, cash none', () => {
    expect(normalisedReference(' 4321 0987 6543 ')).toBe('432109876543');
    expect(normalisedReference('sbin-n52026112600012')).toBe('SBINN52026112600012');
    expect(referenceProblem('upi', '432109876543')).toBeNull();
    expect(referenceProblem('upi', '43210987654')).toBe('A UPI reference (UTR) has 12 digits');
    expect(referenceProblem('upi', null)).toBe('Give the UPI reference (UTR)');
    expect(referenceProblem('cheque', null)).toBe('Give the cheque number');
    expect(referenceProblem('bank-transfer', 'SBINN52026112600012')).toBeNull();
    expect(referenceProblem('bank-transfer', 'SBIN')).toBe('A bank transfer’s UTR has 12 to 22 letters and digits');
    expect(referenceProblem('cheque', '004512')).toBeNull();
    expect(referenceProblem('cheque', '4512')).toBe('A cheque number has 6 digits');
    expect(referenceProblem('cash', null)).toBeNull();
    expect(referenceProblem('cash', '12')).toBe('A cash payment has no reference');
  });
});
