import { describe, expect, it } from 'vitest';

import {
  compactCode,
  consignmentValue,
  dispatchProblems,
  DOCKET_PATTERN,
  EWAY_BILL_PATTERN,
  EWAY_BILL_THRESHOLD,
  transporterIdProblem,
  VEHICLE_PATTERN,
} from './dispatch.ts';

const details = {
  transporter: 'Kerala Roadways',
  docketNumber: 'KRW/2026/88123',
  vehicleNumber: 'KL07AB1234',
  expectedOn: '2026-11-28',
  ewayBillNumber: null,
  distanceKm: null,
  transportMode: 'road' as const,
  transporterId: null,
  transportDocDate: null,
};

describe('dispatch details', () => {
  it('values a consignment with its tax and the delivery charge, without exempt lines or the round-off', () => {
    // 80 cartons at ₹560 (5%) = 44,800.00 + IGST 2,240.00; a 0% line of 1,000.00; delivery 500.00 at 5% + 25.00.
    // Counted: 44,800 + 2,240 + 500 + 25 = 47,565.00 (the exempt 1,000.00 is not).
    const value = consignmentValue({
      lines: [
        { taxable: 44_800_00, gstRate: 5, cgst: 0, sgst: 0, igst: 2_240_00 },
        { taxable: 1_000_00, gstRate: 0, cgst: 0, sgst: 0, igst: 0 },
      ],
      delivery: { taxable: 500_00, rate: 5, cgst: 0, sgst: 0, igst: 25_00 },
    });
    expect(value).toBe(47_565_00);
  });

  it('asks for the e-way bill number only above ₹50,000', () => {
    expect(EWAY_BILL_THRESHOLD).toBe(50_000_00);
    expect(dispatchProblems(details, 50_000_00, '2026-11-26')).toEqual({});
    expect(dispatchProblems(details, 50_000_01, '2026-11-26')).toEqual({
      ewayBillNumber: 'This consignment is worth more than ₹50,000.00: give the e-way bill number from the portal',
    });
    expect(dispatchProblems({ ...details, ewayBillNumber: '331002345678' }, 50_000_01, '2026-11-26')).toEqual({});
  });

  it('refuses an expected delivery day in the past', () => {
    expect(dispatchProblems(details, 1_000_00, '2026-11-29')).toEqual({
      expectedOn: 'The expected delivery date cannot be in the past',
    });
    expect(dispatchProblems(details, 1_000_00, '2026-11-28')).toEqual({});
  });

  it('knows vehicle, docket and e-way bill numbers by their shape, as typed with spaces', () => {
    expect(compactCode('kl 07 ab-1234')).toBe('KL07AB1234');
    for (const vehicle of ['KL07AB1234', 'DL1CAB1234', 'KL7A0123', 'KL070123', '22BH1234AB'])
      expect(vehicle).toMatch(VEHICLE_PATTERN);
    for (const vehicle of ['KL07AB12345', 'K07AB1234', '1234', 'KL07', 'KL7A123', 'KL07ABCD1234'])
      expect(vehicle).not.toMatch(VEHICLE_PATTERN);
    for (const docket of ['KRW/2026/88123', 'LR-5521', '881']) expect(docket).toMatch(DOCKET_PATTERN);
    for (const docket of ['/881', 'AB', 'LR 5521']) expect(docket).not.toMatch(DOCKET_PATTERN);
    expect(compactCode('3310 0234 5678')).toMatch(EWAY_BILL_PATTERN);
    expect('33100234567').not.toMatch(EWAY_BILL_PATTERN);
  });

  it("checks the e-way bill's Part B as the portal does: the distance for the pincodes, the transporter's id, the LR date", () => {
    const route = { from: '683101', to: '683101' };
    expect(dispatchProblems({ ...details, distanceKm: 100 }, 1_000_00, '2026-11-26', route)).toEqual({});
    expect(dispatchProblems({ ...details, distanceKm: 101 }, 1_000_00, '2026-11-26', route)).toEqual({
      distanceKm: 'From and to share the pincode 683101: the portal takes at most 100 km',
    });
    expect(dispatchProblems({ ...details, distanceKm: 640 }, 1_000_00, '2026-11-26', { ...route, to: '560001' })).toEqual({});
    expect(dispatchProblems({ ...details, transportDocDate: '2026-11-27' }, 1_000_00, '2026-11-26')).toEqual({
      transportDocDate: 'The docket or LR date cannot be in the future',
    });
    // A GSTIN, and a TRANSIN of the same shape and check character, are taken; a typo in either is not.
    expect(transporterIdProblem('32AAACG1234A1ZN')).toBeNull();
    expect(transporterIdProblem('32AAACG1234A1ZM')).toMatch(/GSTIN or TRANSIN/);
    expect(transporterIdProblem('KL07AB1234')).toMatch(/GSTIN or TRANSIN/);
  });
});
