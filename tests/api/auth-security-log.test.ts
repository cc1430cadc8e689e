// The security log: every kind of event recorded with its severity,
// listed newest first by GET /api/admin/security-logs, ?limit, and never a password or a code in it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TwoFactorSetup } from '#domains/account/model.ts';
import { SECURITY_EVENTS, type SecurityEventType, type SecurityLogEntry } from '#domains/account/model.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, createAccount, OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, SECOND, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { codeAt, wrongCode } from '#tests/support/two-factor.ts';

const ENTRY_KEYS = ['createdAt', 'eventType', 'id', 'ipAddress', 'severity', 'userAgent', 'username'];
const MEMBER_IP = '203.0.113.77';
const MEMBER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ShopTest';
const WRONG_PASSWORD = 'Guessed-Wrong#Pass5';

describe.each(databaseKinds())('the security log on %s', (kind) => {
  const clock = new TestClock();
  const ctx = suiteApp(kind, {
    seed: false,
    now: clock.now,
    config: { lockout: { accountMaxFailures: 3, ipMaxFailures: 1000, lockMs: 15 * 60_000 } },
  });
  let reader: Client;
  /** Every secret typed during the scenario: none may appear in the log. */
  const secrets: string[] = [STRONG_PASSWORD, OTHER_STRONG_PASSWORD, WRONG_PASSWORD];
  /** The events the scenario causes, oldest first. */
  const expected: Array<{ eventType: SecurityEventType; username: string }> = [];

  beforeAll(async () => {
    await createAccount(ctx.services, { username: 'meera' });
    await createAccount(ctx.services, { username: 'log_admin', role: 'admin' });

    // One second between steps, so that newest first is also latest createdAt first.
    const step = () => clock.advance(SECOND);
    const member = new Client(ctx.app, { ip: MEMBER_IP, userAgent: MEMBER_AGENT });
    const happened = (eventType: SecurityEventType, username = 'meera') => expected.push({ eventType, username });

    step();
    expect((await member.login('meera', WRONG_PASSWORD)).status).toBe(401);
    happened('LOGIN_FAILED');
    step();
    await member.signIn('meera', STRONG_PASSWORD);
    happened('LOGIN_SUCCESS');
    step();
    const changed = await member.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
    });
    expect(changed.status).toBe(200);
    happened('PASSWORD_CHANGED');
    step();
    const setup = (await member.post<TwoFactorSetup>('/api/auth/setup-2fa')).body;
    secrets.push(setup.manualEntryKey, ...setup.backupCodes, ...setup.backupCodes.map((c) => c.replace('-', '')));
    const enableCode = codeAt(setup.manualEntryKey, clock.now());
    secrets.push(enableCode);
    expect((await member.post('/api/auth/enable-2fa', { token: enableCode })).status).toBe(200);
    happened('2FA_ENABLED');
    clock.nextTotpStep();
    expect((await member.logout()).status).toBe(200);
    happened('LOGOUT');
    step();
    await member.signIn('meera', OTHER_STRONG_PASSWORD);
    const badCode = wrongCode(setup.manualEntryKey, clock.now());
    secrets.push(badCode);
    expect((await member.verify(badCode)).status).toBe(401);
    happened('2FA_FAILED');
    step();
    const goodCode = codeAt(setup.manualEntryKey, clock.now());
    secrets.push(goodCode);
    expect((await member.verify(goodCode)).status).toBe(200);
    happened('2FA_VERIFIED');
    happened('LOGIN_SUCCESS');
    clock.nextTotpStep();
    const renewCode = codeAt(setup.manualEntryKey, clock.now());
    secrets.push(renewCode);
    const renewed = await member.post<{ backupCodes: string[] }>('/api/auth/backup-codes', { token: renewCode });
    expect(renewed.status).toBe(200);
    secrets.push(...renewed.body.backupCodes);
    happened('BACKUP_CODES_RENEWED');
    step();
    // A guesser locks an unknown name after three tries.
    const guesser = new Client(ctx.app, { ip: MEMBER_IP, userAgent: MEMBER_AGENT });
    for (let i = 0; i < 3; i++) {
      step();
      expect((await guesser.login('not_a_member', WRONG_PASSWORD)).status).toBe(401);
      happened('LOGIN_FAILED', 'not_a_member');
    }
    happened('ACCOUNT_LOCKED', 'not_a_member');
    step();

    // The panel's accounts: a colleague joins from an invitation, and an administrator manages and removes them.
    const manager = new Client(ctx.app, { ip: MEMBER_IP, userAgent: MEMBER_AGENT });
    await manager.signIn('log_admin', STRONG_PASSWORD);
    happened('LOGIN_SUCCESS', 'log_admin');
    step();
    expect(
      (await manager.post('/api/admin/staff', { email: 'nimmi@example.in', firstName: 'Nimmi', role: 'staff' })).status,
    ).toBe(201);
    const [invitation] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'nimmi@example.in'));
    const inviteToken = /\/join#([A-Za-z0-9_-]{43})/.exec(invitation!.text)![1]!;
    secrets.push(inviteToken);
    const joiner = new Client(ctx.app, { ip: MEMBER_IP, userAgent: MEMBER_AGENT });
    const joined = await joiner.post<{ user: { id: number } }>('/api/auth/accept-invite', {
      token: inviteToken,
      username: 'nimmi',
      password: STRONG_PASSWORD,
    });
    expect(joined.status).toBe(201);
    happened('INVITE_ACCEPTED', 'nimmi');
    happened('LOGIN_SUCCESS', 'nimmi');
    const colleague = `/api/admin/staff/${joined.body.user.id}`;
    for (const [method, path, eventType] of [
      ['PATCH', colleague, 'ROLE_CHANGED'],
      ['POST', `${colleague}/sign-out`, 'SESSIONS_ENDED'],
      ['POST', `${colleague}/reset-2fa`, '2FA_RESET'],
      ['POST', `${colleague}/reset-password`, 'PASSWORD_RESET'],
      ['DELETE', colleague, 'ACCESS_REMOVED'],
    ] as const) {
      step();
      const answer = await manager.request(method, path, method === 'PATCH' ? { payload: { role: 'admin' } } : {});
      expect(answer.status, `${method} ${path}`).toBe(200);
      happened(eventType, 'nimmi');
    }
    step();

    reader = new Client(ctx.app, { ip: '198.51.100.1', userAgent: 'AdminBrowser/1.0' });
    await reader.signIn('log_admin', STRONG_PASSWORD);
    happened('LOGIN_SUCCESS', 'log_admin');
    step();
  });

  const logs = (query = '') => reader.get<SecurityLogEntry[]>(`/api/admin/security-logs${query}`);

  it('lists every event newest first, each with eventType, severity, ipAddress, userAgent, username and createdAt', async () => {
    const response = await logs();
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = response.body;
    expect(entries.map(({ eventType, username }) => ({ eventType, username }))).toEqual([...expected].reverse());
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(ENTRY_KEYS);
      expect(entry.id).toEqual(expect.any(Number));
      expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt);
    }
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Where each came from.
    expect(entries[0]).toMatchObject({
      eventType: 'LOGIN_SUCCESS',
      username: 'log_admin',
      ipAddress: '198.51.100.1',
      userAgent: 'AdminBrowser/1.0',
    });
    for (const entry of entries.slice(1)) expect(entry).toMatchObject({ ipAddress: MEMBER_IP, userAgent: MEMBER_AGENT });
    // The clock the services run on.
    expect(entries.at(-1)!.createdAt).toBe(new Date(Date.UTC(2030, 0, 7, 9, 0, 16)).toISOString());
  });

  it('gives each event type its severity (domains/account/model.ts SECURITY_EVENTS), and the scenario covers them all', async () => {
    const entries = (await logs()).body;
    expect(new Set(entries.map((e) => e.eventType))).toEqual(new Set(Object.keys(SECURITY_EVENTS)));
    for (const entry of entries) expect(entry.severity, entry.eventType).toBe(SECURITY_EVENTS[entry.eventType]);
    // The events of each severity, the worst first: only a locked account is critical.
    const bySeverity = (severity: string) =>
      Object.entries(SECURITY_EVENTS)
        .filter(([, of]) => of === severity)
        .map(([event]) => event);
    expect(['critical', 'high', 'medium', 'low'].map(bySeverity)).toEqual([
      ['ACCOUNT_LOCKED'],
      ['2FA_FAILED', 'PASSWORD_CHANGED', 'ROLE_CHANGED', '2FA_RESET', 'PASSWORD_RESET', 'ACCESS_REMOVED'],
      ['LOGIN_FAILED', '2FA_ENABLED', 'BACKUP_CODES_RENEWED', 'INVITE_ACCEPTED', 'SESSIONS_ENDED'],
      ['LOGIN_SUCCESS', '2FA_VERIFIED', 'LOGOUT'],
    ]);
  });

  it('never holds a password, a two-factor secret or a code, in the answer or in the table', async () => {
    const answer = (await logs('?limit=500')).raw.body;
    const table = JSON.stringify(await ctx.database.db.execute('select * from security_logs'));
    for (const secret of secrets) {
      expect(answer, secret).not.toContain(secret);
      expect(table, secret).not.toContain(secret);
    }
  });

  it('?limit gives the newest that many', async () => {
    const all = (await logs()).body;
    const two = await logs('?limit=2');
    expect(two.status).toBe(200);
    expect(two.body).toEqual(all.slice(0, 2));
    expect((await logs('?limit=1')).body).toEqual(all.slice(0, 1));
    expect((await logs('?limit=500')).body).toEqual(all);
  });

  it.each([
    ['0', 'Invalid query: Limit must be at least 1'],
    ['-5', 'Invalid query: Limit must be at least 1'],
    ['501', 'Invalid query: Limit must be at most 500'],
    ['2.5', 'Invalid query: Limit must be a whole number'],
    ['ten', 'Invalid query: Limit must be a whole number'],
    ['', 'Invalid query: Limit must be at least 1'],
  ])('refuses ?limit=%s with 400', async (limit, message) => {
    const response = await logs(`?limit=${limit}`);
    expect(response.status).toBe(400);
    const body = response.body as unknown as { message: string; errors: Record<string, string> };
    expect(body.message).toBe(message);
    expect(Object.keys(body.errors)).toEqual(['limit']);
  });

  it('refuses an unknown query parameter with 400', async () => {
    const response = await logs('?since=yesterday');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: "Invalid query: Unknown field 'since'",
      errors: { since: "Unknown field 'since'" },
    });
  });
});

describe.each(databaseKinds())('security log retention on %s', (kind) => {
  const clock = new TestClock();

  const ctx = suiteApp(kind, { seed: false, now: clock.now, config: { securityLogMs: 30 * DAY } });

  it('the purge removes entries older than the retention (SECURITY_LOG_DAYS), and only those', async () => {
    const facts = { ip: '198.51.100.4', userAgent: null };
    await ctx.services.securityLog.record('LOGIN_FAILED', facts, { username: 'old_news' });
    clock.advance(20 * DAY);
    await ctx.services.securityLog.record('LOGIN_SUCCESS', facts, { username: 'recent' });
    clock.advance(10 * DAY - SECOND);
    expect(await ctx.services.securityLog.purgeOld()).toBe(0);
    clock.advance(2 * SECOND);
    expect(await ctx.services.securityLog.purgeOld()).toBe(1);
    expect((await ctx.services.securityLog.latest(10)).map((entry) => entry.username)).toEqual(['recent']);
  });
});
