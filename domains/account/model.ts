/** Accounts: shapes and constants shared by the browser and the server. */

import { msg } from '#lib/i18n/translate.ts';

export type Role = 'user' | 'staff' | 'admin';

/**
 * The roles that use the admin panel: administrators (everything) and staff (enquiries, quotes, invoices, contacts
 * and products; not accounts, the security log or exports of customers' data).
 */
export const PANEL_ROLES = ['admin', 'staff'] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

export const usesPanel = (role: Role | null | undefined): role is PanelRole => role === 'admin' || role === 'staff';

/** What each panel role is called on screen and in e-mails. */
export const ROLE_WORDS: Record<PanelRole, string> = { admin: msg('Administrator'), staff: msg('Staff') };

/** Staff must use two-factor (an administrator is only urged to, as the original admin panel does). */
export const requiresTwoFactor = (role: Role): boolean => role === 'staff';

/** An account as the API shows it (never the password hash or the two-factor secret). */
export interface PublicUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  twoFactorEnabled: boolean;
}

/** GET /api/auth/status: the seven flags the client reads. */
export interface AuthStatus {
  authenticated: boolean;
  user: PublicUser | null;
  isAdmin: boolean;
  twoFactorVerified: boolean;
  pendingTwoFactor: boolean;
  requiresTwoFactor: boolean;
  twoFactorEnabled: boolean;
}

export const ANONYMOUS: AuthStatus = {
  authenticated: false,
  user: null,
  isAdmin: false,
  twoFactorVerified: false,
  pendingTwoFactor: false,
  requiresTwoFactor: false,
  twoFactorEnabled: false,
};

export interface TwoFactorSetup {
  /** data: URL of a PNG QR code of the otpauth:// URI. */
  qrCode: string;
  manualEntryKey: string;
  backupCodes: string[];
}

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export const SECURITY_EVENTS = {
  LOGIN_SUCCESS: 'low',
  LOGIN_FAILED: 'medium',
  '2FA_VERIFIED': 'low',
  '2FA_FAILED': 'high',
  LOGOUT: 'low',
  '2FA_ENABLED': 'medium',
  PASSWORD_CHANGED: 'high',
  ACCOUNT_LOCKED: 'critical',
  BACKUP_CODES_RENEWED: 'medium',
  INVITE_ACCEPTED: 'medium',
  ROLE_CHANGED: 'high',
  SESSIONS_ENDED: 'medium',
  '2FA_RESET': 'high',
  PASSWORD_RESET: 'high',
  ACCESS_REMOVED: 'high',
} as const satisfies Record<string, Severity>;
export type SecurityEventType = keyof typeof SECURITY_EVENTS;

export interface SecurityLogEntry {
  id: number;
  eventType: SecurityEventType;
  severity: Severity;
  ipAddress: string | null;
  userAgent: string | null;
  username: string | null;
  createdAt: string;
}

/** GET /api/auth/session: when the signed-in session ends, and the seconds left by the server's clock. */
export interface SessionTime {
  expiresAt: string;
  secondsLeft: number;
}

/** The event types that are a failed sign-in: a wrong password, or a right password and a wrong code. */
export const FAILED_SIGN_IN_EVENTS = ['LOGIN_FAILED', '2FA_FAILED'] as const satisfies readonly SecurityEventType[];

/** A panel session (administrator or staff) ends this long after the password was accepted, whatever the activity. */
export const ADMIN_SESSION_MS = 4 * 60 * 60 * 1000;
export const TWO_FACTOR_CODE_LENGTH = 6;

/** What a code field keeps of what is typed or pasted: only digits, at most 6. */
export function keepCodeDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);
}

export const BACKUP_CODE_COUNT = 10;
/** Backup code characters: no 0/O or 1/I/L, nothing that reads as another character (31 symbols). */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Who is signed in: the account once its password and, if it has one, its two-factor code were accepted; null
 * while the code is still pending. The server decides carts and enquiries by it, the pages what to show.
 */
export function fullySignedIn<U>(user: U | null | undefined, codePending: boolean): U | null {
  return user && !codePending ? user : null;
}

/** The name the header greets: first name, else username. */
export function greetingName(user: Pick<PublicUser, 'firstName' | 'username'>): string {
  return user.firstName.trim() || user.username;
}
