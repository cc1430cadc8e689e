import { randomBytes } from 'node:crypto';

import { isCommonPassword } from '#domains/account/common-passwords.server.ts';
import {
  type LinkPurpose,
  type LinkRow,
  linkUrl,
  lockedInvitation,
  newLinkToken,
  previewLink,
  usableLink,
  useLink,
} from '#domains/account/links.server.ts';
import { greetingName, type PanelRole, type PublicUser, usesPanel } from '#domains/account/model.ts';
import {
  deleteAccount,
  deleteInvitation,
  type FreshLink,
  lockedAccounts,
  openInvitations,
  panelMemberCount,
  panelMembers,
  renewInvitation,
  replaceInvitation,
  replaceResetLink,
  updateAccount,
} from '#domains/account/panel-accounts.server.ts';
import { hashPassword } from '#domains/account/passwords.server.ts';
import {
  type AcceptInvite,
  type ForgotPassword,
  INVITE_HOURS,
  type LinkPreview,
  panelPasswordProblem,
  PASSWORD_RESET_HOURS,
  type ResetPassword,
} from '#domains/account/schema.ts';
import type { RequestFacts, SecurityLog } from '#domains/account/security-log.server.ts';
import { COMMON_PASSWORD, type NewSession } from '#domains/account/service.server.ts';
import type { LoginThrottle } from '#domains/account/throttle.server.ts';
import { EMAIL_TAKEN, publicUser, type UserRow, type UserService } from '#domains/account/users.server.ts';
import type { SettingsService } from '#domains/settings/service.server.ts';
import type { PublicShop } from '#domains/settings/shop.ts';
import {
  type CustomerPasswordResetForMail,
  customerPasswordResetMail,
  invitationMail,
  passwordResetMail,
} from '#domains/staff/mail.server.ts';
import {
  type InviteBody,
  type StaffInvitation,
  type StaffListQuery,
  type StaffMember,
  type StaffPage,
} from '#domains/staff/schema.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { conflict, invalid, notFound, refused } from '#lib/errors.ts';
import type { Language } from '#lib/language.ts';
import type { Actor, AuditLog } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { enqueueMail, type OutgoingMail } from '#platform/mail/outbox.ts';
import type { SessionService } from '#platform/session/service.ts';

const HOUR = 60 * 60 * 1000;
export const NOT_YOURSELF = 'You cannot do this to your own account here: ask another administrator';
const noMember = (id: number) => notFound(`No member of staff with id ${id}`);
const noInvitation = (id: number) => notFound(`No open invitation with id ${id}`);

export interface StaffDependencies {
  db: Db;
  users: UserService;
  sessions: SessionService;
  audit: AuditLog;
  log: SecurityLog;
  throttle: LoginThrottle;
  now: () => Date;
  /** A queued e-mail is waiting. */
  onMail: () => void;
  /** The shop's settings: the e-mails are signed with its name. */
  settings: SettingsService;
}

/**
 * The panel's accounts, as the administrators manage them: who has access, invitations by e-mail, roles, signing a
 * colleague out everywhere, resetting their two-factor or password, removing access; and the colleague's side of the
 * one-time links. Every change is in the audit log, and those that touch sign-in in the security log. An
 * administrator never does these to their own account here (the Security Center is for that), so the panel always
 * keeps an administrator; `npm run admin` is the way back in for the first account and for recovery.
 */
export class StaffAccounts {
  constructor(private readonly deps: StaffDependencies) {}

  async list(query: StaffListQuery): Promise<StaffPage<StaffMember>> {
    const [items, total] = await Promise.all([
      this.members({ q: query.q }, query.pageSize, (query.page - 1) * query.pageSize),
      panelMemberCount(this.deps.db, query.q),
    ]);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  /** One member and what was done to their account, newest first. */
  async get(id: number): Promise<StaffMember & { history: AuditEntry[] }> {
    const [member] = await this.members({ id }, 1, 0);
    if (!member) throw noMember(id);
    return { ...member, history: await this.deps.audit.history('account', id) };
  }

  /** Members with their backup codes left and whether they are signed in anywhere now. */
  private async members(which: { id?: number; q?: string }, limit: number, offset: number): Promise<StaffMember[]> {
    const rows = await panelMembers(this.deps.db, which, this.deps.now(), limit, offset);
    return rows.map(({ user, ...rest }) => memberOf(user, rest));
  }

  /**
   * Invitations not yet accepted (expired ones too, to send again), newest first; not those whose sender can no longer
   * invite (they cannot be accepted, and the address may simply be invited again).
   */
  async invitations(query: StaffListQuery): Promise<StaffPage<StaffInvitation>> {
    const { rows, total } = await openInvitations(this.deps.db, query.q, query.pageSize, (query.page - 1) * query.pageSize);
    return {
      items: rows.map(({ link, invitedBy }) => this.invitationOf(link, invitedBy)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Invites a colleague by e-mail; inviting the same address again replaces the earlier link. */
  async invite(body: InviteBody, actor: Actor, siteUrl: string): Promise<StaffInvitation> {
    if (await this.deps.users.emailTaken(body.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    return this.sendInvitation(actor, siteUrl, 'invite', (tx, fresh) =>
      replaceInvitation(tx, { email: body.email, firstName: body.firstName, role: body.role, createdBy: actor.userId }, fresh),
    );
  }

  /** A new link for an open invitation, valid from now; the one sent before stops working. */
  async resendInvitation(id: number, actor: Actor, siteUrl: string): Promise<StaffInvitation> {
    return this.sendInvitation(actor, siteUrl, 'invite-resent', async (tx, fresh) => {
      const row = await renewInvitation(tx, id, { ...fresh, createdBy: actor.userId });
      if (!row) throw noInvitation(id);
      return row;
    });
  }

  /**
   * An invitation's link made afresh, valid from now: `store` writes it (a new invitation, or an open one again) in the
   * transaction that queues its e-mail and records `action`.
   */
  private async sendInvitation(
    actor: Actor,
    siteUrl: string,
    action: 'invite' | 'invite-resent',
    store: (tx: Tx, fresh: FreshLink) => Promise<LinkRow>,
  ): Promise<StaffInvitation> {
    const from = await this.inviterName(actor);
    const now = this.deps.now();
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + INVITE_HOURS * HOUR);
    const link = await this.deps.db.transaction(async (tx) => {
      const row = await store(tx, { tokenHash, createdAt: now, expiresAt });
      const invite = { email: row.email, firstName: row.firstName ?? '', role: (row.role ?? 'staff') as PanelRole };
      await enqueueMail(
        tx,
        invitationMail(await this.deps.settings.publicShop(tx), {
          ...invite,
          invitedBy: from,
          url: linkUrl(siteUrl, 'invite', token),
          expiresAt,
        }),
      );
      await this.deps.audit.record(tx, actor, { entity: 'invitation', entityId: row.id, action, before: null, after: invite });
      return row;
    });
    this.deps.onMail();
    return this.invitationOf(link, actor.username);
  }

  async revokeInvitation(id: number, actor: Actor): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await deleteInvitation(tx, id);
      if (!row) throw noInvitation(id);
      await this.deps.audit.record(tx, actor, {
        entity: 'invitation',
        entityId: id,
        action: 'invite-revoked',
        before: { email: row.email, role: row.role },
        after: null,
      });
    });
  }

  /** Another role for a colleague; they sign in again to get it (their sessions end). */
  async setRole(id: number, role: PanelRole, actor: Actor, facts: RequestFacts): Promise<StaffMember> {
    const before = await this.deps.db.transaction(async (tx) => {
      const target = await this.lockedTarget(tx, id, actor);
      if (target.role === role) return null;
      await updateAccount(tx, id, { role });
      await this.deps.audit.record(tx, actor, {
        entity: 'account',
        entityId: id,
        action: 'role',
        before: { role: target.role },
        after: { role },
      });
      return target;
    });
    if (before) {
      await this.deps.sessions.destroyForUser(id);
      await this.deps.log.record('ROLE_CHANGED', facts, { username: before.username, userId: id });
    }
    return this.get(id);
  }

  async signOutEverywhere(id: number, actor: Actor, facts: RequestFacts): Promise<StaffMember> {
    const target = await this.target(id, actor);
    await this.deps.sessions.destroyForUser(id);
    await this.deps.audit.record(this.deps.db, actor, {
      entity: 'account',
      entityId: id,
      action: 'signed-out',
      before: null,
      after: null,
    });
    await this.deps.log.record('SESSIONS_ENDED', facts, { username: target.username, userId: id });
    return this.get(id);
  }

  /** Two-factor off, its secret and backup codes gone, signed out everywhere: a lost phone. */
  async resetTwoFactor(id: number, actor: Actor, facts: RequestFacts): Promise<StaffMember> {
    const target = await this.target(id, actor);
    await this.deps.users.resetTwoFactor(id);
    await this.deps.sessions.destroyForUser(id);
    await this.deps.audit.record(this.deps.db, actor, {
      entity: 'account',
      entityId: id,
      action: '2fa-reset',
      before: { twoFactorEnabled: target.twoFactorEnabled },
      after: { twoFactorEnabled: false },
    });
    await this.deps.log.record('2FA_RESET', facts, { username: target.username, userId: id });
    return this.get(id);
  }

  /**
   * The colleague's password stops working at once, they are signed out everywhere, and a one-time link to choose a
   * new one is e-mailed to them: the administrator never knows it.
   */
  async resetPassword(id: number, actor: Actor, facts: RequestFacts, siteUrl: string): Promise<StaffMember> {
    const target = await this.target(id, actor);
    const from = await this.actorName(actor);
    const now = this.deps.now();
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    await this.deps.db.transaction(async (tx) => {
      await updateAccount(tx, id, { passwordHash: unusable, passwordChangedAt: now });
      await this.mailResetLink(tx, target, siteUrl, now, actor.userId, (shop, reset) =>
        passwordResetMail(shop, { ...reset, resetBy: from }),
      );
      await this.deps.audit.record(tx, actor, {
        entity: 'account',
        entityId: id,
        action: 'password-reset',
        before: null,
        after: null,
      });
    });
    this.deps.onMail();
    await this.deps.sessions.destroyForUser(id);
    // The account may have been locked by failed attempts: the new password should work at once.
    await this.deps.throttle.recordSuccess(target.username);
    await this.deps.log.record('PASSWORD_RESET', facts, { username: target.username, userId: id });
    return this.get(id);
  }

  /** Removes the account (its sessions, codes and links with it); the audit and security logs keep its name. */
  async remove(id: number, actor: Actor, facts: RequestFacts): Promise<void> {
    const target = await this.deps.db.transaction(async (tx) => {
      const row = await this.lockedTarget(tx, id, actor);
      await deleteAccount(tx, id);
      await this.deps.audit.record(tx, actor, {
        entity: 'account',
        entityId: id,
        action: 'removed',
        before: { username: row.username, email: row.email, role: row.role },
        after: null,
      });
      return row;
    });
    await this.deps.log.record('ACCESS_REMOVED', facts, { username: target.username, userId: null });
  }

  preview(purpose: LinkPurpose, token: string): Promise<LinkPreview> {
    return previewLink(this.deps.db, purpose, token, this.deps.now());
  }

  /**
   * The colleague's side of an invitation: their username and password make the account, the link is used up, and
   * they are signed in (a new session: staff go on to set up two-factor).
   */
  async acceptInvite(
    input: AcceptInvite,
    session: { id: number } | null,
    facts: RequestFacts,
  ): Promise<{ user: PublicUser } & NewSession> {
    if (isCommonPassword(input.password)) throw invalid(COMMON_PASSWORD, { password: COMMON_PASSWORD });
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const link = await lockedInvitation(tx, input.token, now);
      const role = (link.role ?? 'staff') as PanelRole;
      const user = await this.deps.users.insert(
        { username: input.username, email: link.email, firstName: link.firstName ?? '', lastName: '', role, passwordHash },
        tx,
      );
      await useLink(tx, link.id, now);
      await updateAccount(tx, user.id, { lastSignInAt: now });
      await this.deps.audit.record(
        tx,
        { userId: user.id, username: user.username },
        { entity: 'account', entityId: user.id, action: 'invite-accepted', before: null, after: { role, invitation: link.id } },
      );
      return user;
    });
    const who = { username: row.username, userId: row.id };
    await this.deps.log.record('INVITE_ACCEPTED', facts, who);
    await this.deps.log.record('LOGIN_SUCCESS', facts, who);
    const state = { userId: row.id, twoFactorPending: false, twoFactorVerified: false, authenticatedAt: now };
    const next = await this.deps.sessions.establish(session?.id ?? null, state, row.role);
    return { user: publicUser(row), ...next };
  }

  /**
   * A new password through a reset link. The colleague then logs in as usual (with their code when two-factor is on):
   * a link in an e-mail is never a way past the second factor.
   */
  async finishPasswordReset(input: ResetPassword, facts: RequestFacts): Promise<{ username: string }> {
    if (isCommonPassword(input.password)) throw invalid(COMMON_PASSWORD, { password: COMMON_PASSWORD });
    const now = this.deps.now();
    const { role } = await previewLink(this.deps.db, 'password-reset', input.token, now);
    const panelProblem = usesPanel(role) ? panelPasswordProblem(input.password) : null;
    if (panelProblem) throw invalid(panelProblem, { password: panelProblem });
    const passwordHash = await hashPassword(input.password);
    const row = await this.deps.db.transaction(async (tx) => {
      const link = await usableLink(tx, 'password-reset', input.token, now, { lock: true });
      const user = await updateAccount(tx, link.userId ?? 0, { passwordHash, passwordChangedAt: now });
      if (!user) throw noMember(link.userId ?? 0);
      await useLink(tx, link.id, now);
      await this.deps.audit.record(
        tx,
        { userId: user.id, username: user.username },
        { entity: 'account', entityId: user.id, action: 'password-set', before: null, after: null },
      );
      return user;
    });
    await this.deps.sessions.destroyForUser(row.id);
    await this.deps.throttle.recordSuccess(row.username);
    await this.deps.log.record('PASSWORD_CHANGED', facts, { username: row.username, userId: row.id });
    return { username: row.username };
  }

  /**
   * A customer who forgot their password asks for a link by e-mail. The answer is the same whether or not a customer
   * account uses the address (the caller cannot tell): only a customer's account gets the e-mail, since a panel
   * account's reset is an administrator's to start. The old password keeps working until the link is used, so that
   * nobody can lock a customer out by asking; asking again replaces the earlier link.
   */
  async requestPasswordReset(input: ForgotPassword, siteUrl: string): Promise<void> {
    const account = await this.deps.users.findByEmail(input.email);
    if (!account || account.role !== 'user') return;
    await this.deps.db.transaction(async (tx) => {
      await this.mailResetLink(
        tx,
        account,
        siteUrl,
        this.deps.now(),
        null,
        (shop, reset) => customerPasswordResetMail(shop, reset, input.language),
        input.language,
      );
    });
    this.deps.onMail();
  }

  /**
   * A password-reset link for the account, valid from `now`, in place of any still open (one works at a time), made by
   * `createdBy` (null: the customer asked), and its e-mail, which `mail` writes, queued in the same transaction.
   */
  private async mailResetLink(
    tx: Tx,
    account: UserRow,
    siteUrl: string,
    now: Date,
    createdBy: number | null,
    mail: (shop: PublicShop, reset: CustomerPasswordResetForMail) => OutgoingMail,
    /** The language of the page the link was asked for from: its link opens that page. */
    language: Language = 'en',
  ): Promise<void> {
    const { token, tokenHash } = newLinkToken();
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_HOURS * HOUR);
    await replaceResetLink(tx, account, { tokenHash, createdBy, createdAt: now, expiresAt });
    const reset = {
      email: account.email,
      firstName: account.firstName,
      username: account.username,
      url: linkUrl(siteUrl, 'password-reset', token, language),
      expiresAt,
    };
    await enqueueMail(tx, mail(await this.deps.settings.publicShop(tx), reset));
  }

  private async member(id: number): Promise<UserRow> {
    const row = await this.deps.users.findById(id);
    if (!row || !usesPanel(row.role)) throw noMember(id);
    return row;
  }

  /** A colleague the actor may change: a panel account, and not the actor's own. */
  private async target(id: number, actor: Actor): Promise<UserRow> {
    if (id === actor.userId) throw refused(NOT_YOURSELF);
    return this.member(id);
  }

  /**
   * The same, with the actor's and the colleague's rows locked in id order for the transaction: two administrators
   * demoting or removing each other at once cannot both succeed and leave the panel without one.
   */
  private async lockedTarget(tx: Pick<Db, 'select'>, id: number, actor: Actor): Promise<UserRow> {
    if (id === actor.userId) throw refused(NOT_YOURSELF);
    const rows = await lockedAccounts(tx, [id, actor.userId ?? 0]);
    if (rows.find((row) => row.id === actor.userId)?.role !== 'admin') throw refused('This area is for administrators only');
    const target = rows.find((row) => row.id === id);
    if (!target || !usesPanel(target.role)) throw noMember(id);
    return target;
  }

  /** The actor as a colleague knows them (first name, else username). */
  private async actorName(actor: Actor): Promise<string> {
    const row = actor.userId === null ? null : await this.deps.users.findById(actor.userId);
    return row ? greetingName(row) : actor.username;
  }

  /**
   * The sender as an invitation names them: their first name, else null (the e-mail then names the shop): a username
   * such as "admin" tells the colleague nothing about who asked them in.
   */
  private async inviterName(actor: Actor): Promise<string | null> {
    const row = actor.userId === null ? null : await this.deps.users.findById(actor.userId);
    return row?.firstName.trim() || null;
  }

  private invitationOf(link: LinkRow, invitedBy: string | null): StaffInvitation {
    return {
      id: link.id,
      email: link.email,
      firstName: link.firstName ?? '',
      role: (link.role ?? 'staff') as PanelRole,
      invitedBy,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      expired: link.expiresAt <= this.deps.now(),
    };
  }
}

function memberOf(row: UserRow, extra: { backupCodesLeft: number; signedIn: boolean }): StaffMember {
  return {
    ...publicUser(row),
    role: row.role as PanelRole,
    backupCodesLeft: row.twoFactorEnabled ? extra.backupCodesLeft : 0,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    signedIn: extra.signedIn,
    createdAt: row.createdAt.toISOString(),
  };
}
