// Staff accounts from the panel, on both databases: an administrator invites a colleague by e-mail (a one-time link,
// 48 hours, only its hash stored; expired, reused, replaced and revoked links refused), the colleague chooses a username
// and password and is signed in, staff must set up two-factor before the panel opens; the administrator sees who has
// access and when they last signed in, changes a role, signs someone out everywhere, resets their two-factor or their
// password (a link e-mailed, the old password dead at once, the second factor still asked), and removes access; each
// change audited, none of them on one's own account.
import { createHash } from 'node:crypto';

import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AuthStatus, PublicUser, TwoFactorSetup } from '#domains/account/model.ts';
import type { LinkPreview } from '#domains/account/schema.ts';
import { accountLinks, backupCodes, users } from '#domains/account/tables.ts';
import type { StaffInvitation, StaffMember, StaffPage } from '#domains/staff/schema.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { HOUR, SECOND, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { eventTypesOf } from '#tests/support/security-log.ts';
import { codeAt, enableTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

const COLLEAGUE_PASSWORD = 'Banana-Leaf#Aluva2026';
const NEW_PASSWORD = 'Sugarcane-Bowl!Kochi77';
const RAISED = { max: 1000, timeWindow: 60_000 };
type Member = StaffMember & { history: AuditEntry[] };
type Refusal = { message: string; code?: string };

describe.each(databaseKinds())('staff accounts on %s', (kind) => {
  // Monday 7 January 2030, 09:00:15 UTC (14:30 IST).
  const clock = new TestClock();
  let admin: Client;
  let adminId: number;

  const ctx = suiteApp(kind, { seed: false, now: clock.now, config: { rateLimits: { register: RAISED } } });
  beforeAll(async () => {
    adminId = (await createAccount(ctx.services, { username: 'asha_admin', role: 'admin', firstName: 'Asha' })).id;
    admin = new Client(ctx.app);
    await admin.signIn('asha_admin', STRONG_PASSWORD);
  });

  const lastMailTo = async (to: string) => {
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
    return mail!;
  };
  /** The token of the last link of that kind e-mailed to the address. */
  const linkIn = async (to: string, page: '/join' | '/reset-password') => {
    const mail = await lastMailTo(to);
    const match = new RegExp(`https?://[^\\s]+${page}#([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return match![1]!;
  };
  const invite = async (email: string, firstName: string, role: 'staff' | 'admin' = 'staff') => {
    const response = await admin.post<StaffInvitation>('/api/admin/staff', { email, firstName, role });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const accept = (token: string, username: string, password = COLLEAGUE_PASSWORD, client = new Client(ctx.app)) =>
    client.post<{ user: PublicUser } & Partial<Refusal>>('/api/auth/accept-invite', { token, username, password });
  /** Invites, accepts, and for staff turns two-factor on: a colleague signed in on the panel. */
  const colleague = async (username: string, role: 'staff' | 'admin' = 'staff') => {
    const email = `${username}@example.in`;
    await invite(email, username, role);
    const client = new Client(ctx.app);
    const accepted = await accept(await linkIn(email, '/join'), username, COLLEAGUE_PASSWORD, client);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const setup = role === 'staff' ? await enableTwoFactor(client, clock) : null;
    return { client, id: accepted.body.user.id, email, setup };
  };
  const member = async (id: number) => {
    const response = await admin.get<Member>(`/api/admin/staff/${id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('an invitation e-mails a one-time link (only its hash kept); accepting makes the account and signs the colleague in', async () => {
    const sent = await invite('  meera@example.in ', 'Meera');
    expect(sent).toMatchObject({ email: 'meera@example.in', firstName: 'Meera', role: 'staff', invitedBy: 'asha_admin' });
    // 48 hours from now.
    expect(new Date(sent.expiresAt).getTime() - clock.now().getTime()).toBe(48 * HOUR);

    const mail = await lastMailTo('meera@example.in');
    expect(mail.subject).toBe('Asha invited you to the Green Leaf Eco Tableware admin panel');
    expect(mail.text).toContain('Dear Meera,');
    expect(mail.text).toContain('as staff (enquiries, quotes, invoices, messages and products)');
    expect(mail.text).toContain('two-factor authentication');
    const token = await linkIn('meera@example.in', '/join');
    const [stored] = await ctx.database.db.select().from(accountLinks).where(eq(accountLinks.id, sent.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const visitor = new Client(ctx.app);
    const preview = await visitor.post<LinkPreview>('/api/auth/invitation', { token });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ purpose: 'invite', email: 'meera@example.in', firstName: 'Meera', role: 'staff' });

    const acceptedAt = clock.now();
    const accepted = await accept(token, 'meera.k', COLLEAGUE_PASSWORD, visitor);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.user).toMatchObject({
      username: 'meera.k',
      email: 'meera@example.in',
      firstName: 'Meera',
      role: 'staff',
    });
    expect(await visitor.status()).toMatchObject({ authenticated: true, isAdmin: false, pendingTwoFactor: false });

    // Staff set up two-factor before the panel opens to them.
    const before = await visitor.get<Refusal>('/api/admin/orders');
    expect(before.status).toBe(403);
    expect(before.body).toEqual({ message: 'Set up two-factor authentication first', code: 'TWO_FACTOR_SETUP' });
    await enableTwoFactor(visitor, clock);
    expect((await visitor.get('/api/admin/orders')).status).toBe(200);

    const list = await admin.get<StaffPage<StaffMember>>('/api/admin/staff');
    const meera = list.body.items.find((item) => item.username === 'meera.k');
    expect(meera).toMatchObject({ role: 'staff', twoFactorEnabled: true, backupCodesLeft: 10, signedIn: true });
    expect(meera!.lastSignInAt).toBe(acceptedAt.toISOString());
    expect((await admin.get<StaffPage<StaffInvitation>>('/api/admin/staff/invitations')).body.items).toEqual([]);
    expect(await eventTypesOf(ctx.database.db, 'meera.k')).toEqual(['INVITE_ACCEPTED', 'LOGIN_SUCCESS', '2FA_ENABLED']);
  });

  it('a used link is refused (410), also to a second tab, and a bad or unknown token too', async () => {
    await invite('nikhil@example.in', 'Nikhil');
    const token = await linkIn('nikhil@example.in', '/join');
    expect((await accept(token, 'nikhil')).status).toBe(201);
    const again = await accept(token, 'nikhil2');
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(
      'This invitation has already been used. Log in with the username you chose, or ask your administrator for a new one.',
    );
    expect((await new Client(ctx.app).post('/api/auth/invitation', { token })).status).toBe(410);
    // Another token of the right shape: unknown; the wrong shape: not a token at all.
    const unknown = await accept('A'.repeat(43), 'someone');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This link is not valid. Ask your administrator for a new one.');
    expect((await accept('short', 'someone')).status).toBe(400);
    expect((await ctx.database.db.select({ n: count() }).from(users).where(eq(users.username, 'nikhil2')))[0]!.n).toBe(0);
  });

  it('a link works until 48 hours have passed, and not a second later', async () => {
    await invite('omana@example.in', 'Omana');
    const early = await linkIn('omana@example.in', '/join');
    await invite('prem@example.in', 'Prem');
    const late = await linkIn('prem@example.in', '/join');
    const start = clock.now();
    // 47 h 59 min 59 s after sending: still open; at 48 h: expired.
    clock.set(start.getTime() + 48 * HOUR - SECOND);
    expect((await accept(early, 'omana')).status).toBe(201);
    clock.set(start.getTime() + 48 * HOUR);
    const expired = await accept(late, 'prem');
    // Two days on, the administrator's own 4-hour session has long ended: signed in again.
    admin = new Client(ctx.app);
    await admin.signIn('asha_admin', STRONG_PASSWORD);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe('This invitation has expired. Ask your administrator for a new one.');
    const listed = await admin.get<StaffPage<StaffInvitation>>('/api/admin/staff/invitations');
    expect(listed.body.items.find((item) => item.email === 'prem@example.in')).toMatchObject({ expired: true });

    // Sent again: a new link, valid from now; the old one stays dead.
    const id = listed.body.items.find((item) => item.email === 'prem@example.in')!.id;
    const resent = await admin.post<StaffInvitation>(`/api/admin/staff/invitations/${id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.expired).toBe(false);
    const fresh = await linkIn('prem@example.in', '/join');
    expect(fresh).not.toBe(late);
    expect((await accept(late, 'prem')).status).toBe(404);
    expect((await accept(fresh, 'prem')).status).toBe(201);
  });

  it('inviting an address again replaces its link; a revoked invitation is dead; a taken address or a bad role is refused', async () => {
    await invite('qadir@example.in', 'Qadir');
    const first = await linkIn('qadir@example.in', '/join');
    const second = await invite('qadir@example.in', 'Qadir', 'admin');
    const replacement = await linkIn('qadir@example.in', '/join');
    expect((await accept(first, 'qadir')).status).toBe(404);
    const open = await ctx.database.db
      .select({ n: count() })
      .from(accountLinks)
      .where(and(eq(accountLinks.email, 'qadir@example.in'), isNull(accountLinks.usedAt)));
    expect(open[0]!.n).toBe(1);

    const revoked = await admin.request('DELETE', `/api/admin/staff/invitations/${second.id}`);
    expect(revoked.status).toBe(200);
    expect((await accept(replacement, 'qadir')).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/staff/invitations/${second.id}`)).status).toBe(404);

    const taken = await admin.post<Refusal>('/api/admin/staff', {
      email: 'ASHA_ADMIN@example.in',
      firstName: 'Asha',
      role: 'staff',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('An account with that email already exists');
    const customerRole = await admin.post<Refusal>('/api/admin/staff', { email: 'r@example.in', firstName: 'R', role: 'user' });
    expect(customerRole.status).toBe(400);
    expect(customerRole.body.message).toBe("Invalid invitation: 'role' must be admin or staff");
    const badEmail = await admin.post<Refusal>('/api/admin/staff', { email: 'not-an-address', firstName: 'R', role: 'staff' });
    expect(badEmail.status).toBe(400);
    expect(
      (await admin.post('/api/admin/staff', { email: 'r@example.in', firstName: 'R', role: 'staff', extra: 1 })).status,
    ).toBe(400);
  });

  it('a weak password or a taken username is refused and leaves the link usable', async () => {
    await invite('rekha@example.in', 'Rekha');
    const token = await linkIn('rekha@example.in', '/join');
    const short = await accept(token, 'rekha', 'Short-1!');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Invalid invitation: Password must be at least 12 characters long');
    const plain = await accept(token, 'rekha', 'bananaleafplates');
    expect(plain.body.message).toBe('Invalid invitation: Password must contain uppercase, lowercase, numbers, and symbols');
    const taken = await accept(token, 'ASHA_admin');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That username is already taken');
    expect((await accept(token, 'rekha')).status).toBe(201);
  });

  it('a role change ends the colleague’s sessions and is audited; an administrator cannot change their own', async () => {
    const { client, id } = await colleague('suma');
    const promoted = await admin.request<Member>('PATCH', `/api/admin/staff/${id}`, { payload: { role: 'admin' } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body).toMatchObject({ role: 'admin', signedIn: false });
    expect(promoted.body.history[0]).toMatchObject({
      actor: 'asha_admin',
      action: 'role',
      before: { role: 'staff' },
      after: { role: 'admin' },
    });
    expect((await client.status()).authenticated).toBe(false);
    expect(await eventTypesOf(ctx.database.db, 'suma')).toContain('ROLE_CHANGED');

    const own = await admin.request<Refusal>('PATCH', `/api/admin/staff/${adminId}`, { payload: { role: 'staff' } });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot do this to your own account here: ask another administrator');
    for (const path of ['sign-out', 'reset-2fa', 'reset-password'])
      expect((await admin.post(`/api/admin/staff/${adminId}/${path}`)).status, path).toBe(403);
    expect((await admin.request('DELETE', `/api/admin/staff/${adminId}`)).status).toBe(403);

    // A customer's account is not the panel's: not found here.
    const customer = await createAccount(ctx.services, { username: 'customer_tara' });
    expect((await admin.request('PATCH', `/api/admin/staff/${customer.id}`, { payload: { role: 'staff' } })).status).toBe(404);
    expect((await admin.post(`/api/admin/staff/${customer.id}/reset-password`)).status).toBe(404);
  });

  it('signing a colleague out everywhere ends every session they have', async () => {
    const { client, setup } = await colleague('tanvi');
    const phone = new Client(ctx.app);
    await signInWithCode(phone, 'tanvi', COLLEAGUE_PASSWORD, setup!.manualEntryKey, clock);
    const id = (await phone.status()).user!.id;
    expect((await member(id)).signedIn).toBe(true);
    const answer = await admin.post<Member>(`/api/admin/staff/${id}/sign-out`);
    expect(answer.status).toBe(200);
    expect(answer.body.signedIn).toBe(false);
    expect(answer.body.history[0]).toMatchObject({ action: 'signed-out', actor: 'asha_admin' });
    for (const browser of [client, phone]) {
      expect((await browser.status()).authenticated).toBe(false);
      expect((await browser.get('/api/admin/orders')).status).toBe(401);
    }
  });

  it('resetting another account’s two-factor turns it off, deletes its codes, signs it out; staff must set it up again', async () => {
    const { id, setup } = await colleague('uma');
    expect((await ctx.database.db.select({ n: count() }).from(backupCodes).where(eq(backupCodes.userId, id)))[0]!.n).toBe(10);
    const reset = await admin.post<Member>(`/api/admin/staff/${id}/reset-2fa`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body).toMatchObject({ twoFactorEnabled: false, backupCodesLeft: 0, signedIn: false });
    expect(reset.body.history[0]).toMatchObject({ action: '2fa-reset', before: { twoFactorEnabled: true } });
    expect((await ctx.database.db.select({ n: count() }).from(backupCodes).where(eq(backupCodes.userId, id)))[0]!.n).toBe(0);
    expect(await eventTypesOf(ctx.database.db, 'uma')).toContain('2FA_RESET');

    // The old authenticator's code is no longer asked for, nor accepted; the panel waits for a new setup.
    const again = new Client(ctx.app);
    expect((await again.signIn('uma', COLLEAGUE_PASSWORD)).requiresTwoFactor).toBe(false);
    expect((await again.get<Refusal>('/api/admin/orders')).body.code).toBe('TWO_FACTOR_SETUP');
    const fresh = await again.post<TwoFactorSetup>('/api/auth/setup-2fa');
    expect(fresh.body.manualEntryKey).not.toBe(setup!.manualEntryKey);
    expect((await again.post('/api/auth/enable-2fa', { token: codeAt(setup!.manualEntryKey, clock.now()) })).status).toBe(400);
  });

  it('resetting another account’s password kills the old one, e-mails a one-time link, and keeps the second factor', async () => {
    const { client, id, email, setup } = await colleague('vasu');
    const reset = await admin.post<Member>(`/api/admin/staff/${id}/reset-password`);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.history[0]).toMatchObject({ action: 'password-reset', actor: 'asha_admin' });
    expect((await client.status()).authenticated).toBe(false);
    expect((await new Client(ctx.app).login('vasu', COLLEAGUE_PASSWORD)).status).toBe(401);

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe('Choose a new password for the Green Leaf Eco Tableware admin panel');
    expect(mail.text).toContain('Asha has reset the password of your admin panel account "vasu"');
    const token = await linkIn(email, '/reset-password');
    const preview = await new Client(ctx.app).post<LinkPreview>('/api/auth/password-reset', { token });
    expect(preview.body).toMatchObject({ purpose: 'password-reset', username: 'vasu', email });
    // An invitation's route does not take a reset's link, nor the other way round.
    expect((await accept(token, 'vasu2')).status).toBe(404);

    const weak = await new Client(ctx.app).post<Refusal>('/api/auth/reset-password', { token, password: 'short' });
    expect(weak.status).toBe(400);
    const done = await new Client(ctx.app).post<{ username: string }>('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.username).toBe('vasu');
    expect((await new Client(ctx.app).post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(410);

    // The new password signs in, and the authenticator code is still asked for.
    const back = new Client(ctx.app);
    expect((await back.signIn('vasu', NEW_PASSWORD)).requiresTwoFactor).toBe(true);
    expect((await back.verify(codeAt(setup!.manualEntryKey, clock.now()))).status).toBe(200);
    clock.nextTotpStep();
    expect(await eventTypesOf(ctx.database.db, 'vasu')).toEqual(expect.arrayContaining(['PASSWORD_RESET', 'PASSWORD_CHANGED']));
  });

  it('removing access deletes the account and its sessions; the audit keeps who it was', async () => {
    const { client, id } = await colleague('wahida', 'admin');
    const removed = await admin.request('DELETE', `/api/admin/staff/${id}`);
    expect(removed.status).toBe(200);
    expect((await client.status()).authenticated).toBe(false);
    expect((await new Client(ctx.app).login('wahida', COLLEAGUE_PASSWORD)).status).toBe(401);
    expect((await admin.get(`/api/admin/staff/${id}`)).status).toBe(404);
    const [entry] = await ctx.services.audit.history('account', id);
    expect(entry).toMatchObject({ action: 'removed', actor: 'asha_admin', before: { username: 'wahida', role: 'admin' } });
    expect(await eventTypesOf(ctx.database.db, 'wahida')).toContain('ACCESS_REMOVED');
  });

  it('an invitation dies with its sender’s right to invite: removed, demoted to staff or signed out everywhere', async () => {
    // Four administrators each invite a colleague as administrator; three then lose the right to invite.
    const senders = {
      removed: await colleague('rahul', 'admin'),
      demoted: await colleague('deepa', 'admin'),
      signedOut: await colleague('sibi', 'admin'),
      unaffected: await colleague('usha', 'admin'),
    };
    const invitedBy = async (sender: { client: Client }, name: string) => {
      const response = await sender.client.post<StaffInvitation>('/api/admin/staff', {
        email: `${name}@example.in`,
        firstName: name,
        role: 'admin',
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return { ...response.body, token: await linkIn(`${name}@example.in`, '/join') };
    };
    const dead = {
      removed: await invitedBy(senders.removed, 'invitee-r'),
      demoted: await invitedBy(senders.demoted, 'invitee-d'),
      signedOut: await invitedBy(senders.signedOut, 'invitee-s'),
    };
    const alive = await invitedBy(senders.unaffected, 'invitee-u');
    clock.advance(SECOND);

    expect((await admin.request('DELETE', `/api/admin/staff/${senders.removed.id}`)).status).toBe(200);
    const demoted = await admin.request('PATCH', `/api/admin/staff/${senders.demoted.id}`, { payload: { role: 'staff' } });
    expect(demoted.status).toBe(200);
    expect((await admin.post(`/api/admin/staff/${senders.signedOut.id}/sign-out`)).status).toBe(200);

    for (const [why, invitation] of Object.entries(dead)) {
      const preview = await new Client(ctx.app).post<Refusal>('/api/auth/invitation', { token: invitation.token });
      expect(preview.status, why).toBe(410);
      expect(preview.body.message, why).toBe('This link is not valid. Ask your administrator for a new one.');
      const refused = await accept(invitation.token, `${why}.admin`);
      expect(refused.status, why).toBe(410);
      expect(refused.body.message, why).toBe('This link is not valid. Ask your administrator for a new one.');
      expect((await admin.get(`/api/admin/staff?q=${why}.admin`)).body).toMatchObject({ total: 0 });
    }
    // The pending list shows only invitations that can still be accepted.
    const pending = (await admin.get<StaffPage<StaffInvitation>>('/api/admin/staff/invitations?q=invitee')).body;
    expect(pending.items.map((item) => item.email)).toEqual(['invitee-u@example.in']);

    // Signed in again after the sign-out everywhere, the same administrator's new invitations work.
    clock.advance(SECOND);
    const again = new Client(ctx.app);
    await again.signIn('sibi', COLLEAGUE_PASSWORD);
    const after = await invitedBy({ client: again }, 'invitee-s2');
    const accepted = [await accept(alive.token, 'usha.invitee'), await accept(after.token, 'sibi.invitee')];
    expect(accepted.map((response) => [response.status, response.body.user?.role])).toEqual([
      [201, 'admin'],
      [201, 'admin'],
    ]);
  });

  it('the list is paged and searched on the server, and shows who is signed in and when they last were', async () => {
    const page = await admin.get<StaffPage<StaffMember>>('/api/admin/staff?pageSize=2&page=1');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(4);
    const found = await admin.get<StaffPage<StaffMember>>('/api/admin/staff?q=ASHA');
    expect(found.body.items.map((item) => item.username)).toEqual(['asha_admin']);
    expect(found.body.items[0]).toMatchObject({ role: 'admin', signedIn: true });
    expect(found.body.items[0]!.lastSignInAt).not.toBeNull();
    // Customers are not listed.
    const customers = await admin.get<StaffPage<StaffMember>>('/api/admin/staff?q=customer');
    expect(customers.body.total).toBe(0);
    expect((await admin.get('/api/admin/staff?pageSize=1000')).status).toBe(400);
  });

  it('an administrator signs in later: last sign-in moves to that moment', async () => {
    clock.advance(HOUR);
    const again = new Client(ctx.app);
    await again.signIn('asha_admin', STRONG_PASSWORD);
    const status: AuthStatus = await again.status();
    expect(status.user?.role).toBe('admin');
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row!.lastSignInAt?.toISOString()).toBe(clock.now().toISOString());
  });
});
