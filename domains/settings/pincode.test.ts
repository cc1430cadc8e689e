import { describe, expect, it } from 'vitest';

import { checkoutFormSchema } from '#domains/enquiry/schema.ts';
import { itAnswers, itAnswersNull } from '#lib/cases.fixture.ts';

import { pincodeIn } from './pincode.ts';

describe('pincodes as people write them', () => {
  itAnswers('%s → %s', pincodeIn, [
    ['Door 12, MG Road, Aluva, Kerala 683 101', '683101'],
    ['Door 12, MG Road, Aluva, Kerala 683101', '683101'],
    ['Shop 4, 560001 Bengaluru; deliver to 682024', '682024'],
    ['Flat 110 683101, Aluva', '683101'],
    ['Aluva - 683 101.', '683101'],
  ]);

  itAnswersNull('none in %s', pincodeIn, [
    'no pincode here, phone 98470123456',
    'Door 12, MG Road, Aluva 68310',
    'Aluva 012345',
    'Aluva 683  101',
    'Aluva 6831011',
  ]);

  const address = (deliveryLocation: string) =>
    checkoutFormSchema.safeParse({
      customerName: 'Anil Kumar',
      customerEmail: 'anil@example.com',
      customerPhone: '9847012345',
      deliveryLocation,
    });

  it('the checkout takes the 3 + 3 form and refuses an address without a pincode', () => {
    expect(address('12 MG Road, Aluva, Kerala 683 101').success).toBe(true);
    const refused = address('12 MG Road, Aluva, Kerala');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Delivery address must include a valid 6-digit pincode');
  });
});
