// The Security Center's own account tools and figures, on both databases: failed logins count a right password with a
// wrong code as well as a wrong password; the backup codes left, and a new set only with a current authenticator code
// (the old set void); when the signed-in session ends (4 hours after the password for the panel's accounts).
import { beforeAll, describe, expect, it } from 'vitest';

import type { SessionTime } from '#domains/account/model.ts';
import type { SecuritySummary } from '#domains/account/schema.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, HOUR, MINUTE, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { eventTypesOf } from '#tests/support/security-log.ts';
import { codeAt, enableTwoFactor, wrongCode } from '#tests/support/two-factor.ts';

describe.each(databaseKinds())('the Security Center on %s', (kind) => {
  const clock = new TestClock();
  const ctx = suiteApp(kind, { seed: false, now: clock.now });
  let admin: Client;
  let secret: string;
  let firstCodes: string[];

  beforeAll(async () => {
    await createAccount(ctx.services, { username: 'lakshmi_admin', role: 'admin' });
    admin = new Client(ctx.app);
    await admin.signIn('lakshmi_admin', STRONG_PASSWORD);
    const setup = await enableTwoFactor(admin, clock);
    secret = setup.manualEntryKey;
    firstCodes = setup.backupCodes;
  });

  it('failed logins count a wrong password and a right password with a wrong code', async () => {
    const before = (await admin.get<SecuritySummary>('/api/admin/security-logs/summary')).body;
    const stranger = new Client(ctx.app, { ip: '203.0.113.9' });
    expect((await stranger.login('lakshmi_admin', 'not-the-password')).status).toBe(401);
    clock.advance(MINUTE);
    const halfway = new Client(ctx.app, { ip: '203.0.113.9' });
    expect((await halfway.signIn('lakshmi_admin', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
    expect((await halfway.verify(wrongCode(secret, clock.now()))).status).toBe(401);
    const after = (await admin.get<SecuritySummary>('/api/admin/security-logs/summary')).body;
    // 1 LOGIN_FAILED + 1 2FA_FAILED; the wrong code is also a high-severity event.
    expect(after.failedLogins - before.failedLogins).toBe(2);
    expect(after.high - before.high).toBe(1);
    clock.advance(MINUTE);
  });

  it('shows the backup codes left; a used one counts down', async () => {
    expect((await admin.get<{ left: number }>('/api/auth/backup-codes')).body).toEqual({ left: 10 });
    const phone = new Client(ctx.app);
    expect((await phone.signIn('lakshmi_admin', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
    expect((await phone.verify(firstCodes[0]!)).status).toBe(200);
    expect((await admin.get<{ left: number }>('/api/auth/backup-codes')).body).toEqual({ left: 9 });
  });

  it('a new set of backup codes takes a current code; the old set stops working, the new one works', async () => {
    const refused = await admin.post<{ message: string }>('/api/auth/backup-codes', { token: wrongCode(secret, clock.now()) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid verification code');
    expect((await admin.post('/api/auth/backup-codes', { token: 'ABCD-2345' })).status).toBe(400);
    clock.advance(MINUTE);

    const renewed = await admin.post<{ backupCodes: string[] }>('/api/auth/backup-codes', { token: codeAt(secret, clock.now()) });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.backupCodes).toHaveLength(10);
    expect(renewed.body.backupCodes.some((code) => firstCodes.includes(code))).toBe(false);
    expect((await admin.get<{ left: number }>('/api/auth/backup-codes')).body).toEqual({ left: 10 });
    clock.nextTotpStep();

    const withOld = new Client(ctx.app);
    await withOld.signIn('lakshmi_admin', STRONG_PASSWORD);
    expect((await withOld.verify(firstCodes[1]!)).status).toBe(401);
    clock.advance(MINUTE);
    const withNew = new Client(ctx.app);
    await withNew.signIn('lakshmi_admin', STRONG_PASSWORD);
    expect((await withNew.verify(renewed.body.backupCodes[0]!)).status).toBe(200);
    expect(await eventTypesOf(ctx.database.db, 'lakshmi_admin')).toContain('BACKUP_CODES_RENEWED');
  });

  it('without two-factor there are no codes to count or renew', async () => {
    await createAccount(ctx.services, { username: 'mani_admin', role: 'admin' });
    const plain = new Client(ctx.app);
    await plain.signIn('mani_admin', STRONG_PASSWORD);
    expect((await plain.get('/api/auth/backup-codes')).body).toEqual({ left: 0 });
    expect((await plain.post('/api/auth/backup-codes', { token: '123456' })).status).toBe(409);
    expect((await new Client(ctx.app).get('/api/auth/backup-codes')).status).toBe(401);
  });

  it('tells when the session ends: the panel’s 4 hours after the password, a customer’s 30 days after the last visit', async () => {
    clock.advance(HOUR);
    const signedInAt = clock.now();
    const staff = new Client(ctx.app);
    await createAccount(ctx.services, { username: 'nila_staff', role: 'staff' });
    await staff.signIn('nila_staff', STRONG_PASSWORD);
    const first = await staff.get<SessionTime>('/api/auth/session');
    expect(first.status).toBe(200);
    expect(new Date(first.body.expiresAt).getTime()).toBe(signedInAt.getTime() + 4 * HOUR);
    expect(first.body.secondsLeft).toBe(4 * 60 * 60);
    // Activity does not move it; the seconds left count down by the server's clock.
    clock.advance(2 * HOUR + 30 * MINUTE);
    expect((await staff.get<SessionTime>('/api/auth/session')).body).toEqual({
      expiresAt: first.body.expiresAt,
      secondsLeft: 90 * 60,
    });
    clock.advance(90 * MINUTE - 1000);
    expect((await staff.get<SessionTime>('/api/auth/session')).body.secondsLeft).toBe(1);
    clock.advance(1000);
    expect((await staff.get('/api/auth/session')).status).toBe(401);

    await createAccount(ctx.services, { username: 'oommen' });
    const customer = new Client(ctx.app);
    await customer.signIn('oommen', STRONG_PASSWORD);
    const theirs = await customer.get<SessionTime>('/api/auth/session');
    expect(new Date(theirs.body.expiresAt).getTime()).toBe(clock.now().getTime() + 30 * DAY);
    expect((await new Client(ctx.app).get('/api/auth/session')).status).toBe(401);
  });
});
