import { describe, expect, it } from 'vitest';

import { registerPayloadSchema } from '#domains/account/schema.ts';
import { CHECKOUT_DETAILS } from '#domains/enquiry/checkout-details.fixture.ts';
import { checkoutFormSchema, contactSchema } from '#domains/enquiry/schema.ts';
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  multiLine,
  nationalPhone,
  SINGLE_LINE_MESSAGE,
  singleLine,
  wellFormed,
} from '#lib/schemas/text.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('singleLine', () => {
  const schema = singleLine().trim();
  it.each(['Asha Rao', 'Café Ünal', 'a\u00a0b', '  padded  ', 'trailing newline\n', '\r\nleading break'])(
    'accepts %j',
    (value) => {
      expect(schema.parse(value)).toBe(value.trim());
    },
  );
  it.each([
    'nul\u0000inside',
    '\u0000',
    'two\nlines',
    'two\r\nlines',
    'tab\there',
    'bell\u0007',
    'del\u007f',
    'ls\u2028x',
    'end\u0000',
  ])('refuses %j once, with its message', (value) => {
    expect(issuesOf(schema.safeParse(value))).toEqual([['', SINGLE_LINE_MESSAGE]]);
  });
  it('stops at the refusal: no length message repeats it', () => {
    expect(issuesOf(singleLine().trim().min(5, 'too short').safeParse('a\nb'))).toEqual([['', SINGLE_LINE_MESSAGE]]);
  });
});

describe('multiLine', () => {
  const schema = multiLine().trim();
  it.each(['one line', 'two\nlines', 'windows\r\nlines', 'a\ttab', 'para\n\npara'])('accepts %j', (value) => {
    expect(schema.parse(value)).toBe(value.trim());
  });
  it.each(['nul\u0000inside', 'bell\u0007', 'escape\u001b[31m', 'del\u007f', 'vt\u000bx', 'ff\u000cx'])('refuses %j', (value) => {
    expect(issuesOf(schema.safeParse(value))).toEqual([['', CONTROL_CHARACTER_MESSAGE]]);
  });
});

describe('whole characters only', () => {
  const schemas = { wellFormed: wellFormed(), singleLine: singleLine().trim(), multiLine: multiLine().trim() };
  it.each(Object.entries(schemas))('%s refuses a lone half of a surrogate pair, high or low, anywhere', (_, schema) => {
    for (const value of ['\uD800', '\uDC00', 'Asha \uD83D', '\uDE00 Rao', 'a\uDBFFb', '\uDC00\uD800', '🌿\uD800'])
      expect(issuesOf(schema.safeParse(value)), JSON.stringify(value)).toEqual([['', BROKEN_CHARACTER_MESSAGE]]);
  });
  it.each(Object.entries(schemas))('%s keeps whole pairs: emoji and letters outside the first plane', (_, schema) => {
    for (const value of ['🌿 Green Leaf', '𝒜𝒷', 'നന്ദി 🙏', '\uD83D\uDE00']) expect(schema.parse(value)).toBe(value);
  });
});

describe('the shared schemas use the rule', () => {
  const checkout = {
    ...CHECKOUT_DETAILS,
    deliveryLocation: '12 MG Road\nKochi, Kerala 682001',
    specialRequests: 'Ring first.\nGate 2.',
  };
  it('checkout: names are one line, the address and special requests keep their line breaks', () => {
    expect(checkoutFormSchema.parse(checkout)).toMatchObject(checkout);
    expect(issuesOf(checkoutFormSchema.safeParse({ ...checkout, customerName: 'Asha\nBcc: x@y.z' }))).toEqual([
      ['customerName', SINGLE_LINE_MESSAGE],
    ]);
    expect(issuesOf(checkoutFormSchema.safeParse({ ...checkout, specialRequests: 'a\u0000b' }))).toEqual([
      ['specialRequests', CONTROL_CHARACTER_MESSAGE],
    ]);
  });
  it('contact: the name refuses NUL, the message keeps line breaks and refuses NUL', () => {
    const contact = {
      name: 'Suresh',
      email: 's@x.in',
      phone: '9447012345',
      inquiryType: 'general',
      message: 'Hello,\nplease call.',
    };
    expect(contactSchema.parse(contact)).toMatchObject(contact);
    expect(issuesOf(contactSchema.safeParse({ ...contact, name: 'Sur\u0000esh', company: 'Co\u0000' }))).toEqual([
      ['name', SINGLE_LINE_MESSAGE],
      ['company', SINGLE_LINE_MESSAGE],
    ]);
    expect(issuesOf(contactSchema.safeParse({ ...contact, message: 'Hello,\u0000please call.' }))).toEqual([
      ['message', CONTROL_CHARACTER_MESSAGE],
    ]);
  });
  it('registration names are one line', () => {
    const payload = { firstName: 'A\nB', lastName: 'Rao\u0000', username: 'asha', email: 'a@b.in', password: 'long enough' };
    expect(issuesOf(registerPayloadSchema.safeParse(payload))).toEqual([
      ['firstName', SINGLE_LINE_MESSAGE],
      ['lastName', SINGLE_LINE_MESSAGE],
    ]);
  });
});

describe('phone numbers as people type them', () => {
  const contact = { name: 'Suresh', email: 's@x.in', inquiryType: 'general', message: 'Hello, please call.' };
  it.each([
    ['9847012345', '9847012345'],
    ['98470 12345', '9847012345'],
    ['+91 9847012345', '9847012345'],
    ['+91 98470-12345', '9847012345'],
    ['91 98470 12345', '9847012345'],
    ['098470 12345', '9847012345'],
    ['(984) 701-2345', '9847012345'],
  ])('%s is read as %s', (typed, digits) => {
    expect(nationalPhone(typed)).toBe(digits);
    expect(contactSchema.parse({ ...contact, phone: typed }).phone).toBe(digits);
  });
  it.each(['984701234', '+44 9847012345', '98470123456', 'nine eight four'])('%s stays as typed and is refused', (typed) => {
    expect(nationalPhone(typed)).toBe(typed);
    expect(issuesOf(contactSchema.safeParse({ ...contact, phone: typed }))).toEqual([
      ['phone', 'Phone number must be exactly 10 digits'],
    ]);
  });
  it('the checkout keeps its 6-9 rule after reading the digits', () => {
    const checkout = { customerName: 'Suresh', customerEmail: 's@x.in', deliveryLocation: 'MG Road, Aluva 683101' };
    expect(checkoutFormSchema.parse({ ...checkout, customerPhone: '+91 98470 12345' }).customerPhone).toBe('9847012345');
    expect(issuesOf(checkoutFormSchema.safeParse({ ...checkout, customerPhone: '+91 58470 12345' }))).toEqual([
      ['customerPhone', 'Please enter a valid 10-digit mobile number starting with 6-9'],
    ]);
  });
});
