// Session lifetimes: an admin session ends 4 hours after sign-in whatever the
// activity; a user session slides and ends after 30 days without a visit; a password change ends the others.
// The purge removes expired sessions, and guest sessions that hold nothing after a day.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { ANONYMOUS } from '#domains/account/model.ts';
import { cartItems } from '#domains/cart/tables.ts';
import { hashToken } from '#platform/session/service.ts';
import { sessions } from '#platform/session/tables.ts';
import { Client, createAccount, OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, HOUR, MINUTE, SECOND, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { catalogueIds, SESSION_COOKIE_NAME } from '#tests/support/enquiry.ts';
import { accountWithTwoFactor, codeAt } from '#tests/support/two-factor.ts';

describe.each(databaseKinds())('session lifetimes on %s', (kind) => {
  const clock = new TestClock();

  const ctx = suiteApp(kind, { seed: false, now: clock.now });

  const cookieExpiry = (client: Client, response: { raw: { cookies: Array<{ name: string; expires?: Date }> } }) => {
    const cookie = response.raw.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
    expect(cookie?.expires, `cookie of ${client.token}`).toBeInstanceOf(Date);
    return cookie!.expires!.getTime();
  };

  it('an admin session ends 4 hours after sign-in, however active it is', async () => {
    await createAccount(ctx.services, { username: 'admin_four', role: 'admin' });
    const client = new Client(ctx.app);
    await client.csrfToken();
    const signedInAt = clock.now().getTime();
    const login = await client.login('admin_four', STRONG_PASSWORD);
    expect(login.status).toBe(200);
    // Floor to whole seconds: cookie dates carry no milliseconds.
    expect(cookieExpiry(client, login)).toBe(Math.floor((signedInAt + 4 * HOUR) / 1000) * 1000);

    for (const at of [1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR - SECOND]) {
      clock.set(signedInAt + at);
      const status = await client.status();
      expect(status, `${at / MINUTE} minutes after sign-in`).toMatchObject({ authenticated: true, isAdmin: true });
      expect((await client.get('/api/admin/security-logs')).status).toBe(200);
    }
    clock.set(signedInAt + 4 * HOUR + SECOND);
    expect(await client.status()).toEqual(ANONYMOUS);
    expect((await client.get('/api/admin/security-logs')).status).toBe(401);
  });

  it('an admin who verified a code later still ends 4 hours after the password', async () => {
    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'admin_code', role: 'admin' }, clock);

    const client = new Client(ctx.app);
    const signedInAt = clock.now().getTime();
    expect((await client.signIn('admin_code', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
    clock.set(signedInAt + 5 * MINUTE);
    const verified = await client.verify(codeAt(manualEntryKey, clock.now()));
    expect(verified.status).toBe(200);
    expect(cookieExpiry(client, verified)).toBe(Math.floor((signedInAt + 4 * HOUR) / 1000) * 1000);

    for (const at of [1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR - SECOND]) {
      clock.set(signedInAt + at);
      expect(await client.status()).toMatchObject({ authenticated: true, twoFactorVerified: true });
    }
    clock.set(signedInAt + 4 * HOUR + SECOND);
    expect(await client.status()).toEqual(ANONYMOUS);
  });

  it('a user session outlives 4 hours while used, and ends after 30 days without a visit', async () => {
    await createAccount(ctx.services, { username: 'user_thirty' });
    const client = new Client(ctx.app);
    const signedInAt = clock.now().getTime();
    const login = await client.login('user_thirty', STRONG_PASSWORD);
    expect(login.status).toBe(200);
    expect(cookieExpiry(client, login)).toBe(Math.floor((signedInAt + 30 * DAY) / 1000) * 1000);

    for (const at of [1 * HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR + SECOND, 5 * HOUR, 8 * HOUR]) {
      clock.set(signedInAt + at);
      expect((await client.status()).authenticated, `${at / MINUTE} minutes after sign-in`).toBe(true);
    }
    // 29 days without a visit: still signed in (and the visit starts the 30 days again).
    const lastVisit = clock.set(signedInAt + 8 * HOUR + 29 * DAY).getTime();
    expect((await client.status()).authenticated).toBe(true);
    // Now 30 days and a second without one: gone.
    clock.set(lastVisit + 30 * DAY + SECOND);
    expect(await client.status()).toEqual(ANONYMOUS);
  });

  it("a password change ends the account's other sessions, not the current one, which gets a new token", async () => {
    await createAccount(ctx.services, { username: 'user_devices' });
    await createAccount(ctx.services, { username: 'user_bystander' });
    const laptop = new Client(ctx.app);
    const phone = new Client(ctx.app);
    const bystander = new Client(ctx.app);
    await laptop.signIn('user_devices', STRONG_PASSWORD);
    await phone.signIn('user_devices', STRONG_PASSWORD);
    await bystander.signIn('user_bystander', STRONG_PASSWORD);
    const before = laptop.token!;

    const response = await laptop.post<{ message: string }>('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
      confirmPassword: OTHER_STRONG_PASSWORD,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(laptop.token).toBeDefined();
    expect(laptop.token).not.toBe(before);

    expect(await laptop.status()).toMatchObject({ authenticated: true, user: { username: 'user_devices' } });
    expect(await laptop.withToken(before).status()).toEqual(ANONYMOUS);
    expect(await phone.status()).toEqual(ANONYMOUS);
    expect(await bystander.status()).toMatchObject({ authenticated: true, user: { username: 'user_bystander' } });
  });
});

describe.each(databaseKinds())('purge of sessions on %s', (kind) => {
  const clock = new TestClock();

  const ctx = suiteApp(kind, { now: clock.now });

  // Read from the table: a request would count as a visit.
  const stored = async (client: Client) =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(client.token!)))
    )[0]!.n === 1;
  const cartLines = async () => (await ctx.database.db.select({ n: count() }).from(cartItems))[0]!.n;

  it('removes a guest session that holds nothing after a day without a visit; carts and accounts stay until they expire', async () => {
    await createAccount(ctx.services, { username: 'user_purge' });
    const ids = await catalogueIds(ctx.database.db);
    const start = clock.now().getTime();
    // Only a token (nothing stored), and a session stored by a write that left the cart empty.
    const looking = new Client(ctx.app);
    await looking.csrfToken();
    const browsing = new Client(ctx.app);
    expect((await browsing.post('/api/cart', { productId: ids.product('Bagasse Cup 200 ml'), quantity: 1 })).status).toBe(201);
    expect((await browsing.request('DELETE', '/api/cart')).status).toBe(200);
    const shopping = new Client(ctx.app);
    expect((await shopping.post('/api/cart', { productId: ids.product('Bagasse Cup 200 ml'), quantity: 2 })).status).toBe(201);
    const member = new Client(ctx.app);
    await member.signIn('user_purge', STRONG_PASSWORD);

    clock.set(start + DAY - MINUTE);
    expect(await ctx.services.sessions.purgeStale()).toBe(0);
    clock.set(start + DAY + MINUTE);
    expect(await ctx.services.sessions.purgeStale()).toBe(1);
    expect([await stored(browsing), await stored(shopping), await stored(member)]).toEqual([false, true, true]);

    // It cost its visitor nothing: the same cookie goes on working, and its next write stores its session again.
    const returning = browsing.withToken(browsing.token);
    expect((await returning.post('/api/cart', { productId: ids.product('Bagasse Cup 200 ml'), quantity: 1 })).status).toBe(201);
    expect(returning.token).toBe(browsing.token);
    expect(await stored(returning)).toBe(true);

    clock.set(start + 30 * DAY + MINUTE);
    expect(await ctx.services.sessions.purgeStale()).toBe(2);
    expect([await stored(shopping), await stored(member)]).toEqual([false, false]);
    // The returning visitor's cart (seen later) is all that is left.
    expect(await cartLines()).toBe(1);
  });
});
