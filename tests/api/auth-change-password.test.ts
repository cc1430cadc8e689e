// Changing the password: POST /api/auth/change-password, its five checks in their fixed order, the current password,
// and what a change does to signing in and to the security log.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { COMMON_PASSWORD, WRONG_CURRENT_PASSWORD } from '#domains/account/service.server.ts';
import { users } from '#domains/account/tables.ts';
import { Client, OTHER_STRONG_PASSWORD, signedIn, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { eventsOf } from '#tests/support/security-log.ts';

type Answer = { message: string; errors?: Record<string, string> };

const ALL_REQUIRED = 'All fields are required';
const NO_MATCH = 'New passwords do not match';
const TOO_SHORT = 'New password must be at least 12 characters long';
const SAME = 'New password must be different from current password';
const KINDS = 'New password must contain uppercase, lowercase, numbers, and symbols';

describe.each(databaseKinds())('change password on %s', (kind) => {
  let made = 0;

  const ctx = suiteApp(kind, { seed: false, now: new TestClock().now });

  /**
   * A customer of the test's own, signed in: a wrong current password counts against its account alone, so no test
   * meets the waits another test's failures left behind, and a changed password changes nobody else's.
   */
  async function customer(): Promise<{ client: Client; username: string }> {
    const username = `kavya_${++made}`;
    const client = await signedIn(ctx, { username }, { ip: '203.0.113.5', userAgent: 'ChangePasswordTest/1.0' });
    return { client, username };
  }

  const change = (who: Client, body: Record<string, unknown>) => who.post<Answer>('/api/auth/change-password', body);

  // Each input breaks the check named and every check after it, so the answer shows which comes first.
  const rules: Array<[string, Record<string, unknown>, string]> = [
    ['no fields at all', {}, ALL_REQUIRED],
    ['an empty current password', { currentPassword: '', newPassword: 'short', confirmPassword: 'other' }, ALL_REQUIRED],
    ['an empty new password', { currentPassword: STRONG_PASSWORD, newPassword: '', confirmPassword: '' }, ALL_REQUIRED],
    ['a missing new password', { currentPassword: STRONG_PASSWORD }, ALL_REQUIRED],
    [
      'an empty confirmation',
      { currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD, confirmPassword: '' },
      ALL_REQUIRED,
    ],
    [
      'a confirmation that differs (and a short, simple new password)',
      { currentPassword: STRONG_PASSWORD, newPassword: 'short', confirmPassword: 'shorter' },
      NO_MATCH,
    ],
    [
      'an 11-character new password equal to the current one',
      { currentPassword: 'Ab1!Ab1!Ab1', newPassword: 'Ab1!Ab1!Ab1', confirmPassword: 'Ab1!Ab1!Ab1' },
      TOO_SHORT,
    ],
    ['a short new password without the other kinds', { currentPassword: STRONG_PASSWORD, newPassword: 'abc' }, TOO_SHORT],
    [
      'a new password equal to the current one and simple',
      { currentPassword: 'alllowercaseletters', newPassword: 'alllowercaseletters' },
      SAME,
    ],
    [
      'a new password equal to the current one',
      { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      SAME,
    ],
    ['no uppercase letter', { currentPassword: STRONG_PASSWORD, newPassword: 'palm-leaf#kochi42' }, KINDS],
    ['no lowercase letter', { currentPassword: STRONG_PASSWORD, newPassword: 'PALM-LEAF#KOCHI42' }, KINDS],
    ['no digit', { currentPassword: STRONG_PASSWORD, newPassword: 'Palm-Leaf#Kochi' }, KINDS],
    ['no symbol', { currentPassword: STRONG_PASSWORD, newPassword: 'PalmLeafKochi42' }, KINDS],
    ['only spaces besides letters and digits', { currentPassword: STRONG_PASSWORD, newPassword: 'Palm Leaf Kochi 42' }, KINDS],
  ];

  it.each(rules)('refuses %s with 400 and the message of the first check it fails', async (_label, body, message) => {
    const { client } = await customer();
    const response = await change(client, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await client.status()).toMatchObject({ authenticated: true });
  });

  it('checks the rules before the current password: a wrong current password with a bad new one gets the rule', async () => {
    const { client } = await customer();
    const response = await change(client, { currentPassword: 'Not-The-Password-1', newPassword: 'abc' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(TOO_SHORT);
  });

  it.each([
    ['.', 'Palm.Leaf.Kochi42'],
    ['!', 'Palm!Leaf!Kochi42'],
    ['@', 'Palm@Leaf@Kochi42'],
    ['_', 'Palm_Leaf_Kochi42'],
    ['?', 'PalmLeafKochi42?'],
  ])("counts '%s' as a symbol (the rules pass; the current password is then checked)", async (_symbol, newPassword) => {
    const { client } = await customer();
    const response = await change(client, { currentPassword: 'Not-The-Password-1', newPassword });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(WRONG_CURRENT_PASSWORD);
  });

  it("refuses a wrong current password with 400 'Current password is incorrect' and changes nothing", async () => {
    const { client, username } = await customer();
    const [before] = await ctx.database.db.select().from(users).where(eq(users.username, username));
    const response = await change(client, {
      currentPassword: 'Not-The-Password-1',
      newPassword: OTHER_STRONG_PASSWORD,
      confirmPassword: OTHER_STRONG_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: WRONG_CURRENT_PASSWORD, errors: { currentPassword: WRONG_CURRENT_PASSWORD } });
    const [after] = await ctx.database.db.select().from(users).where(eq(users.username, username));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await eventsOf(ctx.database.db, username)).map((e) => e.eventType)).not.toContain('PASSWORD_CHANGED');
  });

  it('refuses a common new password', async () => {
    const { client } = await customer();
    const response = await change(client, { currentPassword: STRONG_PASSWORD, newPassword: 'Password123!' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(COMMON_PASSWORD);
  });

  it('refuses unknown fields and passwords over 256 characters', async () => {
    const { client } = await customer();
    const unknown = await change(client, {
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
      oldPassword: STRONG_PASSWORD,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ oldPassword: "Unknown field 'oldPassword'" });
    const long = await change(client, { currentPassword: STRONG_PASSWORD, newPassword: `Aa1!${'x'.repeat(253)}` });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ newPassword: 'Password must be at most 256 characters long' });
  });

  it('needs a signed-in session (401) and the CSRF token (403)', async () => {
    const { client } = await customer();
    const visitor = new Client(ctx.app);
    const anonymous = await change(visitor, { currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please log in first' });
    const forged = await client.post(
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: OTHER_STRONG_PASSWORD },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
  });

  it("succeeds with 'Password changed successfully.': the old password stops working, the new one works, PASSWORD_CHANGED is logged", async () => {
    const { client, username } = await customer();
    const response = await change(client, {
      currentPassword: STRONG_PASSWORD,
      newPassword: OTHER_STRONG_PASSWORD,
      confirmPassword: OTHER_STRONG_PASSWORD,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ message: 'Password changed successfully.' });
    expect(await client.status()).toMatchObject({ authenticated: true, user: { username } });

    const events = await eventsOf(ctx.database.db, username);
    expect(events.at(-1)).toEqual({
      eventType: 'PASSWORD_CHANGED',
      severity: 'high',
      username,
      ipAddress: '203.0.113.5',
      userAgent: 'ChangePasswordTest/1.0',
    });

    const old = await new Client(ctx.app).login(username, STRONG_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ message: 'Invalid username or password' });
    expect((await new Client(ctx.app).login(username, OTHER_STRONG_PASSWORD)).status).toBe(200);

    // And it can be changed back, from the session that made the change.
    const back = await change(client, { currentPassword: OTHER_STRONG_PASSWORD, newPassword: STRONG_PASSWORD });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });
});
