// Sign-in, sign-out and the auth status: POST /api/auth/login and
// /logout, GET /api/auth/status, session fixation and the guest cart joining the account's at sign-in.
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { ANONYMOUS, type AuthStatus, type PublicUser } from '#domains/account/model.ts';
import { INVALID_CREDENTIALS } from '#domains/account/service.server.ts';
import type { CartItem } from '#domains/cart/model.ts';
import { sessions } from '#platform/session/tables.ts';
import { Client, createAccount, PUBLIC_USER_KEYS, STATUS_KEYS, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { MINUTE, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { type CatalogueIds, catalogueIds, SESSION_COOKIE_NAME } from '#tests/support/enquiry.ts';
import { eventsOf, eventTypesOf } from '#tests/support/security-log.ts';
import { accountWithTwoFactor, codeAt } from '#tests/support/two-factor.ts';

const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
const NOODLE = 'Kraft Paper Noodle Box 750 ml';

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

describe.each(databaseKinds())('sign-in, sign-out and status on %s', (kind) => {
  /** The sessions table's rows for this cookie token (it keeps only the token's hash). */
  const sessionsOf = (token: string) =>
    ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
  let ids: CatalogueIds;
  const clock = new TestClock();
  let priya: { id: number; username: string; password: string };
  let admin: { id: number; username: string; password: string };
  let secret: string;

  const ctx = suiteApp(kind, { now: clock.now, config: { rateLimits: { cart: { max: 100_000, timeWindow: 60_000 } } } });
  beforeAll(async () => {
    ids = await catalogueIds(ctx.database.db);
    priya = await createAccount(ctx.services, { username: 'priya', firstName: 'Priya', lastName: 'Varma' });
    admin = await createAccount(ctx.services, { username: 'ravi_admin', role: 'admin', firstName: 'Ravi' });
    secret = (await accountWithTwoFactor(ctx, { username: 'leela_admin', role: 'admin', firstName: 'Leela' }, clock))
      .manualEntryKey;
  });

  describe('POST /api/auth/login', () => {
    it("signs in with the account's e-mail address too, in any case, as the same account", async () => {
      const client = new Client(ctx.app);
      const response = await client.login('  PRIYA@example.IN ', priya.password);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.user).toMatchObject({ id: priya.id, username: 'priya' });
      expect((await eventsOf(ctx.database.db, 'priya')).at(-1)).toMatchObject({ eventType: 'LOGIN_SUCCESS' });
      const wrong = await new Client(ctx.app).login('priya@example.in', 'not-her-password');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ message: INVALID_CREDENTIALS });
    });

    it('answers 200 {user, requiresTwoFactor: false} with the public fields only, and logs LOGIN_SUCCESS', async () => {
      const client = new Client(ctx.app, { ip: '198.51.100.10', userAgent: 'LoginTest/2.0' });
      const response = await client.login('priya', priya.password);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['requiresTwoFactor', 'user']);
      expect(response.body.requiresTwoFactor).toBe(false);
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(response.body.user).toEqual({
        id: priya.id,
        username: 'priya',
        email: 'priya@example.in',
        firstName: 'Priya',
        lastName: 'Varma',
        role: 'user',
        twoFactorEnabled: false,
      } satisfies PublicUser);
      expect(response.raw.body).not.toContain(priya.password);
      expect(response.raw.body).not.toMatch(/argon2|hash|secret/i);
      const events = await eventsOf(ctx.database.db, 'priya');
      expect(events.at(-1)).toEqual({
        eventType: 'LOGIN_SUCCESS',
        severity: 'low',
        username: 'priya',
        ipAddress: '198.51.100.10',
        userAgent: 'LoginTest/2.0',
      });
    });

    it('matches the username case-insensitively', async () => {
      const response = await new Client(ctx.app).login('PRIYA', priya.password);
      expect(response.status).toBe(200);
      expect(response.body.user.username).toBe('priya');
    });

    it('sets an HttpOnly, SameSite=Lax session cookie for / with a NEW token: the pre-login cookie stops working', async () => {
      const client = new Client(ctx.app);
      const preCsrf = await client.csrfToken();
      const pre = client.token!;
      // A visitor's signed token (nothing stored for it yet).
      expect(pre).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
      const response = await client.login('priya', priya.password);
      expect(response.status).toBe(200);
      const cookie = response.raw.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.value).not.toBe(pre);
      expect(client.token).toBe(cookie.value);

      // The new cookie is signed in; the old one is no stored session (never the account's: at most a new, empty
      // visitor's, as anyone's first token is).
      expect((await client.status()).user?.username).toBe('priya');
      const attacker = client.withToken(pre);
      expect(await attacker.status()).toEqual(ANONYMOUS);
      expect((await attacker.get<CartItem[]>('/api/cart')).body).toEqual([]);
      const [old] = await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(pre)));
      expect(old).toBeUndefined();
      // Its CSRF token reaches nothing of the account's, and the signed-in session's token differs.
      const refused = await attacker.post('/api/auth/logout', undefined, { csrf: false, headers: { 'x-csrf-token': preCsrf } });
      expect(refused.status).toBeLessThan(500);
      const crossed = await client.post('/api/auth/logout', undefined, { csrf: false, headers: { 'x-csrf-token': preCsrf } });
      expect(crossed.status).toBe(403);
      expect((await client.status()).authenticated).toBe(true);
      expect(await client.csrfToken()).not.toBe(preCsrf);
    });

    it('answers a wrong password and an unknown username alike: 401, same body, similar time', async () => {
      const wrong = new Client(ctx.app, { ip: '198.51.100.20' });
      const unknown = new Client(ctx.app, { ip: '198.51.100.21' });
      const wrongResponse = await wrong.login('priya', 'Not-Her-Password-1');
      const unknownResponse = await unknown.login('nobody_here', 'Not-Her-Password-1');
      expect(wrongResponse.status).toBe(401);
      expect(unknownResponse.status).toBe(401);
      expect(wrongResponse.body).toEqual({ message: INVALID_CREDENTIALS });
      expect(unknownResponse.body).toEqual(wrongResponse.body);
      expect(unknownResponse.raw.headers['retry-after']).toBeUndefined();
      expect((await wrong.status()).authenticated).toBe(false);
      expect((await unknown.status()).authenticated).toBe(false);

      // Timing: an unknown name costs a password check too. Each try comes after the throttle forgot the last.
      await wrong.csrfToken();
      await unknown.csrfToken();
      const times = { wrong: [] as number[], unknown: [] as number[] };
      // Fifteen of each, taking turns at going first: on a busy machine a try can take three times its work's cost,
      // and seven were sometimes not enough for the fastest of each to be undisturbed.
      for (let i = 0; i < 15; i++) {
        const round = [
          ['wrong', wrong, 'priya'],
          ['unknown', unknown, `ghost${i}`],
        ] as const;
        for (const [which, client, username] of i % 2 ? [...round].reverse() : round) {
          clock.advance(16 * MINUTE);
          const started = performance.now();
          const response = await client.login(username, `Wrong-Password-${i}`);
          times[which].push(performance.now() - started);
          expect(response.status).toBe(401);
        }
      }
      // The middle try of each: a busy machine's delays fall on both paths alike, taking turns, and the middle of
      // fifteen is steady where the fastest was not (two done checks' fastest came out 2.2 times apart; their middle
      // ones within 1.3). A skipped password check makes the middle request 2.2 times faster: the line is between.
      const middle = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
      const [a, b] = [middle(times.wrong), middle(times.unknown)];
      expect(Math.max(a, b) / Math.min(a, b), `middle ${a.toFixed(1)} ms and ${b.toFixed(1)} ms`).toBeLessThan(1.7);
    });

    it('logs LOGIN_FAILED (medium) for a wrong password and for an unknown name', async () => {
      const client = new Client(ctx.app, { ip: '198.51.100.30' });
      clock.advance(16 * MINUTE);
      await client.login('priya', 'Definitely-Wrong-9');
      await client.login('no_such_member', 'Definitely-Wrong-9');
      expect((await eventsOf(ctx.database.db, 'priya')).at(-1)).toMatchObject({
        eventType: 'LOGIN_FAILED',
        severity: 'medium',
        ipAddress: '198.51.100.30',
      });
      expect(await eventsOf(ctx.database.db, 'no_such_member')).toEqual([
        expect.objectContaining({ eventType: 'LOGIN_FAILED', severity: 'medium', username: 'no_such_member' }),
      ]);
    });

    it.each([
      ['an empty body', {}, { username: expect.any(String), password: expect.any(String) }],
      ['empty fields', { username: '', password: '' }, { username: 'Username is required', password: 'Password is required' }],
      ['a username of spaces', { username: '   ', password: 'x' }, { username: 'Username is required' }],
      [
        'a 101-character username',
        { username: 'u'.repeat(101), password: 'x' },
        { username: 'Username must be at most 100 characters' },
      ],
      [
        'a 257-character password',
        { username: 'priya', password: 'p'.repeat(257) },
        { password: 'Password must be at most 256 characters long' },
      ],
    ])('refuses %s with 400', async (_label, payload, errors) => {
      const client = new Client(ctx.app);
      const response = await client.post<{ message: string; errors: Record<string, string> }>('/api/auth/login', payload);
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual(errors);
      expect(response.body.message).toBe(`Invalid login: ${Object.values(response.body.errors)[0]}`);
    });

    it('needs the CSRF token of the session', async () => {
      const client = new Client(ctx.app);
      await client.csrfToken();
      const without = await client.post<{ message: string }>(
        '/api/auth/login',
        { username: 'priya', password: priya.password },
        { csrf: false },
      );
      expect(without.status).toBe(403);
      const other = new Client(ctx.app);
      const forged = await client.post(
        '/api/auth/login',
        { username: 'priya', password: priya.password },
        { csrf: false, headers: { 'x-csrf-token': await other.csrfToken() } },
      );
      expect(forged.status).toBe(403);
      expect((await client.status()).authenticated).toBe(false);
    });
  });

  describe('the guest cart joins the account cart at sign-in', () => {
    it('moves the guest lines over, adds up lines of the same product and options, keeps the account lines', async () => {
      const eight = ids.variation(ROUND, '8 inch');
      const ten = ids.variation(ROUND, '10 inch');
      // An earlier session of the account put two lines in its cart.
      const earlier = new Client(ctx.app);
      await earlier.signIn('priya', priya.password);
      await earlier.post<{ items: CartItem[] }>('/api/cart', { productId: ids.product(ROUND), variationId: eight, quantity: 2 });
      const kept = await earlier.post<{ items: CartItem[] }>('/api/cart', { productId: ids.product(NOODLE), quantity: 1 });
      expect(kept.status).toBe(201);
      expect((await earlier.logout()).status).toBe(200);

      // A guest fills a cart: one line the account has (same product and option), two it does not.
      const guest = new Client(ctx.app);
      expect((await guest.post('/api/cart', { productId: ids.product(ROUND), variationId: eight, quantity: 3 })).status).toBe(
        201,
      );
      expect((await guest.post('/api/cart', { productId: ids.product(ROUND), variationId: ten, quantity: 1 })).status).toBe(201);
      expect((await guest.post('/api/cart', { productId: ids.product(CUP), quantity: 4 })).status).toBe(201);
      const guestToken = guest.token!;
      expect((await guest.get<CartItem[]>('/api/cart')).body).toHaveLength(3);

      await guest.signIn('priya', priya.password);
      const lines = (items: CartItem[]) =>
        items.map((i) => [i.productId, i.variationId, i.quantity]).sort((x, y) => String(x).localeCompare(String(y)));
      const expected = lines([
        { productId: ids.product(ROUND), variationId: eight, quantity: 5 },
        { productId: ids.product(NOODLE), variationId: null, quantity: 1 },
        { productId: ids.product(ROUND), variationId: ten, quantity: 1 },
        { productId: ids.product(CUP), variationId: null, quantity: 4 },
      ] as CartItem[]);
      const cart = await guest.get<CartItem[]>('/api/cart');
      expect(cart.status).toBe(200);
      expect(lines(cart.body)).toEqual(expected);

      // The cart is the account's: another device signed in sees the same; the old guest cookie sees nothing.
      const phone = new Client(ctx.app);
      await phone.signIn('priya', priya.password);
      expect(lines((await phone.get<CartItem[]>('/api/cart')).body)).toEqual(expected);
      expect((await guest.withToken(guestToken).get<CartItem[]>('/api/cart')).body).toEqual([]);

      // Signing out leaves the account's cart in place for the next sign-in, and the visitor's cart empty.
      await phone.logout();
      expect((await phone.get<CartItem[]>('/api/cart')).body).toEqual([]);
      await phone.signIn('priya', priya.password);
      expect(lines((await phone.get<CartItem[]>('/api/cart')).body)).toEqual(expected);
      // Clean up for other tests.
      expect((await phone.request('DELETE', '/api/cart')).status).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('deletes the session on the server, clears the cookie and logs LOGOUT', async () => {
      const client = new Client(ctx.app, { ip: '198.51.100.40', userAgent: 'LogoutTest/1.0' });
      await client.signIn('priya', priya.password);
      const token = client.token!;
      expect(await sessionsOf(token)).toHaveLength(1);

      const response = await client.logout();
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Logged out' });
      const cleared = response.raw.cookies.find((c) => c.name === SESSION_COOKIE_NAME);
      expect(cleared?.value).toBe('');
      expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(client.token).toBeUndefined();

      // A copy of the cookie kept from before is worth nothing now.
      expect(await sessionsOf(token)).toHaveLength(0);
      expect(await client.withToken(token).status()).toEqual(ANONYMOUS);
      expect((await eventsOf(ctx.database.db, 'priya')).at(-1)).toEqual({
        eventType: 'LOGOUT',
        severity: 'low',
        username: 'priya',
        ipAddress: '198.51.100.40',
        userAgent: 'LogoutTest/1.0',
      });
    });

    it('takes no body: anything but none, null or {} is 400 and the session stays', async () => {
      const client = new Client(ctx.app);
      await client.signIn('priya', priya.password);
      for (const [payload, message] of [
        [[], 'This request takes no body'],
        ['x', 'This request takes no body'],
        [{ everywhere: true }, "Invalid logout: Unknown field 'everywhere'"],
      ] as const) {
        const response = await client.post('/api/auth/logout', JSON.stringify(payload), {
          headers: { 'content-type': 'application/json' },
        });
        expect(response.status, JSON.stringify(payload)).toBe(400);
        expect(response.body).toMatchObject({ message });
      }
      expect((await client.status()).authenticated).toBe(true);
      expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    });

    it('needs the CSRF token: without it the session stays', async () => {
      const client = new Client(ctx.app);
      await client.signIn('priya', priya.password);
      const response = await client.post('/api/auth/logout', undefined, { csrf: false });
      expect(response.status).toBe(403);
      expect((await client.status()).authenticated).toBe(true);
    });

    it('for a guest ends the guest session and logs nothing', async () => {
      const client = new Client(ctx.app);
      await client.csrfToken();
      const token = client.token!;
      const before = await eventTypesOf(ctx.database.db, 'priya');
      expect((await client.logout()).status).toBe(200);
      expect(await sessionsOf(token)).toHaveLength(0);
      expect(await eventTypesOf(ctx.database.db, 'priya')).toEqual(before);
    });
  });

  describe('GET /api/auth/status: the seven flags', () => {
    const flags = async (client: Client): Promise<AuthStatus> => {
      const status = await client.status();
      expect(Object.keys(status).sort()).toEqual(STATUS_KEYS);
      return status;
    };
    type Flag = Exclude<keyof AuthStatus, 'user'>;
    const FLAGS = STATUS_KEYS.filter((key) => key !== 'user') as Flag[];
    /** The status expected: this user, the flags named true and every other one false. */
    const expected = (user: PublicUser | null, ...on: Flag[]): AuthStatus =>
      ({ ...Object.fromEntries(FLAGS.map((flag) => [flag, on.includes(flag)])), user }) as AuthStatus;

    it('a visitor (no cookie, or an unknown one) is anonymous: no user, every flag false', async () => {
      expect(ANONYMOUS).toEqual(expected(null));
      expect(await flags(new Client(ctx.app))).toEqual(expected(null));
      expect(await flags(new Client(ctx.app, { token: 'A'.repeat(43) }))).toEqual(ANONYMOUS);
      const guest = new Client(ctx.app);
      await guest.csrfToken();
      expect(await flags(guest)).toEqual(ANONYMOUS);
    });

    it('a user', async () => {
      const client = new Client(ctx.app);
      const { user } = await client.signIn('priya', priya.password);
      expect(await flags(client)).toEqual(expected(user, 'authenticated'));
    });

    it('an admin without two-factor', async () => {
      const client = new Client(ctx.app);
      const { user } = await client.signIn(admin.username, admin.password);
      expect(user.role).toBe('admin');
      expect(await flags(client)).toEqual(expected(user, 'authenticated', 'isAdmin'));
    });

    it('an admin whose code is pending, then the same admin verified', async () => {
      const client = new Client(ctx.app);
      const login = await client.signIn('leela_admin', STRONG_PASSWORD);
      expect(login.requiresTwoFactor).toBe(true);
      expect(await flags(client)).toEqual(
        expected(login.user, 'authenticated', 'isAdmin', 'pendingTwoFactor', 'requiresTwoFactor', 'twoFactorEnabled'),
      );
      clock.nextTotpStep();
      const verified = await client.verify(codeAt(secret, clock.now()));
      expect(verified.status).toBe(200);
      expect(await flags(client)).toEqual(
        expected(verified.body.user, 'authenticated', 'isAdmin', 'twoFactorVerified', 'twoFactorEnabled'),
      );
    });

    it('is never cached', async () => {
      const response = await new Client(ctx.app).get('/api/auth/status');
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });
});
