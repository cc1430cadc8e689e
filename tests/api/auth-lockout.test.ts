// Failed sign-ins (domains/account/throttle.server.ts, config.lockout): growing waits from the third failure,
// a lock after the maximum, per account name (known or not) and per IP address, for passwords and codes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { INVALID_CODE, INVALID_CREDENTIALS } from '#domains/account/service.server.ts';
import { securityLogs } from '#domains/account/tables.ts';
import { Client, createAccount, type Reply, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { MINUTE, SECOND, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { eventsOf, eventTypesOf } from '#tests/support/security-log.ts';
import { accountWithTwoFactor, codeAt, wrongCode } from '#tests/support/two-factor.ts';

const LOCK_MS = 15 * MINUTE;
const WRONG = 'Wrong-Password-42!';
const wait = (seconds: number) => ({
  message: `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  code: 'SLOW_DOWN',
});
const accountLocked = (minutes: number) => ({
  message: `Too many failed sign-in attempts on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  code: 'LOCKED',
});
const networkLocked = (minutes: number) => ({
  message: `Too many failed sign-in attempts from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  code: 'LOCKED',
});

/** What a sign-in attempt was answered: status, body and Retry-After. */
const seen = (response: Reply) => ({ status: response.status, body: response.body, retryAfter: response.headers['retry-after'] });
const refused = (body: { message: string; code: string }, retryAfter: number) => ({
  status: 429,
  body,
  retryAfter: String(retryAfter),
});
const wrongPassword = { status: 401, body: { message: INVALID_CREDENTIALS }, retryAfter: undefined };

describe.each(databaseKinds())('sign-in lockout on %s', (kind) => {
  /** The block's own app on this clock: five failures lock an account, `ipMaxFailures` an address, for LOCK_MS. */
  const lockoutApp = (clock: TestClock, ipMaxFailures: number) =>
    suiteApp(kind, {
      seed: false,
      now: clock.now,
      config: { lockout: { accountMaxFailures: 5, ipMaxFailures, lockMs: LOCK_MS } },
    });

  describe('per account (5 failures, 15 minutes)', () => {
    const clock = new TestClock();
    const ctx = lockoutApp(clock, 1000);

    it('waits grow from the third failure; the fifth locks the account, even against the right password, until the lock ends', async () => {
      await createAccount(ctx.services, { username: 'arun' });
      const client = new Client(ctx.app, { ip: '10.1.0.1' });
      await client.csrfToken();
      const attempt = async (password = WRONG) => seen(await client.login('arun', password));

      // Two failures cost nothing: an immediate retry is heard.
      expect(await attempt()).toEqual(wrongPassword);
      expect(await attempt()).toEqual(wrongPassword);
      expect(await attempt()).toEqual(wrongPassword);
      // From the third, an immediate retry must wait, with a message and Retry-After, even with the right password.
      expect(await attempt()).toEqual(refused(wait(2), 2));
      expect(await attempt(STRONG_PASSWORD)).toEqual(refused(wait(2), 2));
      clock.advance(1 * SECOND);
      expect(await attempt()).toEqual(refused(wait(1), 1));
      clock.advance(1 * SECOND);
      // Waited: heard again. The fourth failure doubles the wait.
      expect(await attempt()).toEqual(wrongPassword);
      expect(await attempt()).toEqual(refused(wait(4), 4));
      clock.advance(4 * SECOND);
      // The fifth failure locks the account.
      expect(await attempt()).toEqual(wrongPassword);
      const lockedAt = clock.now().getTime();
      expect(await attempt(STRONG_PASSWORD)).toEqual(refused(accountLocked(15), 900));
      expect(await attempt()).toEqual(refused(accountLocked(15), 900));
      // From another address too: the lock is the account's.
      expect(seen(await new Client(ctx.app, { ip: '10.1.0.2' }).login('ARUN', STRONG_PASSWORD))).toEqual(
        refused(accountLocked(15), 900),
      );
      expect((await client.status()).authenticated).toBe(false);

      clock.set(lockedAt + LOCK_MS - 30 * SECOND);
      expect(await attempt(STRONG_PASSWORD)).toEqual(refused(accountLocked(1), 30));

      // Logged: five LOGIN_FAILED, one ACCOUNT_LOCKED (critical), however many attempts were refused while locked.
      const events = await eventsOf(ctx.database.db, 'arun');
      expect(events.map((e) => e.eventType)).toEqual([...Array(5).fill('LOGIN_FAILED'), 'ACCOUNT_LOCKED']);
      expect(events.at(-1)).toMatchObject({ eventType: 'ACCOUNT_LOCKED', severity: 'critical', ipAddress: '10.1.0.1' });

      clock.set(lockedAt + LOCK_MS + SECOND);
      const after = await client.login('arun', STRONG_PASSWORD);
      expect(after.status, JSON.stringify(after.body)).toBe(200);
      expect((await client.status()).authenticated).toBe(true);
      expect((await eventTypesOf(ctx.database.db, 'arun')).filter((t) => t === 'ACCOUNT_LOCKED')).toHaveLength(1);
    });

    it('a success forgets the failures: the count starts again', async () => {
      await createAccount(ctx.services, { username: 'bindu' });
      const client = new Client(ctx.app, { ip: '10.1.1.1' });
      await client.csrfToken();
      for (let i = 0; i < 2; i++) expect(seen(await client.login('bindu', WRONG))).toEqual(wrongPassword);
      expect((await client.login('bindu', STRONG_PASSWORD)).status).toBe(200);
      const other = new Client(ctx.app, { ip: '10.1.1.1' });
      await other.csrfToken();
      for (let i = 0; i < 3; i++) expect(seen(await other.login('bindu', WRONG))).toEqual(wrongPassword);
      expect(seen(await other.login('bindu', WRONG))).toEqual(refused(wait(2), 2));
    });

    it('failures by e-mail address and by username count against the same account', async () => {
      await createAccount(ctx.services, { username: 'chitra' });
      const client = new Client(ctx.app, { ip: '10.1.2.1' });
      await client.csrfToken();
      expect(seen(await client.login('chitra', WRONG))).toEqual(wrongPassword);
      expect(seen(await client.login('Chitra@Example.in', WRONG))).toEqual(wrongPassword);
      expect(seen(await client.login('chitra', WRONG))).toEqual(wrongPassword);
      expect(seen(await client.login('chitra@example.in', WRONG))).toEqual(refused(wait(2), 2));
    });

    it('an unknown username is answered exactly like a real one, and locks the same way', async () => {
      await createAccount(ctx.services, { username: 'chandra' });
      const real = new Client(ctx.app, { ip: '10.1.2.1' });
      const unknown = new Client(ctx.app, { ip: '10.1.2.2' });
      await real.csrfToken();
      await unknown.csrfToken();
      const answers: Record<'real' | 'unknown', unknown[]> = { real: [], unknown: [] };
      const both = async () => {
        answers.real.push(seen(await real.login('chandra', WRONG)));
        answers.unknown.push(seen(await unknown.login('no_such_person', WRONG)));
      };
      for (const advance of [0, 0, 0, 0, 2, 0, 4, 0]) {
        clock.advance(advance * SECOND);
        await both();
      }
      clock.advance(LOCK_MS - 1 * MINUTE);
      await both();
      expect(answers.unknown).toEqual(answers.real);
      expect(answers.real).toEqual([
        wrongPassword,
        wrongPassword,
        wrongPassword,
        refused(wait(2), 2),
        wrongPassword,
        refused(wait(4), 4),
        wrongPassword,
        refused(accountLocked(15), 900),
        refused(accountLocked(1), 60),
      ]);
      expect(await eventTypesOf(ctx.database.db, 'no_such_person')).toEqual([...Array(5).fill('LOGIN_FAILED'), 'ACCOUNT_LOCKED']);
      expect((await eventsOf(ctx.database.db, 'no_such_person')).at(-1)).toMatchObject({ severity: 'critical' });
    });

    it('two-factor code failures count too: waits, then a lock that also stops the password', async () => {
      const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'devika_admin', role: 'admin' }, clock, {
        ip: '10.1.3.1',
      });

      const client = new Client(ctx.app, { ip: '10.1.3.2' });
      expect((await client.signIn('devika_admin', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
      const badCode = { status: 401, body: { message: INVALID_CODE }, retryAfter: undefined };
      const verify = async (code = wrongCode(manualEntryKey, clock.now())) => seen(await client.verify(code));

      expect(await verify()).toEqual(badCode);
      expect(await verify()).toEqual(badCode);
      expect(await verify()).toEqual(badCode);
      expect(await verify(codeAt(manualEntryKey, clock.now()))).toEqual(refused(wait(2), 2));
      clock.advance(2 * SECOND);
      expect(await verify()).toEqual(badCode);
      clock.advance(4 * SECOND);
      expect(await verify()).toEqual(badCode);
      const lockedAt = clock.now().getTime();
      // Locked: the right code is refused, and so is the password in a new sign-in.
      expect(await verify(codeAt(manualEntryKey, clock.now()))).toEqual(refused(accountLocked(15), 900));
      expect(seen(await new Client(ctx.app, { ip: '10.1.3.3' }).login('devika_admin', STRONG_PASSWORD))).toEqual(
        refused(accountLocked(15), 900),
      );
      const types = await eventTypesOf(ctx.database.db, 'devika_admin');
      expect(types.slice(-6)).toEqual([...Array(5).fill('2FA_FAILED'), 'ACCOUNT_LOCKED']);
      expect(types.filter((t) => t === 'ACCOUNT_LOCKED')).toHaveLength(1);

      // After the lock: password and code work again.
      clock.set(lockedAt + LOCK_MS + SECOND);
      clock.nextTotpStep();
      const later = new Client(ctx.app, { ip: '10.1.3.3' });
      expect((await later.signIn('devika_admin', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
      expect((await later.verify(codeAt(manualEntryKey, clock.now()))).status).toBe(200);
    });
  });

  describe('per IP address (3 failures, 15 minutes)', () => {
    const clock = new TestClock();
    const ctx = lockoutApp(clock, 3);

    beforeAll(async () => {
      await createAccount(ctx.services, { username: 'esha' });
    });

    it('locks an address that fails across many usernames, for every name, and only that address', async () => {
      const guesser = new Client(ctx.app, { ip: '10.2.0.1' });
      await guesser.csrfToken();
      for (const name of ['guess_one', 'guess_two', 'esha'])
        expect(seen(await guesser.login(name, WRONG))).toEqual(wrongPassword);
      const lockedAt = clock.now().getTime();
      expect(seen(await guesser.login('guess_four', WRONG))).toEqual(refused(networkLocked(15), 900));
      // Logged once as ACCOUNT_LOCKED without a username: the address is locked, no account is.
      const locks = await ctx.database.db.select().from(securityLogs).where(eq(securityLogs.eventType, 'ACCOUNT_LOCKED'));
      expect(locks.map(({ username, ipAddress, severity }) => ({ username, ipAddress, severity }))).toEqual([
        { username: null, ipAddress: '10.2.0.1', severity: 'critical' },
      ]);
      // The right password of a real account is refused from that address...
      expect(seen(await guesser.login('esha', STRONG_PASSWORD))).toEqual(refused(networkLocked(15), 900));
      // ...and accepted from another.
      const elsewhere = new Client(ctx.app, { ip: '10.2.0.2' });
      expect((await elsewhere.login('esha', STRONG_PASSWORD)).status).toBe(200);

      clock.set(lockedAt + LOCK_MS + SECOND);
      expect((await guesser.login('esha', STRONG_PASSWORD)).status).toBe(200);
    });
  });
});
