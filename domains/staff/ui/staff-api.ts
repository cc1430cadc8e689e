import { type ListParams, search, useAdminChange, useAdminQuery } from '#app/admin/admin-api.ts';
import { sendJson } from '#app/lib/api.ts';
import type { PanelRole } from '#domains/account/model.ts';
import type { InviteForm, StaffInvitation, StaffMember, StaffPage } from '#domains/staff/schema.ts';
import type { AuditEntry } from '#lib/audit.ts';

const KEYS = {
  members: ['admin', 'staff', 'members'] as const,
  member: (id: number) => ['admin', 'staff', 'member', id] as const,
  invitations: ['admin', 'staff', 'invitations'] as const,
};

export type StaffParams = Pick<ListParams, 'page' | 'q'>;

export const useStaffMembers = (params: StaffParams) =>
  useAdminQuery<StaffPage<StaffMember>>([...KEYS.members, params], `/api/admin/staff?${search(params)}`, { keepPrevious: true });

export const useStaffMember = (id: number | null) =>
  useAdminQuery<StaffMember & { history: AuditEntry[] }>(KEYS.member(id ?? 0), id === null ? null : `/api/admin/staff/${id}`);

export const useInvitations = (page: number) =>
  useAdminQuery<StaffPage<StaffInvitation>>([...KEYS.invitations, page], `/api/admin/staff/invitations?page=${page}`, {
    keepPrevious: true,
  });

export const useInvite = () => useAdminChange((body: InviteForm) => sendJson<StaffInvitation>('POST', '/api/admin/staff', body));
export const useResendInvitation = () =>
  useAdminChange((id: number) => sendJson<StaffInvitation>('POST', `/api/admin/staff/invitations/${id}/resend`));
export const useRevokeInvitation = () => useAdminChange((id: number) => sendJson('DELETE', `/api/admin/staff/invitations/${id}`));

export const useSetRole = () =>
  useAdminChange(({ id, role }: { id: number; role: PanelRole }) =>
    sendJson<StaffMember>('PATCH', `/api/admin/staff/${id}`, { role }),
  );

/** The one-press changes to a colleague's account. */
export type MemberAction = 'sign-out' | 'reset-2fa' | 'reset-password' | 'remove';

export const useMemberAction = () =>
  useAdminChange(({ id, action }: { id: number; action: MemberAction }) =>
    action === 'remove'
      ? sendJson('DELETE', `/api/admin/staff/${id}`)
      : sendJson<StaffMember>('POST', `/api/admin/staff/${id}/${action}`),
  );
