// POST /api/contact: the contact message, its rules and messages.
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { contactMessages } from '#domains/message/tables.ts';
import { outbox } from '#platform/mail/tables.ts';
import { csrfFor, type WriteCredentials } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { call, CONTACT_MESSAGE, type FieldRefusal, personFieldRefusals, validationError } from '#tests/support/enquiry.ts';

type Refusal = { message: string; errors: Record<string, string> };

describe.each(databaseKinds())('POST /api/contact on %s', (kind) => {
  /** The visitor sending the messages: its session and CSRF token. */
  let visitor: WriteCredentials;

  const ctx = suiteApp(kind, {
    seed: false,
    config: { rateLimits: { contact: { max: 100_000, timeWindow: 15 * 60_000 } } },
  });
  beforeAll(async () => {
    await ctx.services.mail.stop(); // these tests look at the queue, not at delivery
    visitor = await csrfFor(ctx.app);
  });

  const post = <T = { id: number; message: string }>(payload: unknown) =>
    call<T>(ctx.app, 'POST', '/api/contact', { payload: payload as Record<string, unknown>, headers: visitor.headers });
  const counts = async () => {
    const [messages] = await ctx.database.db.select({ n: count() }).from(contactMessages);
    const [mails] = await ctx.database.db.select({ n: count() }).from(outbox);
    return { messages: messages!.n, mails: mails!.n };
  };
  const stored = async (id: number) =>
    (await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;

  it('stores a valid message unseen and answers 201', async () => {
    const before = await counts();
    const started = Date.now();
    const response = await post(CONTACT_MESSAGE);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(Number), message: 'Message sent successfully!' });
    expect(await counts()).toEqual({ messages: before.messages + 1, mails: before.mails + 1 });
    const row = await stored(response.body.id);
    expect(row).toMatchObject({ ...CONTACT_MESSAGE, seen: false });
    expect(Math.abs(row.createdAt.getTime() - started)).toBeLessThan(60_000);
  });

  it.each(['bulk-order', 'product-info', 'custom-requirements', 'general'])(
    'accepts the inquiry type %s',
    async (inquiryType) => {
      const response = await post({ ...CONTACT_MESSAGE, inquiryType });
      expect(response.status).toBe(201);
      expect((await stored(response.body.id)).inquiryType).toBe(inquiryType);
    },
  );

  it('company is optional: omitted or empty is stored as null', async () => {
    const { company: _omit, ...withoutCompany } = CONTACT_MESSAGE;
    const omitted = await post(withoutCompany);
    expect(omitted.status).toBe(201);
    expect((await stored(omitted.body.id)).company).toBeNull();
    const empty = await post({ ...CONTACT_MESSAGE, company: '' });
    expect(empty.status).toBe(201);
    expect((await stored(empty.body.id)).company).toBeNull();
  });

  it.each(['94470 12345', '+91 94470-12345', '094470 12345'])('stores the phone %j as its 10 digits', async (phone) => {
    const response = await post({ ...CONTACT_MESSAGE, phone });
    expect(response.status).toBe(201);
    expect((await stored(response.body.id)).phone).toBe('9447012345');
  });

  it('stores the fields trimmed', async () => {
    const response = await post({
      ...CONTACT_MESSAGE,
      name: '  Suresh Nair ',
      email: ' suresh@cateringco.in',
      message: `  ${CONTACT_MESSAGE.message}  `,
    });
    expect(response.status).toBe(201);
    expect(await stored(response.body.id)).toMatchObject({
      name: 'Suresh Nair',
      email: 'suresh@cateringco.in',
      message: CONTACT_MESSAGE.message,
    });
  });

  const cases: FieldRefusal[] = [
    ...personFieldRefusals({ name: 'name', email: 'email', phone: 'phone' }),
    ['an unknown inquiry type', { inquiryType: 'complaint' }, { inquiryType: 'Please select an inquiry type' }],
    ['an empty inquiry type', { inquiryType: '' }, { inquiryType: 'Please select an inquiry type' }],
    ['a 9-character message', { message: 'Too short' }, { message: 'Message must be at least 10 characters' }],
    ['a message of spaces', { message: ' '.repeat(20) }, { message: 'Message must be at least 10 characters' }],
    ['a 5001-character message', { message: 'm'.repeat(5001) }, { message: 'Message must be at most 5000 characters' }],
    ['a 151-character company', { company: 'c'.repeat(151) }, { company: 'Must be at most 150 characters' }],
    ['a filled honeypot', { website: 'https://cheap-seo.example' }, { website: 'Invalid submission' }],
    ['a honeypot of one space', { website: ' ' }, { website: 'Invalid submission' }],
    ['an unknown field', { subject: 'Hello' }, { subject: "Unknown field 'subject'" }],
  ];

  it.each(cases)('refuses %s with 400 and the field message, storing nothing', async (_label, change, errors) => {
    const before = await counts();
    const response = await post<Refusal>({ ...CONTACT_MESSAGE, ...change });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationError('message', errors));
    expect(await counts()).toEqual(before);
  });

  it("answers 'Please select an inquiry type' when the inquiry type is missing", async () => {
    const { inquiryType: _omit, ...payload } = CONTACT_MESSAGE;
    const response = await post<Refusal>(payload);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationError('message', { inquiryType: 'Please select an inquiry type' }));
  });

  it('accepts an empty honeypot (the field people never see)', async () => {
    expect((await post({ ...CONTACT_MESSAGE, website: '' })).status).toBe(201);
  });

  it('names every wrong field at once, in form order', async () => {
    const response = await post<Refusal>({ name: 'S', email: 'x', phone: '123', inquiryType: 'nope', message: 'short' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      validationError('message', {
        name: 'Name must be at least 2 characters',
        email: 'Please enter a valid email address',
        phone: 'Phone number must be exactly 10 digits',
        inquiryType: 'Please select an inquiry type',
        message: 'Message must be at least 10 characters',
      }),
    );
  });
});
