import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

import { CHECKOUT_DETAILS as CHECKOUT } from '#domains/enquiry/checkout-details.fixture.ts';
import { messages } from '#lib/schemas/messages.fixture.ts';
import { PHONE_LENGTH_MESSAGE } from '#lib/schemas/text.ts';

import {
  checkoutFormSchema,
  contactPayloadSchema,
  contactSchema,
  enquiryLineInputSchema,
  enquiryPayloadSchema,
} from './schema.ts';

/** The first message of each failing field, as the API and the forms show it. */
function firstMessages(schema: z.ZodType, input: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(messages(schema, input)).map(([field, list]) => [field, list[0]!]));
}

const NAME_MIN = 'Name must be at least 2 characters';
const EMAIL = 'Please enter a valid email address';
const MOBILE = 'Please enter a valid 10-digit mobile number starting with 6-9';
const ADDRESS_MIN = 'Please provide complete delivery address including street, area, city, state, and pincode';
const PINCODE = 'Delivery address must include a valid 6-digit pincode';

describe('checkoutFormSchema', () => {
  it('accepts a complete form, trimmed, with specialRequests, the business name and the GSTIN optional', () => {
    expect(checkoutFormSchema.parse(CHECKOUT)).toEqual({ ...CHECKOUT, customerGstin: null, customerBusinessName: null });
    expect(checkoutFormSchema.parse({ ...CHECKOUT, specialRequests: '' })).toEqual({
      ...CHECKOUT,
      specialRequests: '',
      customerGstin: null,
      customerBusinessName: null,
    });
    expect(checkoutFormSchema.parse({ ...CHECKOUT, customerName: '  Anitha  ', customerPhone: ' 9847012345 ' })).toMatchObject({
      customerName: 'Anitha',
      customerPhone: '9847012345',
    });
  });

  it('reports the fields in form order', () => {
    expect(
      Object.keys(messages(checkoutFormSchema, { customerName: '', customerEmail: '', customerPhone: '', deliveryLocation: '' })),
    ).toEqual(['customerName', 'customerEmail', 'customerPhone', 'deliveryLocation']);
  });

  describe('customerGstin', () => {
    it.each([[undefined], [null], [''], ['   ']])('reads %j as none', (customerGstin) => {
      expect(checkoutFormSchema.parse({ ...CHECKOUT, customerGstin }).customerGstin).toBeNull();
    });
    it.each([['32aaacg1234a1zn'], [' 32AAACG 1234A1ZN '], ['32AAACG1234A1ZN']])('keeps %j as 32AAACG1234A1ZN', (typed) => {
      expect(checkoutFormSchema.parse({ ...CHECKOUT, customerGstin: typed }).customerGstin).toBe('32AAACG1234A1ZN');
    });
    it.each([
      ['32AAACG1234A1Z', /15 characters/],
      ['99AAACG1234A1ZN', /99 is not a GST state code/],
      ['32AAACG1234A1ZM', /check character/],
      ['x'.repeat(41), /too long/],
    ])('refuses %j', (customerGstin, message) => {
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerGstin }).customerGstin).toMatch(message);
    });
  });

  describe('customerBusinessName', () => {
    it.each([[undefined], [null], [''], ['   ']])('reads %j as none', (customerBusinessName) => {
      expect(checkoutFormSchema.parse({ ...CHECKOUT, customerBusinessName }).customerBusinessName).toBeNull();
    });
    it('keeps a name as typed, trimmed, and refuses one over 200 characters or not text', () => {
      expect(checkoutFormSchema.parse({ ...CHECKOUT, customerBusinessName: '  Menon Caterers LLP ' }).customerBusinessName).toBe(
        'Menon Caterers LLP',
      );
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerBusinessName: 'x'.repeat(201) })).toEqual({
        customerBusinessName: 'Business name must be at most 200 characters',
      });
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerBusinessName: 5 })).toEqual({
        customerBusinessName: 'Business name must be text',
      });
    });
  });

  describe('customerName', () => {
    it.each([[''], ['A'], ['  A  '], ['   ']])('refuses %j: at least 2 characters', (customerName) => {
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerName })).toEqual({ customerName: NAME_MIN });
    });
    it('accepts 2 and 100 characters, refuses 101', () => {
      expect(checkoutFormSchema.safeParse({ ...CHECKOUT, customerName: 'Al' }).success).toBe(true);
      expect(checkoutFormSchema.safeParse({ ...CHECKOUT, customerName: 'a'.repeat(100) }).success).toBe(true);
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerName: 'a'.repeat(101) })).toEqual({
        customerName: 'Name must be at most 100 characters',
      });
    });
  });

  describe('customerEmail', () => {
    it.each([
      [''],
      ['anitha'],
      ['anitha@'],
      ['@example.in'],
      ['anitha@example'],
      ['anitha example@x.in'],
      [`${'a'.repeat(250)}@x.in`],
    ])('refuses %j', (customerEmail) => {
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerEmail })).toEqual({ customerEmail: EMAIL });
    });
    it.each([['a.b+tag@mail.example.co.in'], ['  anitha@example.in  ']])('accepts %j', (customerEmail) => {
      expect(checkoutFormSchema.safeParse({ ...CHECKOUT, customerEmail }).success).toBe(true);
    });
  });

  describe('customerPhone: exactly 10 digits first, then starting with 6-9', () => {
    it.each([[''], ['12345'], ['984701234'], ['98470123456'], ['98470 1234'], ['+4498470123'], ['abcdefghij']])(
      'refuses %j as not 10 digits',
      (customerPhone) => {
        expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerPhone })).toEqual({
          customerPhone: PHONE_LENGTH_MESSAGE,
        });
      },
    );
    it.each([['98470-12345'], ['+919847012345']])(
      'reads %j as its 10 digits (typed as people write it, with a dash or +91)',
      (customerPhone) => {
        expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, customerPhone })).toEqual({});
      },
    );
    it('says only "exactly 10 digits" first even when the number also starts wrong', () => {
      expect(messages(checkoutFormSchema, { ...CHECKOUT, customerPhone: '12345' }).customerPhone![0]).toBe(
        'Phone number must be exactly 10 digits',
      );
    });
    it.each([['0123456789'], ['1234567890'], ['5123456789']])('refuses %j as not a mobile number', (customerPhone) => {
      expect(messages(checkoutFormSchema, { ...CHECKOUT, customerPhone })).toEqual({ customerPhone: [MOBILE] });
    });
    it.each([['6000000000'], ['7012345678'], ['8123456789'], ['9999999999']])('accepts %j', (customerPhone) => {
      expect(checkoutFormSchema.safeParse({ ...CHECKOUT, customerPhone }).success).toBe(true);
    });
  });

  describe('deliveryLocation: at least 10 characters, then a 6-digit pincode', () => {
    it.each([[''], ['Kochi'], ['Kochi 682'], ['  682024  ']])('refuses %j as too short', (deliveryLocation) => {
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, deliveryLocation })).toEqual({ deliveryLocation: ADDRESS_MIN });
    });
    it.each([
      ['Temple Road, Kochi, Kerala'],
      ['Temple Road, Kochi 68202'],
      ['Temple Road, Kochi 6820241'],
      ['Phone 98470 12345, Kochi'],
    ])('refuses %j without a 6-digit pincode', (deliveryLocation) => {
      expect(messages(checkoutFormSchema, { ...CHECKOUT, deliveryLocation })).toEqual({ deliveryLocation: [PINCODE] });
    });
    it.each([
      ['682024 Kochi, Kerala'],
      ['Temple Road, Kochi-682024'],
      ['Temple Road, Kochi, Kerala 682024.'],
      ['12 Road,682024,Kochi'],
    ])('accepts %j', (deliveryLocation) => {
      expect(checkoutFormSchema.safeParse({ ...CHECKOUT, deliveryLocation }).success).toBe(true);
    });
    it('refuses more than 500 characters', () => {
      expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, deliveryLocation: `682024 ${'x'.repeat(500)}` })).toEqual({
        deliveryLocation: 'Delivery address must be at most 500 characters',
      });
    });
  });

  it('specialRequests: optional, at most 1000 characters', () => {
    expect(checkoutFormSchema.safeParse({ ...CHECKOUT, specialRequests: 'r'.repeat(1000) }).success).toBe(true);
    expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, specialRequests: 'r'.repeat(1001) })).toEqual({
      specialRequests: 'Must be at most 1000 characters',
    });
  });

  it('the honeypot must stay empty', () => {
    expect(checkoutFormSchema.safeParse({ ...CHECKOUT, website: '' }).success).toBe(true);
    expect(firstMessages(checkoutFormSchema, { ...CHECKOUT, website: 'x' })).toEqual({ website: 'Invalid submission' });
  });
});

const CONTACT = {
  name: 'Suresh Nair',
  email: 'suresh@cateringco.in',
  phone: '9447012345',
  inquiryType: 'bulk-order',
  message: 'Please quote for 40 cartons.',
};

describe('contactSchema', () => {
  it('accepts a message, company optional', () => {
    expect(contactSchema.parse(CONTACT)).toEqual(CONTACT);
    expect(contactSchema.parse({ ...CONTACT, company: 'Nair Caterers' })).toEqual({ ...CONTACT, company: 'Nair Caterers' });
  });

  it.each(['bulk-order', 'product-info', 'custom-requirements', 'general'])('accepts the inquiry type %s', (inquiryType) => {
    expect(contactSchema.safeParse({ ...CONTACT, inquiryType }).success).toBe(true);
  });

  it.each([
    ['name', 'S', NAME_MIN],
    ['email', 'suresh@', EMAIL],
    ['phone', '12345', PHONE_LENGTH_MESSAGE],
    ['phone', '94470123456', PHONE_LENGTH_MESSAGE],
    ['phone', '', PHONE_LENGTH_MESSAGE],
    ['inquiryType', '', 'Please select an inquiry type'],
    ['inquiryType', 'Bulk Order Quote', 'Please select an inquiry type'],
    ['inquiryType', undefined, 'Please select an inquiry type'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['message', '   short     ', 'Message must be at least 10 characters'],
    ['message', 'm'.repeat(5001), 'Message must be at most 5000 characters'],
    ['company', 'c'.repeat(151), 'Must be at most 150 characters'],
    ['website', 'spam', 'Invalid submission'],
  ])('refuses %s %j', (field, value, message) => {
    expect(firstMessages(contactSchema, { ...CONTACT, [field]: value })).toEqual({ [field]: message });
  });

  it('takes any phone of exactly 10 digits (no 6-9 rule on the contact form)', () => {
    expect(contactSchema.safeParse({ ...CONTACT, phone: '0484123456' }).success).toBe(true);
  });

  it('reports the fields in form order', () => {
    expect(Object.keys(messages(contactSchema, {}))).toEqual(['name', 'email', 'phone', 'inquiryType', 'message']);
  });

  it('contactPayloadSchema (the API) refuses unknown fields; the form schema ignores them', () => {
    expect(contactSchema.safeParse({ ...CONTACT, subject: 'x' }).success).toBe(true);
    expect(firstMessages(contactPayloadSchema, { ...CONTACT, subject: 'x' })).toEqual({ '': 'Unrecognized key: "subject"' });
  });
});

const LINE = {
  productId: 1,
  productName: 'Areca Leaf Round Plate',
  quantity: 3,
  price: '560.00',
  variationId: 2,
  variationName: 'Size',
  variationType: 'size',
  variationValue: '8 inch',
  unitsPerCarton: 100,
  unitType: 'plates',
  pricePerUnit: '5.60',
  cartonWeight: '2.40',
  cartonDimensions: '22 x 22 x 34 cm',
};
const PAYLOAD = {
  ...CHECKOUT,
  specialRequests: 'Before Sunday',
  customerGstin: '32AAACG1234A1ZN',
  customerBusinessName: 'Menon Caterers LLP',
  items: [LINE],
  subtotal: '1680.00',
  tax: '0.00',
  total: '1680.00',
  isGuest: true,
  userId: null,
  sessionId: 'guest_abc',
  orderIdPrefix: 1000,
};

describe('enquiryPayloadSchema', () => {
  it('accepts the whole payload, and a line with only its required fields', () => {
    expect(enquiryPayloadSchema.parse(PAYLOAD)).toEqual(PAYLOAD);
    const minimal = { productId: 1, productName: 'Cup', quantity: 1, price: '260.00' };
    const {
      sessionId: _s,
      orderIdPrefix: _p,
      specialRequests: _r,
      customerGstin: _g,
      customerBusinessName: _b,
      ...required
    } = PAYLOAD;
    expect(enquiryPayloadSchema.parse({ ...required, items: [minimal] })).toEqual({
      ...required,
      items: [minimal],
      customerGstin: null,
      customerBusinessName: null,
    });
    expect(
      enquiryPayloadSchema.safeParse({
        ...PAYLOAD,
        items: [{ ...LINE, variationId: null, variationName: null, cartonWeight: null }],
      }).success,
    ).toBe(true);
  });

  it('applies the checkout rules', () => {
    expect(
      firstMessages(enquiryPayloadSchema, { ...PAYLOAD, customerPhone: '5123456789', deliveryLocation: 'Temple Road, Kochi' }),
    ).toEqual({
      customerPhone: MOBILE,
      deliveryLocation: PINCODE,
    });
  });

  it('is strict at the top level and in each line', () => {
    expect(messages(enquiryPayloadSchema, { ...PAYLOAD, discount: '10' })).toEqual({ '': ['Unrecognized key: "discount"'] });
    expect(messages(enquiryPayloadSchema, { ...PAYLOAD, items: [{ ...LINE, lineTotal: '1.00' }] })).toEqual({
      'items.0': ['Unrecognized key: "lineTotal"'],
    });
  });

  it.each([
    [{ items: [] }, { items: 'Add at least one product to the enquiry' }],
    [{ items: Array(51).fill(LINE) }, { items: 'At most 50 lines per enquiry' }],
    [{ items: undefined }, { items: 'Invalid input: expected array, received undefined' }],
    [{ subtotal: '12.345' }, { subtotal: 'Must be an amount like 450.00' }],
    [{ total: '-1.00' }, { total: 'Must be an amount like 450.00' }],
    [{ tax: '1e3' }, { tax: 'Must be an amount like 450.00' }],
    [{ isGuest: 'yes' }, { isGuest: 'Invalid input: expected boolean, received string' }],
    [{ userId: 0 }, { userId: 'Must be a positive number' }],
    [{ userId: undefined }, { userId: 'Must be a whole number' }],
    [{ sessionId: 's'.repeat(101) }, { sessionId: 'Too big: expected string to have <=100 characters' }],
    [{ orderIdPrefix: 999 }, { orderIdPrefix: 'Invalid input: expected 1000' }],
  ])('refuses %j', (change, errors) => {
    expect(firstMessages(enquiryPayloadSchema, { ...PAYLOAD, ...change })).toEqual(errors);
  });

  it.each([
    [{ quantity: 0 }, { 'items.0.quantity': 'Quantity must be at least 1' }],
    [{ quantity: 1000 }, { 'items.0.quantity': 'Quantity must be at most 999' }],
    [{ quantity: 2.5 }, { 'items.0.quantity': 'Quantity must be a whole number' }],
    [{ productId: -4 }, { 'items.0.productId': 'Must be a positive number' }],
    [{ price: '560' }, {}],
    [{ price: '560.5' }, {}],
    [{ price: '5600000000.00' }, { 'items.0.price': 'Must be an amount like 450.00' }],
    [{ price: '560.001' }, { 'items.0.price': 'Must be an amount like 450.00' }],
    [{ pricePerUnit: 'free' }, { 'items.0.pricePerUnit': 'Must be an amount like 450.00' }],
    [{ unitsPerCarton: 0 }, { 'items.0.unitsPerCarton': 'Too small: expected number to be >=1' }],
    [{ productName: 'p'.repeat(201) }, { 'items.0.productName': 'Must be at most 200 characters' }],
  ])('checks each line: %j', (change, errors) => {
    expect(firstMessages(enquiryPayloadSchema, { ...PAYLOAD, items: [{ ...LINE, ...change }] })).toEqual(errors);
  });

  it('enquiryLineInputSchema trims its texts', () => {
    expect(enquiryLineInputSchema.parse({ ...LINE, productName: '  Cup  ' }).productName).toBe('Cup');
  });
});
