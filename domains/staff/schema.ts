/** The panel's accounts: inviting a colleague, their roles, and the staff list. */
import { z } from 'zod';

import { PANEL_ROLES, type PanelRole } from '#domains/account/model.ts';
import { firstNameSchema } from '#domains/account/schema.ts';
import { pagingFields, pathIdSchema } from '#lib/schemas/query.ts';
import { emailRules, singleLine } from '#lib/schemas/text.ts';

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

export interface StaffPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
