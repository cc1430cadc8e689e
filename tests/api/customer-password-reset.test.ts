// A customer who forgot their password asks for a one-time link by e-mail from the login page.
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { LinkPreview } from '#domains/account/schema.ts';
import { FORGOT_PASSWORD_SENT } from '#domains/staff/routes.server.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { HOUR, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';

const NEW_PASSWORD = 'coconut-shell-42';
const RAISED = { max: 1000, timeWindow: 60_000 };
type Refusal = { message: string };

describe.each(databaseKinds())('a customer’s password reset on %s', (kind) => {
  const clock = new TestClock();
  const ctx = suiteApp(kind, {
    seed: false,
    now: clock.now,
    config: { rateLimits: { register: RAISED, passwordResets: { max: 5, timeWindow: 15 * 60_000 } } },
  });
  let ip = 0;
  /** A visitor of its own (its own address and cookie), so that only the limit under test is reached. */
  const visitor = () => new Client(ctx.app, { ip: `10.0.0.${++ip}` });
  const ask = (email: string, client = visitor()) => client.post<{ message: string }>('/api/auth/forgot-password', { email });
  const mailsTo = (to: string) => ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
  const linkIn = async (to: string) => {
    const [mail] = await mailsTo(to);
    const match = /https?:\/\/\S+\/reset-password#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(match, mail?.text).not.toBeNull();
    return match![1]!;
  };
  const reset = (token: string, password = NEW_PASSWORD) =>
    visitor().post<Refusal & { username: string }>('/api/auth/reset-password', { token, password });

  beforeAll(async () => {
    await createAccount(ctx.services, { username: 'meera', email: 'meera@example.in', firstName: 'Meera' });
    await createAccount(ctx.services, { username: 'nila', email: 'nila@example.in' });
    await createAccount(ctx.services, { username: 'shop_staff', email: 'staff@example.in', role: 'staff' });
  });

  it('answers a known and an unknown address alike, and e-mails only the customer', async () => {
    const known = await ask('Meera@Example.in');
    const unknown = await ask('nobody@example.in');
    const staff = await ask('staff@example.in');
    for (const answer of [known, unknown, staff]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    const [mail] = await mailsTo('meera@example.in');
    expect(mail?.subject).toBe('Choose a new password for your Green Leaf Eco Tableware account');
    expect(mail?.text).toContain('Dear Meera,');
    expect(await mailsTo('nobody@example.in')).toHaveLength(0);
    expect(await mailsTo('staff@example.in')).toHaveLength(0);
    // The old password still works until the link is used: asking cannot lock anyone out.
    expect((await visitor().login('meera', STRONG_PASSWORD)).status).toBe(200);
    expect((await visitor().post<Refusal>('/api/auth/forgot-password', { email: 'not an address' })).status).toBe(400);
  });

  it('the link works once, with the sign-up password rule, and ends the customer’s other sessions', async () => {
    const phone = visitor();
    await phone.signIn('meera', STRONG_PASSWORD);
    await ask('meera@example.in');
    const token = await linkIn('meera@example.in');
    const preview = await visitor().post<LinkPreview>('/api/auth/password-reset', { token });
    expect(preview.body).toMatchObject({ purpose: 'password-reset', username: 'meera', role: 'user' });

    const short = await reset(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('Password must be at least 8 characters long');
    const done = await reset(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.username).toBe('meera');
    expect((await phone.status()).authenticated).toBe(false);
    expect((await visitor().login('meera', STRONG_PASSWORD)).status).toBe(401);
    expect((await visitor().login('meera', NEW_PASSWORD)).status).toBe(200);

    const again = await reset(token, 'another-password-9');
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(
      'This link has already been used. Log in with your new password, or ask for a new link from the login page.',
    );
  });

  it('refuses an expired link, one replaced by a newer one, and one whose password changed otherwise', async () => {
    await ask('nila@example.in');
    const expired = await linkIn('nila@example.in');
    clock.advance(24 * HOUR + 1000);
    const late = await reset(expired);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe('This link has expired. Ask for a new one from the login page.');

    await ask('nila@example.in');
    const first = await linkIn('nila@example.in');
    await ask('nila@example.in');
    const second = await linkIn('nila@example.in');
    expect((await reset(first)).status).toBe(404);

    clock.advance(1000);
    const nila = visitor();
    await nila.signIn('nila', STRONG_PASSWORD);
    const changed = await nila.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Rice-Bran&Thrissur88',
      confirmPassword: 'Rice-Bran&Thrissur88',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await reset(second)).status).toBe(410);
  });

  it('asked from a Malayalam page: the e-mail in Malayalam, its link to the Malayalam page; the link works', async () => {
    await createAccount(ctx.services, { username: 'lakshmi', email: 'lakshmi@example.in', firstName: 'Lakshmi' });
    const asked = await visitor().post<{ message: string }>('/api/auth/forgot-password', {
      email: 'lakshmi@example.in',
      language: 'ml',
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    const [mail] = await mailsTo('lakshmi@example.in');
    expect(mail?.subject).toBe('Green Leaf Eco Tableware അക്കൗണ്ടിന് പുതിയ പാസ്‌വേഡ് തിരഞ്ഞെടുക്കുക');
    expect(mail?.text).toContain('പ്രിയ Lakshmi,');
    expect(mail?.text).toContain('നിങ്ങൾ ഇത് ആവശ്യപ്പെട്ടില്ലെങ്കിൽ ഈ ഇമെയിൽ അവഗണിക്കാം');
    expect(mail?.html).toMatch(/^<!DOCTYPE html><html lang="ml-IN">/);
    const match = /https?:\/\/\S+\/ml\/reset-password#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    expect(match, mail?.text).not.toBeNull();
    expect((await reset(match![1]!)).status).toBe(200);
    // A language the shop does not have is refused, as any other field it does not know.
    const odd = await visitor().post<Refusal>('/api/auth/forgot-password', { email: 'lakshmi@example.in', language: 'ta' });
    expect(odd.status).toBe(400);
  });

  it('limits the requests per visitor and per address', async () => {
    const one = visitor();
    for (let n = 1; n <= 5; n++) expect((await ask(`someone${n}@example.in`, one)).status).toBe(202);
    expect((await ask('someone6@example.in', one)).status).toBe(429);

    for (let n = 1; n <= 3; n++) expect((await ask('target@example.in')).status).toBe(202);
    const flooded = await ask('TARGET@example.in');
    expect(flooded.status).toBe(429);
    expect(flooded.body.message).toContain('Too many links asked for this address.');
  });
});
