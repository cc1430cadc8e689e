import { type PanelRole, ROLE_WORDS } from '#domains/account/model.ts';
import type { StaffMember } from '#domains/staff/schema.ts';

const roleWord = (role: unknown) => (role === 'admin' || role === 'staff' ? ROLE_WORDS[role as PanelRole] : String(role));

/** An account's history, in words. */
export function accountHistoryText(entry: { action: string; before: unknown; after: unknown }): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  switch (entry.action) {
    case 'invite-accepted':
      return `Joined as ${roleWord(after.role).toLowerCase()} from an invitation`;
    case 'role':
      return `Role changed from ${roleWord(before.role).toLowerCase()} to ${roleWord(after.role).toLowerCase()}`;
    case 'signed-out':
      return 'Signed out everywhere';
    case '2fa-reset':
      return 'Two-factor authentication reset';
    case 'password-reset':
      return 'Password reset: a link to choose a new one was e-mailed';
    case 'password-set':
      return 'New password chosen from the e-mailed link';
    default:
      return entry.action;
  }
}

/** The two-factor column: on with its backup codes left, or off. */
export const twoFactorText = (member: Pick<StaffMember, 'twoFactorEnabled' | 'backupCodesLeft'>): string =>
  member.twoFactorEnabled ? `On, ${member.backupCodesLeft} backup code${member.backupCodesLeft === 1 ? '' : 's'} left` : 'Off';

/** A colleague's full name, else their username. */
export const memberName = (member: Pick<StaffMember, 'firstName' | 'lastName' | 'username'>): string =>
  `${member.firstName} ${member.lastName}`.trim() || member.username;
