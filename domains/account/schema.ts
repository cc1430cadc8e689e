import { z } from 'zod';

import { BACKUP_CODE_ALPHABET, type Role, TWO_FACTOR_CODE_LENGTH } from '#domains/account/model.ts';
import { msg } from '#lib/i18n/translate.ts';
import { LANGUAGES } from '#lib/language.ts';
import { emailRules, singleLine, wellFormed } from '#lib/schemas/text.ts';

const MAX_PASSWORD = 256;
// The messages are the catalogue's ids (lib/i18n), so their figures are written out.
const PASSWORD_REQUIRED = msg('Password is required');
const PASSWORD_TOO_LONG = msg('Password must be at most 256 characters long');

/** A required text: one message when empty (abort: the other checks would only repeat it). */
const required = (message: string) => singleLine({ error: message }).trim().min(1, { error: message, abort: true });

export const loginSchema = z.object({
  username: required(msg('Username is required')).max(100, msg('Username must be at most 100 characters')),
  password: wellFormed({ error: PASSWORD_REQUIRED })
    .min(1, { error: PASSWORD_REQUIRED, abort: true })
    .max(MAX_PASSWORD, PASSWORD_TOO_LONG),
});
export type LoginInput = z.output<typeof loginSchema>;

const personName = (missing: string, tooLong: string) => required(missing).max(50, tooLong);

/** The username rule of sign-up, for every account. */
export const usernameSchema = required(msg('Username is required')).regex(
  /^[A-Za-z0-9._-]{3,30}$/,
  msg('Username must be 3 to 30 letters, digits, dots, dashes or underscores'),
);
export const firstNameSchema = personName(msg('First name is required'), msg('First name must be at most 50 characters'));

/** A customer's password, as sign-up and a customer's password reset take it. */
export const customerPasswordSchema = wellFormed({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED, abort: true })
  .min(8, msg('Password must be at least 8 characters long'))
  .max(MAX_PASSWORD, PASSWORD_TOO_LONG);

/** The registration fields, shared by the browser form and the API body. */
const registerFields = {
  firstName: firstNameSchema,
  lastName: personName(msg('Last name is required'), msg('Last name must be at most 50 characters')),
  username: usernameSchema,
  email: emailRules(required(msg('Email is required'))),
  password: customerPasswordSchema,
};

const confirmation = { confirmPassword: wellFormed().min(1, msg('Please confirm your password')) };
const matching = {
  message: msg('Passwords do not match'),
  path: ['confirmPassword'],
  // Also while the password itself is still refused, once there is a confirmation to compare.
  when: (payload: { value: unknown }) =>
    z.object({ password: z.string(), confirmPassword: z.string().min(1) }).safeParse(payload.value).success,
};

export const registerFormSchema = z
  .object({ ...registerFields, ...confirmation })
  .refine((form) => form.password === form.confirmPassword, matching);
export type RegisterForm = z.input<typeof registerFormSchema>;

/** The API body of a registration: the form without the confirmation, nothing more. */
export const registerPayloadSchema = z.strictObject(registerFields);
export type RegisterPayload = z.output<typeof registerPayloadSchema>;

const codePattern = new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`);
const backupCodePattern = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{4}-?[${BACKUP_CODE_ALPHABET}]{4}$`, 'i');

const CODE_REQUIRED = msg('Please enter the 6-digit code');
const CODE_OR_BACKUP_REQUIRED = msg('Please enter the 6-digit code or a backup code');

export const twoFactorCodeSchema = z.object({
  token: z.string(CODE_REQUIRED).trim().regex(codePattern, CODE_REQUIRED),
});

/** Signing in: the app's code or one of the backup codes. */
export const verifyTwoFactorSchema = z.object({
  token: z
    .string(CODE_OR_BACKUP_REQUIRED)
    .trim()
    .refine((token) => codePattern.test(token) || backupCodePattern.test(token), CODE_OR_BACKUP_REQUIRED),
});

export interface ChangePasswordInput {
  currentPassword?: string;
  newPassword?: string;
  /** Absent for API callers that send only the two passwords: then it is taken to match. */
  confirmPassword?: string;
}

/** The panel's passwords: at least this long, with an uppercase letter, a lowercase one, a digit and a symbol. */
export const PANEL_PASSWORD_MIN = 12;
const PASSWORD_KINDS = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];
const tooShort = (password: string) => password.length < PANEL_PASSWORD_MIN;
const lacksKinds = (password: string) => !PASSWORD_KINDS.every((kind) => kind.test(password));

/** The first of the five checks of a new password that fails, in their fixed order, or null. */
export function changePasswordProblem(input: ChangePasswordInput): string | null {
  const { currentPassword, newPassword } = input;
  const confirmPassword = input.confirmPassword ?? newPassword;
  if (!currentPassword || !newPassword || !confirmPassword) return 'All fields are required';
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  if (tooShort(newPassword)) return `New password must be at least ${PANEL_PASSWORD_MIN} characters long`;
  if (newPassword === currentPassword) return 'New password must be different from current password';
  if (lacksKinds(newPassword)) return 'New password must contain uppercase, lowercase, numbers, and symbols';
  return null;
}

/** A password chosen for a panel account from an e-mailed link (an invitation, a reset): the change-password rules. */
export function panelPasswordProblem(password: string): string | null {
  if (tooShort(password)) return msg('Password must be at least 12 characters long');
  if (lacksKinds(password)) return msg('Password must contain uppercase, lowercase, numbers, and symbols');
  return null;
}

/** A new panel password: required, at most the sign-in form's length, the rules above. */
export const panelPasswordSchema = wellFormed({ error: PASSWORD_REQUIRED })
  .min(1, { error: PASSWORD_REQUIRED, abort: true })
  .max(MAX_PASSWORD, PASSWORD_TOO_LONG)
  .superRefine((password, ctx) => {
    const problem = panelPasswordProblem(password);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const passwordField = wellFormed().max(MAX_PASSWORD, PASSWORD_TOO_LONG);

/** The API body of a password change. A missing password is '' so that it gets 'All fields are required'. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: passwordField.default(''),
    newPassword: passwordField.default(''),
    confirmPassword: passwordField.optional(),
  })
  .superRefine((value, ctx) => {
    const problem = changePasswordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type ChangePasswordPayload = z.output<typeof changePasswordSchema>;

/** The security log's counts for the panel's dashboard. */
export interface SecuritySummary {
  critical: number;
  high: number;
  failedLogins: number;
}

// The one-time links e-mailed for an invitation or a password reset, and the forms behind them.

/** The pages the e-mailed links open (the token follows in the address's fragment). */
export const ACCOUNT_LINK_PAGES = { invite: '/join', 'password-reset': '/reset-password' } as const;

/** How long an invitation's link works, and a password reset's. */
export const INVITE_HOURS = 48;
export const PASSWORD_RESET_HOURS = 24;

/** A link's token: 32 random bytes in base64url (43 characters). */
const LINK_NOT_VALID = msg('This link is not valid. Ask your administrator for a new one.');
export const linkTokenSchema = z.string({ error: LINK_NOT_VALID }).regex(/^[A-Za-z0-9_-]{43}$/, LINK_NOT_VALID);

/** POST /api/auth/invitation and /api/auth/password-reset: what a link is for, before it is used. */
export const linkBodySchema = z.strictObject({ token: linkTokenSchema });

/** POST /api/auth/accept-invite. */
export const acceptInviteSchema = z.strictObject({
  token: linkTokenSchema,
  username: usernameSchema,
  password: panelPasswordSchema,
});
export type AcceptInvite = z.output<typeof acceptInviteSchema>;

/**
 * POST /api/auth/reset-password: a new password through an e-mailed reset link. The customer's rule here; a panel
 * account's link also needs the panel's rule (`panelPasswordProblem`), checked once the link names the account.
 */
export const resetPasswordSchema = z.strictObject({ token: linkTokenSchema, password: customerPasswordSchema });
export type ResetPassword = z.output<typeof resetPasswordSchema>;

/** The form behind an invitation's link: a username, and a password typed twice. */
export const joinFormSchema = z
  .object({ username: usernameSchema, password: panelPasswordSchema, ...confirmation })
  .refine((form) => form.password === form.confirmPassword, matching);
export type JoinForm = z.input<typeof joinFormSchema>;

/** The form behind a password reset's link. */
export const newPasswordFormSchema = z
  .object({ password: panelPasswordSchema, ...confirmation })
  .refine((form) => form.password === form.confirmPassword, matching);
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

/** The same form for a customer's account: the register form's password rule. */
export const newCustomerPasswordFormSchema = z
  .object({ password: customerPasswordSchema, ...confirmation })
  .refine((form) => form.password === form.confirmPassword, matching);

/**
 * POST /api/auth/forgot-password: a customer asks for a reset link; from a Malayalam page, `language: 'ml'` has the
 * e-mail written, and the link leading, in Malayalam.
 */
export const forgotPasswordSchema = z.strictObject({
  email: emailRules(
    singleLine({ error: msg('Email is required') })
      .trim()
      .min(1, { error: msg('Email is required'), abort: true }),
  ),
  language: z.enum(LANGUAGES).optional(),
});
export type ForgotPassword = z.input<typeof forgotPasswordSchema>;

/** What an invitation's or a reset's page shows before the form is sent. */
export interface LinkPreview {
  purpose: 'invite' | 'password-reset';
  email: string;
  firstName: string;
  /** 'user' for a customer's own reset. */
  role: Role;
  /** A reset's account. */
  username: string | null;
  expiresAt: string;
}
