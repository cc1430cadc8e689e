/** The panel's accounts: inviting a colleague, their roles, and the one-time links e-mailed to them. */
import { z } from 'zod';

import { PANEL_ROLES, type PanelRole, type Role } from '#domains/account/model.ts';
import { customerPasswordSchema, firstNameSchema, panelPasswordSchema, usernameSchema } from '#domains/account/schema.ts';
import { pathIdSchema } from '#domains/catalogue/schema.ts';
import { pagingFields } from '#domains/order-file/schema.ts';
import { emailRules, singleLine, wellFormed } from '#lib/schemas/text.ts';

/** The pages the e-mailed links open (the token follows in the address's fragment). */
export const ACCOUNT_LINK_PAGES = { invite: '/join', 'password-reset': '/reset-password' } as const;

/** How long an invitation's link works, and a password reset's. */
export const INVITE_HOURS = 48;
export const PASSWORD_RESET_HOURS = 24;

const ROLE_MESSAGE = `'role' must be ${PANEL_ROLES.join(' or ')}`;
const roleSchema = z.enum(PANEL_ROLES, { error: ROLE_MESSAGE });

/** POST /api/admin/staff. */
export const inviteBodySchema = z.strictObject({
  email: emailRules(singleLine({ error: 'Email is required' }).trim().min(1, { error: 'Email is required', abort: true })),
  firstName: firstNameSchema,
  role: roleSchema,
});
export type InviteBody = z.output<typeof inviteBodySchema>;
export type InviteForm = z.input<typeof inviteBodySchema>;

/** PATCH /api/admin/staff/{id}. */
export const roleBodySchema = z.strictObject({ role: roleSchema });

export const staffParamsSchema = z.strictObject({ id: pathIdSchema('Account id') });
export const invitationParamsSchema = z.strictObject({ id: pathIdSchema('Invitation id') });

/** GET /api/admin/staff and /api/admin/staff/invitations: a page, optionally searched. */
export const staffListQuerySchema = z.strictObject({
  page: pagingFields.page,
  pageSize: pagingFields.pageSize,
  q: pagingFields.q,
});
export type StaffListQuery = z.output<typeof staffListQuerySchema>;

/** A link's token: 32 random bytes in base64url (43 characters). */
const LINK_NOT_VALID = 'This link is not valid. Ask your administrator for a new one.';
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

const confirmation = { confirmPassword: wellFormed().min(1, 'Please confirm your password') };
const matching = {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
  // Also while the password itself is still refused, once there is a confirmation to compare.
  when: (payload: { value: unknown }) =>
    z.object({ password: z.string(), confirmPassword: z.string().min(1) }).safeParse(payload.value).success,
};

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

/** POST /api/auth/forgot-password: a customer asks for a reset link. */
export const forgotPasswordSchema = z.strictObject({
  email: emailRules(singleLine({ error: 'Email is required' }).trim().min(1, { error: 'Email is required', abort: true })),
});
export type ForgotPassword = z.input<typeof forgotPasswordSchema>;

/** A member of staff as the accounts page shows them. */
export interface StaffMember {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: PanelRole;
  twoFactorEnabled: boolean;
  /** Unused backup codes (none without two-factor). */
  backupCodesLeft: number;
  lastSignInAt: string | null;
  /** Signed in somewhere now (a session that has not ended). */
  signedIn: boolean;
  createdAt: string;
}

/** An invitation not yet accepted. */
export interface StaffInvitation {
  id: number;
  email: string;
  firstName: string;
  role: PanelRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

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

export interface StaffPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
