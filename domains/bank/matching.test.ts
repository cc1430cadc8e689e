// The matcher's rules worked by hand: the invoice numbers a narration names (however it writes them) take the credit
// in due-date order up to each balance; else an amount equal to one open balance on an invoice issued by the
// credit's day; else nothing. And the staff's allocations: never above the credit, each invoice once.
import { describe, expect, it } from 'vitest';

import type { OpenBalance } from '#domains/invoice/payments.ts';

import { allocationProblem, suggestMatch } from './matching.ts';
import { creditMethod, creditReference, statementAmount, statementDay } from './model.ts';

const invoice = (number: string, balance: number, issuedOn: string, dueOn: string, orderId: number): OpenBalance => ({
  orderId,
  number,
  customerName: 'അനിത മേനോൻ',
  issuedOn,
  dueOn,
  balance,
});
// GL/…/0007 owes ₹1,313.00, 0012 owes ₹2,000.00 and 0013 ₹1,313.00 (issued after the 5th).
const OPEN = [
  invoice('GL/2030-31/0012', 2_000_00, '2030-11-20', '2030-12-05', 12),
  invoice('GL/2030-31/0007', 1_313_00, '2030-11-01', '2030-11-16', 7),
  invoice('GL/2030-31/0013', 1_313_00, '2030-12-06', '2030-12-21', 13),
];
const credit = (amount: number, narration: string, bookedOn = '2030-12-05') => ({ amount, narration, bookedOn });
const pays = (number: string, amount: number, balance: number) => expect.objectContaining({ invoice: number, amount, balance });

describe('suggestMatch', () => {
  it('finds an invoice number however the narration writes it', () => {
    for (const narration of [
      'UPI/412345678901/GL/2030-31/0012/anitha@okaxis',
      'NEFT-HDFCN52030120512345-GL 2030-31 12, അനിത',
      'IMPS gl2030310012 hotel',
    ]) {
      expect(suggestMatch(credit(2_000_00, narration), OPEN)).toEqual({
        reason: 'invoice-number',
        allocations: [pays('GL/2030-31/0012', 2_000_00, 2_000_00)],
        alternatives: [],
      });
    }
    // 0001 is not 0012, nor is 00120.
    expect(suggestMatch(credit(5_00, 'GL/2030-31/00120'), OPEN)).toBeNull();
  });

  it('splits a credit over the invoices it names, oldest due first, and leaves what is over', () => {
    // ₹4,000.00 for 0012 and 0007: 0007 (due 16 Nov) takes ₹1,313.00, 0012 its ₹2,000.00; ₹687.00 is left over.
    expect(suggestMatch(credit(4_000_00, 'GL/2030-31/0012 and GL/2030-31/0007'), OPEN)?.allocations).toEqual([
      pays('GL/2030-31/0007', 1_313_00, 1_313_00),
      pays('GL/2030-31/0012', 2_000_00, 2_000_00),
    ]);
    // ₹1,500.00 for both: 0007 takes ₹1,313.00, 0012 the ₹187.00 left.
    expect(suggestMatch(credit(1_500_00, 'GL/2030-31/0012, GL/2030-31/0007'), OPEN)?.allocations).toEqual([
      pays('GL/2030-31/0007', 1_313_00, 1_313_00),
      pays('GL/2030-31/0012', 187_00, 2_000_00),
    ]);
    // Part of one: ₹500.00 towards 0012.
    expect(suggestMatch(credit(500_00, 'part GL/2030-31/0012'), OPEN)?.allocations).toEqual([
      pays('GL/2030-31/0012', 500_00, 2_000_00),
    ]);
  });

  it('matches an amount to the one open balance issued by the credit day, the longest due first', () => {
    expect(suggestMatch(credit(2_000_00, 'UPI/412345678901/anitha'), OPEN)).toEqual({
      reason: 'amount',
      allocations: [pays('GL/2030-31/0012', 2_000_00, 2_000_00)],
      alternatives: [],
    });
    // ₹1,313.00 on the 5th: 0013 was not issued yet; on the 7th both fit, 0007 (due first) suggested, 0013 offered.
    expect(suggestMatch(credit(1_313_00, 'NEFT CR'), OPEN)?.alternatives).toEqual([]);
    expect(suggestMatch(credit(1_313_00, 'NEFT CR', '2030-12-07'), OPEN)).toEqual({
      reason: 'amount',
      allocations: [pays('GL/2030-31/0007', 1_313_00, 1_313_00)],
      alternatives: [pays('GL/2030-31/0013', 1_313_00, 1_313_00)],
    });
  });

  it('suggests nothing for an amount no balance is, with no invoice named', () => {
    expect(suggestMatch(credit(1_234_50, 'Int.Pd:01-10-2030 to 31-12-2030'), OPEN)).toBeNull();
    expect(suggestMatch(credit(2_000_00, 'UPI'), [])).toBeNull();
  });
});

describe('allocationProblem', () => {
  it('allows up to the credit, each invoice once', () => {
    expect(
      allocationProblem(4_000_00, [
        { invoice: 'A', amount: 1_313_00 },
        { invoice: 'B', amount: 2_687_00 },
      ]),
    ).toBeNull();
    expect(allocationProblem(4_000_00, [{ invoice: 'A', amount: 1_000_00 }])).toBeNull();
    expect(
      allocationProblem(4_000_00, [
        { invoice: 'A', amount: 1_313_00 },
        { invoice: 'B', amount: 2_687_01 },
      ]),
    ).toBe('₹4,000.01 is more than the credit of ₹4,000.00');
    expect(
      allocationProblem(4_000_00, [
        { invoice: 'A', amount: 1 },
        { invoice: 'A', amount: 1 },
      ]),
    ).toBe('Name each invoice once');
    expect(allocationProblem(4_000_00, [])).toBe('Name at least one invoice this credit pays');
    expect(allocationProblem(4_000_00, [{ invoice: 'A', amount: 0 }])).toBe('Each amount must be more than ₹0.00');
  });
});

describe('statement cells', () => {
  it('reads days as each bank writes them', () => {
    expect(
      ['05/12/30', '05/12/2030', '05-12-2030', '5 Dec 2030', '05-Dec-30', '2030-12-05', '05/12/2030 10:42:11'].map(statementDay),
    ).toEqual(Array(7).fill('2030-12-05'));
    expect(['31/02/2030', 'Date', '', '********', '12/2030'].map(statementDay)).toEqual([null, null, null, null, null]);
  });

  it('reads amounts with Indian commas, signs and suffixes', () => {
    expect(['1,18,000.00', '118000', '₹ 1,180.50', '1,180.00 Cr', '', '-', '0.00'].map(statementAmount)).toEqual([
      1_18_000_00, 1_18_000_00, 1_180_50, 1_180_00, 0, 0, 0,
    ]);
    expect(statementAmount('ten')).toBeNull();
  });

  it('finds the method and the UTR', () => {
    expect(creditMethod('UPI-ANITHA-anitha@okaxis')).toBe('upi');
    expect(creditMethod('NEFT CR-HDFC0000123')).toBe('bank-transfer');
    expect(creditMethod('RTGS/SBINR52030120500012345')).toBe('bank-transfer');
    expect(creditMethod('CASH DEPOSIT ALUVA BRANCH')).toBeNull();
    expect(creditReference('upi', '0000412345678901', 'UPI-X')).toBe('412345678901');
    expect(creditReference('upi', '', 'UPI/412345678901/x')).toBe('412345678901');
    expect(creditReference('bank-transfer', 'TRANSFER FROM 99912345678', 'NEFT*HDFC0000123*HDFCN52030120512345*A')).toBe(
      'HDFCN52030120512345',
    );
    expect(creditReference('bank-transfer', 'SBINR52030120500012345', 'RTGS')).toBe('SBINR52030120500012345');
    expect(creditReference('upi', '', 'UPI payment')).toBeNull();
    expect(creditReference(null, '412345678901', 'CASH')).toBeNull();
  });
});
