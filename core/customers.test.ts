import { describe, expect, it } from 'vitest';

import { groupCustomers, phoneKey } from './customers.ts';

describe('customers from enquiries', () => {
  it('reads a phone number as its national digits, and ignores one too short to say', () => {
    expect(phoneKey('+91 98470-12345')).toBe('9847012345');
    expect(phoneKey('098470 12345')).toBe('9847012345');
    expect(phoneKey('12')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });

  it('joins enquiries sharing an e-mail (any case) or a phone, and those joined through either', () => {
    const groups = groupCustomers([
      { id: 1, email: 'anitha@example.in', phone: '9847000001' },
      { id: 2, email: 'biju@example.in', phone: null },
      // Anitha again from another address but her phone, written another way.
      { id: 3, email: 'anitha.menon@work.example', phone: '+91 98470 00001' },
      // Her work address with a new phone: joined through enquiry 3.
      { id: 4, email: 'ANITHA.MENON@work.example', phone: '9847000099' },
      { id: 5, email: 'chitra@example.in', phone: '9847000003' },
      // Two customers found to be one by a later enquiry: Biju's e-mail and Chitra's phone.
      { id: 6, email: 'biju@example.in', phone: '9847000003' },
      { id: 7, email: 'dev@example.in', phone: '9847000007' },
    ]);
    expect(groups).toEqual([[1, 3, 4], [2, 5, 6], [7]]);
  });
});
