// Two-factor authentication: setup-2fa, enable-2fa, the pending
// sign-in and verify-2fa with authenticator codes (drift, replay) and single-use backup codes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { type AuthStatus, BACKUP_CODE_ALPHABET, type TwoFactorSetup } from '#domains/account/model.ts';
import { CODE_PENDING, INVALID_CODE, SIGN_IN_EXPIRED } from '#domains/account/service.server.ts';
import { backupCodes, users } from '#domains/account/tables.ts';
import {
  Client,
  OTHER_STRONG_PASSWORD,
  PUBLIC_USER_KEYS,
  type Refusal,
  signedIn,
  STRONG_PASSWORD,
} from '#tests/support/accounts.ts';
import { SECOND, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { SESSION_COOKIE_NAME } from '#tests/support/enquiry.ts';
import { eventsOf, eventTypesOf } from '#tests/support/security-log.ts';
import { accountWithTwoFactor, codeAt, wrongCode } from '#tests/support/two-factor.ts';

/**
 * The session re-keyed as the second factor is passed: the client holds a new token, the one from before signs
 * nobody in, and the new one is signed in and verified (with `status` besides).
 */
async function expectReKeyed(client: Client, before: string, status: Partial<AuthStatus>): Promise<void> {
  expect(client.token).not.toBe(before);
  expect((await client.withToken(before).status()).authenticated).toBe(false);
  expect(await client.status()).toMatchObject({
    authenticated: true,
    twoFactorVerified: true,
    pendingTwoFactor: false,
    ...status,
  });
}

const ALREADY_ENABLED = { message: 'Two-factor authentication is already enabled' };
const BACKUP_CODE = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{4}-[${BACKUP_CODE_ALPHABET}]{4}$`);

describe.each(databaseKinds())('two-factor authentication on %s', (kind) => {
  const clock = new TestClock();

  const ctx = suiteApp(kind, { seed: false, now: clock.now });

  describe('setting it up', () => {
    let client: Client;
    let setup: TwoFactorSetup;

    beforeAll(async () => {
      const browser = { ip: '192.0.2.10', userAgent: 'TwoFactorTest/1.0' };
      client = await signedIn(ctx, { username: 'asha_admin', role: 'admin' }, browser);
    });

    it('enable-2fa before setup-2fa is refused (400)', async () => {
      const response = await client.post<Refusal>('/api/auth/enable-2fa', { token: '123456' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Start two-factor setup first' });
    });

    it('setup-2fa answers a PNG QR code, the manual entry key and 10 backup codes', async () => {
      const response = await client.post<TwoFactorSetup>('/api/auth/setup-2fa');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      setup = response.body;
      expect(Object.keys(setup).sort()).toEqual(['backupCodes', 'manualEntryKey', 'qrCode']);
      expect(setup.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      const png = Buffer.from(setup.qrCode.slice('data:image/png;base64,'.length), 'base64');
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      // A base32 secret of 20 bytes, as authenticator apps take it.
      expect(setup.manualEntryKey).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.backupCodes).toHaveLength(10);
      expect(new Set(setup.backupCodes).size).toBe(10);
      for (const code of setup.backupCodes) expect(code).toMatch(BACKUP_CODE);
      expect(response.headers['cache-control']).toBe('no-store');
      // Not in force until a code confirms it.
      expect((await client.status()).twoFactorEnabled).toBe(false);
    });

    it('stores the secret encrypted and the backup codes hashed', async () => {
      const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'asha_admin'));
      expect(row!.twoFactorSecret).toBeTruthy();
      expect(row!.twoFactorSecret).not.toContain(setup.manualEntryKey);
      expect(row!.twoFactorSecret!.toUpperCase()).not.toContain(setup.manualEntryKey);
      expect(row!.twoFactorEnabled).toBe(false);
      const stored = await ctx.database.db.select().from(backupCodes).where(eq(backupCodes.userId, row!.id));
      expect(stored).toHaveLength(10);
      const dump = JSON.stringify(stored);
      for (const code of setup.backupCodes) {
        expect(dump).not.toContain(code);
        expect(dump).not.toContain(code.replace('-', ''));
      }
    });

    it.each([
      ['five digits', '12345'],
      ['letters', 'abcdef'],
      ['a backup code', 'ABCD-EFGH'],
      ['nothing', ''],
    ])('enable-2fa refuses %s with 400 and the code message', async (_label, token) => {
      const response = await client.post<Refusal>('/api/auth/enable-2fa', { token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        message: 'Invalid code: Please enter the 6-digit code',
        errors: { token: 'Please enter the 6-digit code' },
      });
    });

    it('enable-2fa refuses a wrong code with 400, and stays off', async () => {
      const response = await client.post<Refusal>('/api/auth/enable-2fa', {
        token: wrongCode(setup.manualEntryKey, clock.now()),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: INVALID_CODE, errors: { token: INVALID_CODE } });
      expect((await client.status()).twoFactorEnabled).toBe(false);
      expect(await eventTypesOf(ctx.database.db, 'asha_admin')).not.toContain('2FA_ENABLED');
    });

    it('enable-2fa with the current code turns it on, re-keys the session and logs 2FA_ENABLED', async () => {
      const before = client.token!;
      const response = await client.post<{ user: Record<string, unknown>; message: string }>('/api/auth/enable-2fa', {
        token: codeAt(setup.manualEntryKey, clock.now()),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.message).toBe('Two-factor authentication enabled');
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
      expect(response.body.user.twoFactorEnabled).toBe(true);
      expect(response.raw.body).not.toContain(setup.manualEntryKey);
      await expectReKeyed(client, before, { twoFactorEnabled: true });
      expect((await eventsOf(ctx.database.db, 'asha_admin')).at(-1)).toEqual({
        eventType: '2FA_ENABLED',
        severity: 'medium',
        username: 'asha_admin',
        ipAddress: '192.0.2.10',
        userAgent: 'TwoFactorTest/1.0',
      });
    });

    it('setup-2fa and enable-2fa answer 409 once it is enabled, and leave the secret alone', async () => {
      const [before] = await ctx.database.db.select().from(users).where(eq(users.username, 'asha_admin'));
      const again = await client.post<Refusal>('/api/auth/setup-2fa');
      expect(again.status).toBe(409);
      expect(again.body).toEqual(ALREADY_ENABLED);
      clock.nextTotpStep();
      const enable = await client.post<Refusal>('/api/auth/enable-2fa', { token: codeAt(setup.manualEntryKey, clock.now()) });
      expect(enable.status).toBe(409);
      expect(enable.body).toEqual(ALREADY_ENABLED);
      const [after] = await ctx.database.db.select().from(users).where(eq(users.username, 'asha_admin'));
      expect(after!.twoFactorSecret).toBe(before!.twoFactorSecret);
    });

    it('setup-2fa and enable-2fa need a signed-in session (401) and the CSRF token (403)', async () => {
      const visitor = new Client(ctx.app);
      const setupResponse = await visitor.post<Refusal>('/api/auth/setup-2fa');
      expect(setupResponse.status).toBe(401);
      expect(setupResponse.body).toEqual({ message: 'Please log in first' });
      expect((await visitor.post('/api/auth/enable-2fa', { token: '123456' })).status).toBe(401);
      expect((await client.post('/api/auth/setup-2fa', undefined, { csrf: false })).status).toBe(403);
    });
  });

  describe('signing in with it', () => {
    let secret: string;
    let codes: string[];
    const username = 'bina_admin';

    beforeAll(async () => {
      const setup = await accountWithTwoFactor(ctx, { username, role: 'admin' }, clock);
      secret = setup.manualEntryKey;
      codes = setup.backupCodes;
    });

    /** A sign-in whose code is pending. */
    async function pending(ip = '192.0.2.20'): Promise<Client> {
      const client = new Client(ctx.app, { ip, userAgent: 'TwoFactorTest/1.0' });
      const response = await client.login(username, STRONG_PASSWORD);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['requiresTwoFactor', 'user']);
      expect(response.body.requiresTwoFactor).toBe(true);
      expect(response.body.user).toMatchObject({ username, role: 'admin', twoFactorEnabled: true });
      return client;
    }

    it('the password alone gives a pending session: flags say so, admin area 403, setup and password change 401', async () => {
      const client = await pending();
      expect(await client.status()).toMatchObject({
        authenticated: true,
        isAdmin: true,
        twoFactorVerified: false,
        pendingTwoFactor: true,
        requiresTwoFactor: true,
        twoFactorEnabled: true,
      } satisfies Partial<AuthStatus>);
      const admin = await client.get<Refusal>('/api/admin/security-logs');
      expect(admin.status).toBe(403);
      const setup = await client.post<Refusal>('/api/auth/setup-2fa');
      expect(setup.status).toBe(401);
      expect(setup.body).toEqual({ message: CODE_PENDING });
      const change = await client.post<Refusal>('/api/auth/change-password', {
        currentPassword: STRONG_PASSWORD,
        newPassword: OTHER_STRONG_PASSWORD,
      });
      expect(change.status).toBe(401);
      expect(change.body).toEqual({ message: CODE_PENDING });
      const enable = await client.post<Refusal>('/api/auth/enable-2fa', { token: codeAt(secret, clock.now()) });
      expect(enable.status).toBe(401);
      // Nothing was logged as a sign-in yet.
      expect((await eventTypesOf(ctx.database.db, username)).filter((t) => t === 'LOGIN_SUCCESS')).toHaveLength(1);
    });

    it('a wrong code: 401 and 2FA_FAILED logged; still pending', async () => {
      const client = await pending();
      const response = await client.verify(wrongCode(secret, clock.now()));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: INVALID_CODE });
      expect((await eventsOf(ctx.database.db, username)).at(-1)).toEqual({
        eventType: '2FA_FAILED',
        severity: 'high',
        username,
        ipAddress: '192.0.2.20',
        userAgent: 'TwoFactorTest/1.0',
      });
      expect(await client.status()).toMatchObject({ authenticated: true, pendingTwoFactor: true, twoFactorVerified: false });
      // The right code still works afterwards (and clears the failure).
      expect((await client.verify(codeAt(secret, clock.now()))).status).toBe(200);
      clock.nextTotpStep();
    });

    it('verify-2fa refuses what is neither a 6-digit code nor a backup code with 400 and the code message', async () => {
      const client = await pending();
      for (const token of ['12345', '1234567', 'abcdef', '12 34 56', 'ABCD-EFG', '']) {
        const response = await client.verify(token);
        expect(response.status, token).toBe(400);
        expect(response.body).toEqual({
          message: 'Invalid code: Please enter the 6-digit code or a backup code',
          errors: { token: 'Please enter the 6-digit code or a backup code' },
        });
      }
      for (const body of [{}, { token: 123456 }]) {
        const response = await client.post('/api/auth/verify-2fa', body);
        expect(response.body, JSON.stringify(body)).toEqual({
          message: 'Invalid code: Please enter the 6-digit code or a backup code',
          errors: { token: 'Please enter the 6-digit code or a backup code' },
        });
      }
      // Refused input is no failed attempt, and leaves the sign-in pending.
      expect(await client.status()).toMatchObject({ pendingTwoFactor: true });
      expect((await client.verify(codeAt(secret, clock.now()))).status).toBe(200);
      clock.nextTotpStep();
    });

    it('the right code: 200 {user}, a new session token, 2FA_VERIFIED and LOGIN_SUCCESS logged, admin area open', async () => {
      const client = await pending('192.0.2.21');
      const before = client.token!;
      const response = await client.verify(codeAt(secret, clock.now()));
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(Object.keys(response.body)).toEqual(['user']);
      expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
      const cookie = response.raw.cookies.find((c) => c.name === SESSION_COOKIE_NAME)!;
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie.value).not.toBe(before);
      await expectReKeyed(client, before, { requiresTwoFactor: false });
      const events = await eventsOf(ctx.database.db, username);
      expect(events.slice(-2)).toEqual([
        { eventType: '2FA_VERIFIED', severity: 'low', username, ipAddress: '192.0.2.21', userAgent: 'TwoFactorTest/1.0' },
        { eventType: 'LOGIN_SUCCESS', severity: 'low', username, ipAddress: '192.0.2.21', userAgent: 'TwoFactorTest/1.0' },
      ]);
      expect((await client.get('/api/admin/security-logs')).status).toBe(200);
      // Verified: there is nothing to verify any more.
      clock.nextTotpStep();
      const again = await client.verify(codeAt(secret, clock.now()));
      expect(again.status).toBe(401);
      expect(again.body).toEqual({ message: SIGN_IN_EXPIRED });
    });

    it('a code is accepted once: the same code in a new sign-in is refused, the next one works', async () => {
      clock.nextTotpStep();
      const code = codeAt(secret, clock.now());
      const first = await pending();
      expect((await first.verify(code)).status).toBe(200);
      const second = await pending();
      const replay = await second.verify(code);
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ message: INVALID_CODE });
      expect(await second.status()).toMatchObject({ pendingTwoFactor: true, twoFactorVerified: false });
      // An older code still inside the window is refused too, once a later one was accepted.
      const older = await second.verify(codeAt(secret, new Date(clock.now().getTime() - 30 * SECOND)));
      expect(older.status).toBe(401);
      clock.nextTotpStep();
      expect((await second.verify(codeAt(secret, clock.now()))).status).toBe(200);
    });

    it('allows one step of clock drift either way (now-30s, now+30s) and no more (now-60s, now+60s)', async () => {
      // Well after every code accepted so far, so a refusal here can only be the window.
      clock.advance(10 * 60 * SECOND);
      clock.nextTotpStep();
      const at = (offset: number) => codeAt(secret, new Date(clock.now().getTime() + offset * SECOND));

      const tooOld = await pending();
      expect((await tooOld.verify(at(-60))).status).toBe(401);
      const tooNew = await pending();
      expect((await tooNew.verify(at(60))).status).toBe(401);
      expect(await tooNew.status()).toMatchObject({ pendingTwoFactor: true });

      const behind = await pending();
      const late = await behind.verify(at(-30));
      expect(late.status, JSON.stringify(late.body)).toBe(200);
      const ahead = await pending();
      const early = await ahead.verify(at(30));
      expect(early.status, JSON.stringify(early.body)).toBe(200);
      expect(await ahead.status()).toMatchObject({ twoFactorVerified: true, pendingTwoFactor: false });
      clock.advance(60 * SECOND);
    });

    it('a backup code works once, in any case and without the hyphen; used again it is refused', async () => {
      const [first, second] = codes as [string, string];
      const one = await pending();
      const used = await one.verify(first);
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      expect(await one.status()).toMatchObject({ twoFactorVerified: true, pendingTwoFactor: false });

      const two = await pending();
      const again = await two.verify(first);
      expect(again.status).toBe(401);
      expect(again.body).toEqual({ message: INVALID_CODE });
      expect((await eventTypesOf(ctx.database.db, username)).at(-1)).toBe('2FA_FAILED');

      const typed = second.replace('-', '').toLowerCase();
      expect((await two.verify(typed)).status).toBe(200);
      const three = await pending();
      expect((await three.verify(second)).status).toBe(401);
    });

    it('an unknown backup code is refused', async () => {
      const client = await pending();
      const unknown = codes.includes('ZZZZ-ZZZZ') ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ';
      expect((await client.verify(unknown)).status).toBe(401);
    });

    it('verify-2fa without a pending sign-in answers 401 with the sign-in-expired message', async () => {
      const visitor = new Client(ctx.app);
      const response = await visitor.verify(codeAt(secret, clock.now()));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: SIGN_IN_EXPIRED });
      // A signed-in account without two-factor has no code to give either.
      const user = await signedIn(ctx, { username: 'chitra' });
      expect((await user.verify('123456')).status).toBe(401);
    });

    it('a user (not only an admin) with two-factor gets the same pending sign-in', async () => {
      const setup = await accountWithTwoFactor(ctx, { username: 'deepa' }, clock);
      const client = new Client(ctx.app);
      expect((await client.signIn('deepa', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
      expect(await client.status()).toMatchObject({ authenticated: true, isAdmin: false, pendingTwoFactor: true });
      expect((await client.verify(codeAt(setup.manualEntryKey, clock.now()))).status).toBe(200);
      expect(await client.status()).toMatchObject({ isAdmin: false, twoFactorVerified: true, pendingTwoFactor: false });
    });
  });
});
