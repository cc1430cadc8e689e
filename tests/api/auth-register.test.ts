// Registration: POST /api/auth/register and the rules of every field.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { AuthStatus, PublicUser } from '#domains/account/model.ts';
import { COMMON_PASSWORD } from '#domains/account/service.server.ts';
import { users } from '#domains/account/tables.ts';
import { EMAIL_TAKEN, USERNAME_TAKEN } from '#domains/account/users.server.ts';
import { Client, PUBLIC_USER_KEYS, type Refusal, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { validationError } from '#tests/support/enquiry.ts';

const ANITHA = {
  firstName: 'Anitha',
  lastName: 'Menon',
  username: 'anitha_m',
  email: 'anitha@example.in',
  password: STRONG_PASSWORD,
};

describe.each(databaseKinds())('registration on %s', (kind) => {
  const clock = new TestClock();
  let next = 0;
  /** A registration body no other test uses, with changes. */
  const fresh = (change: Record<string, unknown> = {}) => {
    next++;
    return { ...ANITHA, username: `member${next}`, email: `member${next}@example.in`, ...change };
  };

  // Sign-ups are limited per IP per hour; these tests make more than that from one address.
  const ctx = suiteApp(kind, {
    seed: false,
    now: clock.now,
    config: { rateLimits: { register: { max: 10_000, timeWindow: 3_600_000 } } },
  });

  const register = (client: Client, payload: unknown) =>
    client.post<{ user: PublicUser } & Refusal>('/api/auth/register', payload as Record<string, unknown>);

  it('answers 201 {user} with the public fields only, and the visitor is signed in at once', async () => {
    const client = new Client(ctx.app);
    const before = await client.csrfToken();
    const preToken = client.token;
    const response = await register(client, ANITHA);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(Object.keys(response.body)).toEqual(['user']);
    expect(Object.keys(response.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(response.body.user).toEqual({
      id: expect.any(Number),
      username: ANITHA.username,
      email: ANITHA.email,
      firstName: ANITHA.firstName,
      lastName: ANITHA.lastName,
      role: 'user',
      twoFactorEnabled: false,
    });
    const text = response.raw.body.toLowerCase();
    for (const secret of ['password', 'hash', 'secret', 'argon2', 'backup', STRONG_PASSWORD.toLowerCase()])
      expect(text).not.toContain(secret);

    // Signed in under a new session token (the pre-registration cookie and its CSRF token stop working).
    expect(client.token).toBeDefined();
    expect(client.token).not.toBe(preToken);
    const status = await client.status();
    expect(status).toEqual({
      authenticated: true,
      user: response.body.user,
      isAdmin: false,
      twoFactorVerified: false,
      pendingTwoFactor: false,
      requiresTwoFactor: false,
      twoFactorEnabled: false,
    } satisfies AuthStatus);
    expect((await client.withToken(preToken).status()).authenticated).toBe(false);
    expect(await client.csrfToken()).not.toBe(before);

    // Stored: an argon2id hash, not the password; no two-factor secret.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, response.body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(STRONG_PASSWORD);
    expect(row!.twoFactorSecret).toBeNull();
    expect(row!.role).toBe('user');

    // And the account signs in with that password.
    const other = new Client(ctx.app);
    expect((await other.login(ANITHA.username, STRONG_PASSWORD)).status).toBe(200);
  });

  it('trims names, username and email', async () => {
    const client = new Client(ctx.app);
    const body = fresh();
    const response = await register(client, {
      ...body,
      firstName: '  Ravi ',
      lastName: ' Nair  ',
      username: ` ${body.username} `,
      email: ` ${body.email}  `,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.user).toMatchObject({ firstName: 'Ravi', lastName: 'Nair', username: body.username, email: body.email });
  });

  it.each([
    ['the same username', { username: 'anitha_m' }, USERNAME_TAKEN],
    ['the username in other case', { username: 'ANITHA_M' }, USERNAME_TAKEN],
    ['the username in mixed case', { username: 'Anitha_M' }, USERNAME_TAKEN],
    ['the same email', { email: 'anitha@example.in' }, EMAIL_TAKEN],
    ['the email in other case', { email: 'ANITHA@EXAMPLE.IN' }, EMAIL_TAKEN],
    ['the email in mixed case', { email: 'Anitha@Example.In' }, EMAIL_TAKEN],
  ])('refuses %s with 409 and the message naming what is taken', async (_label, change, message) => {
    const client = new Client(ctx.app);
    const response = await register(client, fresh(change));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message });
    expect((await client.status()).authenticated).toBe(false);
  });

  it('names the username first when both are taken', async () => {
    const response = await register(new Client(ctx.app), { ...ANITHA, username: 'Anitha_M', email: 'ANITHA@example.in' });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: USERNAME_TAKEN });
  });

  it('refuses a common password with 400 and the COMMON_PASSWORD message', async () => {
    const count = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    const before = await count();
    for (const password of ['password123', 'Password123!', 'qwertyuiop']) {
      const client = new Client(ctx.app);
      const response = await register(client, fresh({ password }));
      expect(response.status, password).toBe(400);
      expect(response.body).toEqual({ message: COMMON_PASSWORD, errors: { password: COMMON_PASSWORD } });
      expect((await client.status()).authenticated).toBe(false);
    }
    expect(await count()).toBe(before);
  });

  const invalid: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['an empty first name', { firstName: '' }, { firstName: 'First name is required' }],
    ['a first name of spaces', { firstName: '   ' }, { firstName: 'First name is required' }],
    ['a 51-character first name', { firstName: 'a'.repeat(51) }, { firstName: 'First name must be at most 50 characters' }],
    ['an empty last name', { lastName: '' }, { lastName: 'Last name is required' }],
    ['a last name of spaces', { lastName: ' ' }, { lastName: 'Last name is required' }],
    ['a 51-character last name', { lastName: 'b'.repeat(51) }, { lastName: 'Last name must be at most 50 characters' }],
    ['an empty username', { username: '' }, { username: 'Username is required' }],
    [
      'a 2-character username',
      { username: 'ab' },
      { username: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores' },
    ],
    [
      'a 31-character username',
      { username: 'u'.repeat(31) },
      { username: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores' },
    ],
    [
      'a username with a space',
      { username: 'anitha m' },
      { username: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores' },
    ],
    [
      'a username with an @',
      { username: 'anitha@home' },
      { username: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores' },
    ],
    ['an empty email', { email: '' }, { email: 'Email is required' }],
    ['an email without @', { email: 'anitha.example.in' }, { email: 'Please enter a valid email address' }],
    ['a 255-character email', { email: `${'e'.repeat(244)}@example.in` }, { email: 'Please enter a valid email address' }],
    ['an empty password', { password: '' }, { password: 'Password is required' }],
    ['a 7-character password', { password: 'Kq7#mZp' }, { password: 'Password must be at least 8 characters long' }],
    [
      'a 257-character password',
      { password: `Aa1!${'x'.repeat(253)}` },
      { password: 'Password must be at most 256 characters long' },
    ],
    ['an unknown field', { confirmPassword: STRONG_PASSWORD }, { confirmPassword: "Unknown field 'confirmPassword'" }],
    ['a role field', { role: 'admin' }, { role: "Unknown field 'role'" }],
  ];

  it.each(invalid)('refuses %s with 400 and the field message, creating nothing', async (_label, change, errors) => {
    const client = new Client(ctx.app);
    const response = await register(client, fresh(change));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationError('registration', errors));
    expect((await client.status()).authenticated).toBe(false);
  });

  it.each(['firstName', 'lastName', 'username', 'email', 'password'])(
    'refuses a body without %s with 400 naming that field',
    async (field) => {
      const payload = Object.fromEntries(Object.entries(fresh()).filter(([key]) => key !== field));
      const response = await register(new Client(ctx.app), payload);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors ?? {})).toEqual([field]);
      expect(response.body.message).toMatch(/^Invalid registration: /);
    },
  );

  it('names every wrong field at once', async () => {
    const rows = [
      'an empty first name',
      'an empty last name',
      'a 2-character username',
      'an email without @',
      'a 7-character password',
    ].map((label) => invalid.find(([of]) => of === label)!);
    const response = await register(new Client(ctx.app), Object.assign({}, ...rows.map(([, change]) => change)));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationError('registration', Object.assign({}, ...rows.map(([, , errors]) => errors))));
    expect(Object.keys(response.body.errors!)).toEqual(['firstName', 'lastName', 'username', 'email', 'password']);
  });

  it('cannot make an administrator: the role is always user', async () => {
    const client = new Client(ctx.app);
    const response = await register(client, fresh());
    expect(response.status).toBe(201);
    expect(response.body.user.role).toBe('user');
    expect((await client.status()).isAdmin).toBe(false);
    expect((await client.get('/api/admin/security-logs')).status).toBe(403);
  });

  it('needs the CSRF token', async () => {
    const client = new Client(ctx.app);
    await client.csrfToken();
    const response = await client.post<Refusal>('/api/auth/register', fresh(), { csrf: false });
    expect(response.status).toBe(403);
    expect((await client.status()).authenticated).toBe(false);
  });
});
