import { and, count, eq, isNull, lt, or } from 'drizzle-orm';

import {
  ANONYMOUS,
  type AuthStatus,
  type PublicUser,
  type SecurityEventType,
  type SessionTime,
  type TwoFactorSetup,
} from '#domains/account/model.ts';
import { type ChangePasswordPayload, type LoginInput, type RegisterPayload } from '#domains/account/schema.ts';
import { backupCodes, users } from '#domains/account/tables.ts';
import { conflict, invalid, notSignedIn } from '#lib/errors.ts';
import { msg } from '#lib/i18n/translate.ts';
import type { Db } from '#platform/db/client.ts';
import type { SessionService, SessionState, VisitorSession } from '#platform/session/service.ts';

import { generateBackupCodes, hashBackupCode, normalizeBackupCode } from './backup-codes.server.ts';
import { isCommonPassword } from './common-passwords.server.ts';
import { burnPasswordCheck, verifyPassword } from './passwords.server.ts';
import type { SecretBox } from './secret-box.server.ts';
import type { RequestFacts, SecurityLog } from './security-log.server.ts';
import type { AttemptKeys, LoginThrottle } from './throttle.server.ts';
import { createTotpSecret, matchTotp, qrCodeDataUrl, totpUri } from './totp.server.ts';
import { publicUser, type UserRow, type UserService } from './users.server.ts';

// The sign-in page shows these in the page's language (marked for the catalogue, lib/i18n).
export const INVALID_CREDENTIALS = msg('Invalid username or password');
export const INVALID_CODE = msg('Invalid verification code');
export const SIGN_IN_EXPIRED = msg('Your sign-in has expired. Please log in again.');
export const COMMON_PASSWORD = msg('This password is too common. Please choose a less guessable one.');
export const NOT_SIGNED_IN = 'Please log in first';
export const CODE_PENDING = 'Please enter your two-factor code first';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
/** How long after the password the two-factor code may come: a stolen password alone buys little time. */
export const CODE_WINDOW_MS = 10 * 60 * 1000;

/** A session re-keyed by a sign-in or a privilege change: the route sets the new cookie. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface AuthDependencies {
  db: Db;
  users: UserService;
  sessions: SessionService;
  /**
   * Moves a guest's cart lines into the account's at sign-in: the cart is the concept above, wired in by
   * server/services.ts.
   */
  joinGuestCart: (sessionId: number, userId: number) => Promise<void>;
  throttle: LoginThrottle;
  log: SecurityLog;
  /** Encrypts two-factor secrets at rest. */
  secretBox: SecretBox;
  backupCodeKey: Buffer;
  /** The issuer name authenticator apps show: the shop's trading name when the secret is made. */
  issuer: () => Promise<string>;
  now: () => Date;
}

/** Registration, sign-in with optional two-factor, sign-out, two-factor setup and password changes. */
export class AuthService {
  constructor(private readonly deps: AuthDependencies) {}

  status(session: VisitorSession | null): AuthStatus {
    if (!session?.user) return ANONYMOUS;
    return {
      authenticated: true,
      user: session.user,
      isAdmin: session.user.role === 'admin',
      twoFactorVerified: session.twoFactorVerified,
      pendingTwoFactor: session.twoFactorPending,
      requiresTwoFactor: session.twoFactorPending,
      twoFactorEnabled: session.user.twoFactorEnabled,
    };
  }

  async register(input: RegisterPayload, session: VisitorSession | null): Promise<{ user: PublicUser } & NewSession> {
    if (isCommonPassword(input.password)) throw invalid(COMMON_PASSWORD, { password: COMMON_PASSWORD });
    const row = await this.deps.users.create({ ...input, role: 'user' });
    return { user: publicUser(row), ...(await this.signIn(row, session, { verified: false, authenticatedAt: this.deps.now() })) };
  }

  async login(
    input: LoginInput,
    session: VisitorSession | null,
    facts: RequestFacts,
  ): Promise<{ user: PublicUser; requiresTwoFactor: boolean } & NewSession> {
    const row = await this.deps.users.findForSignIn(input.username);
    // Counted against the account, whichever of its name or e-mail address was typed.
    const keys = { account: row?.username ?? input.username, ip: facts.ip };
    await this.deps.throttle.check(keys);
    // An unknown name costs the same hashing time as a wrong password, and is counted the same way.
    const accepted = row ? await verifyPassword(row.passwordHash, input.password) : await burnPasswordCheck(input.password);
    if (!row || !accepted) {
      await this.failed('LOGIN_FAILED', keys, facts, row);
      throw notSignedIn(INVALID_CREDENTIALS);
    }
    await this.deps.throttle.recordSuccess(keys.account);
    const authenticatedAt = this.deps.now();
    if (row.twoFactorEnabled) {
      const state = { userId: row.id, twoFactorPending: true, twoFactorVerified: false, authenticatedAt };
      const next = await this.deps.sessions.establish(session?.id ?? null, state, row.role);
      return { user: publicUser(row), requiresTwoFactor: true, ...next };
    }
    await this.signedInFully(row, facts);
    return {
      user: publicUser(row),
      requiresTwoFactor: false,
      ...(await this.signIn(row, session, { verified: false, authenticatedAt })),
    };
  }

  async verifyTwoFactor(
    code: string,
    session: VisitorSession | null,
    facts: RequestFacts,
  ): Promise<{ user: PublicUser } & NewSession> {
    if (!session?.user || !session.twoFactorPending || !session.authenticatedAt) throw notSignedIn(SIGN_IN_EXPIRED);
    if (this.deps.now().getTime() - session.authenticatedAt.getTime() > CODE_WINDOW_MS) throw notSignedIn(SIGN_IN_EXPIRED);
    const keys = { account: session.user.username, ip: facts.ip };
    await this.deps.throttle.check(keys);
    const row = await this.deps.users.findById(session.user.id);
    if (!row || !(await this.acceptCode(row, code))) {
      await this.failed('2FA_FAILED', keys, facts, row);
      throw notSignedIn(INVALID_CODE);
    }
    await this.deps.throttle.recordSuccess(row.username);
    await this.deps.log.record('2FA_VERIFIED', facts, { username: row.username, userId: row.id });
    await this.signedInFully(row, facts);
    const next = await this.signIn(row, session, { verified: true, authenticatedAt: session.authenticatedAt });
    return { user: publicUser(row), ...next };
  }

  async logout(session: VisitorSession | null, facts: RequestFacts): Promise<void> {
    if (!session) return;
    await this.deps.sessions.destroy(session.id);
    if (session.user) await this.deps.log.record('LOGOUT', facts, { username: session.user.username, userId: session.user.id });
  }

  async setupTwoFactor(current: VisitorSession | null): Promise<TwoFactorSetup> {
    const { row } = await this.signedIn(current);
    if (row.twoFactorEnabled) throw conflict('Two-factor authentication is already enabled');
    const secret = createTotpSecret();
    const codes = generateBackupCodes();
    const qrCode = await qrCodeDataUrl(totpUri(secret, row.username, await this.deps.issuer()));
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ twoFactorSecret: this.deps.secretBox.seal(secret), lastTotpStep: null })
        .where(eq(users.id, row.id));
      await this.replaceBackupCodes(tx, row.id, codes);
    });
    return { qrCode, manualEntryKey: secret, backupCodes: codes };
  }

  /** How many of the account's backup codes are still unused (0 without two-factor). */
  async backupCodesLeft(current: VisitorSession | null): Promise<{ left: number }> {
    const { row } = await this.signedIn(current);
    if (!row.twoFactorEnabled) return { left: 0 };
    const [counted] = await this.deps.db
      .select({ n: count() })
      .from(backupCodes)
      .where(and(eq(backupCodes.userId, row.id), isNull(backupCodes.usedAt)));
    return { left: counted?.n ?? 0 };
  }

  /**
   * A new set of backup codes, the old ones void. It takes a current authenticator code: a session left open on a
   * shared computer must not be enough to take the account's way back in.
   */
  async renewBackupCodes(code: string, current: VisitorSession | null, facts: RequestFacts): Promise<{ backupCodes: string[] }> {
    const { row } = await this.signedIn(current);
    if (!row.twoFactorEnabled) throw conflict('Two-factor authentication is not on');
    const keys = { account: row.username, ip: facts.ip };
    await this.deps.throttle.check(keys);
    if (!(await this.acceptTotp(row, code))) {
      await this.failed('2FA_FAILED', keys, facts, row);
      throw invalid(INVALID_CODE, { token: INVALID_CODE });
    }
    const codes = generateBackupCodes();
    await this.deps.db.transaction((tx) => this.replaceBackupCodes(tx, row.id, codes));
    await this.deps.log.record('BACKUP_CODES_RENEWED', facts, { username: row.username, userId: row.id });
    return { backupCodes: codes };
  }

  /**
   * When the signed-in session ends (a panel session 4 hours after its password, whatever is done meanwhile), and how
   * many seconds that leaves by the server's clock, so a page counts down right whatever its own clock says.
   */
  session(current: VisitorSession | null): SessionTime {
    if (!current?.user || current.twoFactorPending) throw notSignedIn(NOT_SIGNED_IN);
    const left = current.expiresAt.getTime() - this.deps.now().getTime();
    return { expiresAt: current.expiresAt.toISOString(), secondsLeft: Math.max(0, Math.floor(left / 1000)) };
  }

  private async replaceBackupCodes(tx: Pick<Db, 'delete' | 'insert'>, userId: number, codes: string[]): Promise<void> {
    await tx.delete(backupCodes).where(eq(backupCodes.userId, userId));
    await tx
      .insert(backupCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashBackupCode(this.deps.backupCodeKey, code) })));
  }

  async enableTwoFactor(
    code: string,
    current: VisitorSession | null,
    facts: RequestFacts,
  ): Promise<{ user: PublicUser } & NewSession> {
    const { session, row } = await this.signedIn(current);
    if (row.twoFactorEnabled) throw conflict('Two-factor authentication is already enabled');
    if (!row.twoFactorSecret) throw invalid('Start two-factor setup first');
    if (!(await this.acceptTotp(row, code))) throw invalid(INVALID_CODE, { token: INVALID_CODE });
    const [updated] = await this.deps.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorVerified: true })
      .where(eq(users.id, row.id))
      .returning();
    if (!updated) throw notSignedIn(NOT_SIGNED_IN);
    await this.deps.log.record('2FA_ENABLED', facts, { username: row.username, userId: row.id });
    const next = await this.rekey(session, updated, { twoFactorVerified: true });
    return { user: publicUser(updated), ...next };
  }

  async changePassword(input: ChangePasswordPayload, current: VisitorSession | null, facts: RequestFacts): Promise<NewSession> {
    // The five checks of a new password ran with the schema (changePasswordSchema) that made `input`.
    const { session, row } = await this.signedIn(current);
    const keys = { account: row.username, ip: facts.ip };
    await this.deps.throttle.check(keys);
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      await this.countFailure(keys, facts, { username: row.username, userId: row.id });
      throw invalid(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    if (isCommonPassword(input.newPassword)) throw invalid(COMMON_PASSWORD, { newPassword: COMMON_PASSWORD });
    await this.deps.users.setPassword(row.id, input.newPassword, this.deps.now());
    // Whoever else was signed in with the old password is signed out; this session carries on under a new token.
    await this.deps.sessions.destroyForUser(row.id, session.id);
    await this.deps.log.record('PASSWORD_CHANGED', facts, { username: row.username, userId: row.id });
    return this.rekey(session, row, {});
  }

  /** Password and (when on) code accepted: logged, and remembered as the account's last sign-in. */
  private async signedInFully(row: UserRow, facts: RequestFacts): Promise<void> {
    await this.deps.log.record('LOGIN_SUCCESS', facts, { username: row.username, userId: row.id });
    await this.deps.users.recordSignIn(row.id, this.deps.now());
  }

  /** A fully signed-in session and its account (not one whose code is still pending). */
  private async signedIn(session: VisitorSession | null): Promise<{ session: VisitorSession; row: UserRow }> {
    if (!session?.user) throw notSignedIn(NOT_SIGNED_IN);
    if (session.twoFactorPending) throw notSignedIn(CODE_PENDING);
    const row = await this.deps.users.findById(session.user.id);
    if (!row) throw notSignedIn(NOT_SIGNED_IN);
    return { session, row };
  }

  /** Signs the account in under a new token; the guest's cart joins the account's. */
  private async signIn(
    row: UserRow,
    session: VisitorSession | null,
    how: { verified: boolean; authenticatedAt: Date },
  ): Promise<NewSession> {
    if (session) await this.deps.joinGuestCart(session.id, row.id);
    const state: SessionState = {
      userId: row.id,
      twoFactorPending: false,
      twoFactorVerified: how.verified,
      authenticatedAt: how.authenticatedAt,
    };
    return this.deps.sessions.establish(session?.id ?? null, state, row.role);
  }

  /** Same sign-in, new token: after any change of what the session may do. */
  private rekey(session: VisitorSession, row: UserRow, change: Partial<SessionState>): Promise<NewSession> {
    const state: SessionState = {
      userId: row.id,
      twoFactorPending: false,
      twoFactorVerified: session.twoFactorVerified,
      authenticatedAt: session.authenticatedAt,
      ...change,
    };
    return this.deps.sessions.establish(session.id, state, row.role);
  }

  private async failed(eventType: SecurityEventType, keys: AttemptKeys, facts: RequestFacts, row: UserRow | null): Promise<void> {
    const who = { username: row?.username ?? keys.account, userId: row?.id ?? null };
    await this.deps.log.record(eventType, facts, who);
    await this.countFailure(keys, facts, who);
  }

  /** Counts a wrong password or code. A lock it starts is logged: the account's by name, the address's without one. */
  private async countFailure(
    keys: AttemptKeys,
    facts: RequestFacts,
    who: { username: string; userId: number | null },
  ): Promise<void> {
    const { accountLocked, ipLocked } = await this.deps.throttle.recordFailure(keys);
    if (accountLocked) await this.deps.log.record('ACCOUNT_LOCKED', facts, who);
    if (ipLocked) await this.deps.log.record('ACCOUNT_LOCKED', facts);
  }

  /** A current authenticator code or an unused backup code; each is accepted once. */
  private async acceptCode(row: UserRow, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) return this.acceptTotp(row, code);
    const normalized = normalizeBackupCode(code);
    if (!normalized || !row.twoFactorEnabled) return false;
    const used = await this.deps.db
      .update(backupCodes)
      .set({ usedAt: this.deps.now() })
      .where(
        and(
          eq(backupCodes.userId, row.id),
          eq(backupCodes.codeHash, hashBackupCode(this.deps.backupCodeKey, normalized)),
          isNull(backupCodes.usedAt),
        ),
      )
      .returning({ id: backupCodes.id });
    return used.length === 1;
  }

  private async acceptTotp(row: UserRow, code: string): Promise<boolean> {
    if (!row.twoFactorSecret || !/^\d{6}$/.test(code)) return false;
    const step = matchTotp(this.deps.secretBox.open(row.twoFactorSecret), code, this.deps.now());
    if (step === null) return false;
    // Only a step later than the last one accepted: a code (or an older one still in the window) works once.
    const claimed = await this.deps.db
      .update(users)
      .set({ lastTotpStep: step })
      .where(and(eq(users.id, row.id), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
      .returning({ id: users.id });
    return claimed.length === 1;
  }
}
