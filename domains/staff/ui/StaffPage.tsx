import { MailPlus, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';

import { CELL } from '#app/admin/AdminTable.tsx';
import { shortDate } from '#app/admin/format.ts';
import { ListHeading, ListSearch, ListTable, Pager } from '#app/admin/ListControls.tsx';
import { useAdminList } from '#app/admin/use-admin-list.ts';
import { useToast } from '#app/lib/toast.tsx';
import { ROLE_WORDS } from '#domains/account/model.ts';
import { signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';
import type { StaffInvitation } from '#domains/staff/schema.ts';

import { InviteDialog } from './InviteDialog.tsx';
import { MemberDialog } from './MemberDialog.tsx';
import { useInvitations, useResendInvitation, useRevokeInvitation, useStaffMembers } from './staff-api.ts';
import { memberName, twoFactorText } from './staff-words.ts';

/**
 * /admin/staff (administrators only): who has access to the panel and when they last signed in, the colleagues
 * invited and not yet joined, and the way to invite one; each member's account is managed in its dialog.
 */
export function StaffPage() {
  const me = signedInUser(useAuthStatus().data);
  if (me?.role !== 'admin') {
    return (
      <section>
        <h1 className="text-2xl font-bold text-leaf-900">Staff</h1>
        <p className="mt-4 text-stone-700">Only an administrator manages the staff accounts.</p>
      </section>
    );
  }
  return <StaffLists myId={me.id} />;
}

function StaffLists({ myId }: { myId: number }) {
  const toast = useToast();
  const list = useAdminList();
  const [invitationsPage, setInvitationsPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const [managing, setManaging] = useState<number | null>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  const members = useStaffMembers({ page: list.page, q: list.q || undefined });
  const invitations = useInvitations(invitationsPage);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const invited = (invitation: StaffInvitation) => {
    setInviting(false);
    toast({ title: `Invitation sent to ${invitation.email}` });
    setInvitationsPage(1);
    invitationsHeading.current?.focus();
  };
  const resendTo = (invitation: StaffInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast({ title: `A new link was sent to ${invitation.email}` }),
      onError: () => toast({ title: 'The invitation could not be sent again.', variant: 'destructive' }),
    });
  const revokeFor = (invitation: StaffInvitation) => {
    if (!window.confirm(`Withdraw the invitation to ${invitation.email}? Its link stops working.`)) return;
    revoke.mutate(invitation.id, {
      onSuccess: () => {
        toast({ title: `The invitation to ${invitation.email} is withdrawn` });
        invitationsHeading.current?.focus();
      },
      onError: () => toast({ title: 'The invitation could not be withdrawn.', variant: 'destructive' }),
    });
  };

  const data = members.data;
  const pending = invitations.data;
  return (
    <section aria-labelledby="staff-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ListHeading id="staff-title" heading={list.heading}>
          Staff
        </ListHeading>
        <button type="button" className="btn-primary min-h-11" onClick={() => setInviting(true)}>
          <MailPlus aria-hidden="true" className="size-4" /> Invite a colleague
        </button>
      </div>
      <p className="mt-2 text-sm text-stone-700">
        Administrators can do everything. Staff handle enquiries, quotes, invoices, messages and products, and use two-factor
        authentication.
      </p>
      <div className="mt-4 flex">
        <ListSearch label="Search name, username or e-mail" initial={list.q} onSearch={list.filter('q')} />
      </div>
      <ListTable
        query={members}
        what="accounts"
        caption="People with access to the admin panel"
        columns={['Name', 'Username', 'E-mail', 'Role', 'Two-factor', 'Last sign-in', 'Actions']}
        testId="staff-row"
        cells={(member) => (
          <>
            <td data-label="Name" className={`${CELL} font-semibold`}>
              {memberName(member)}
            </td>
            <td data-label="Username" className={CELL}>
              {member.username}
            </td>
            <td data-label="E-mail" className={`${CELL} md:break-normal`}>
              <span className="min-w-0 break-all md:break-normal">{member.email}</span>
            </td>
            <td data-label="Role" className={CELL}>
              {ROLE_WORDS[member.role]}
            </td>
            <td data-label="Two-factor" className={CELL}>
              <span className="flex items-center gap-1">
                {member.twoFactorEnabled && <ShieldCheck aria-hidden="true" className="size-4 text-leaf-700" />}
                {twoFactorText(member)}
              </span>
            </td>
            <td data-label="Last sign-in" className={CELL}>
              {member.lastSignInAt ? shortDate(member.lastSignInAt) : 'Never'}
              {member.signedIn ? ' (signed in now)' : ''}
            </td>
            <td data-label="Actions" className={CELL}>
              {member.id === myId ? (
                <span className="text-stone-600">You (see Security)</span>
              ) : (
                <button type="button" className="btn-outline min-h-11" onClick={() => setManaging(member.id)}>
                  Manage<span className="sr-only"> {memberName(member)}</span>
                </button>
              )}
            </td>
          </>
        )}
      />
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={list.setPage} />}

      <h2
        ref={invitationsHeading}
        tabIndex={-1}
        className="mt-8 text-xl font-bold text-leaf-900 focus:outline-none"
        id="invitations-title"
      >
        Invitations not yet accepted
      </h2>
      <ListTable
        query={invitations}
        what="open invitations"
        caption="Invitations not yet accepted"
        columns={['E-mail', 'Name', 'Role', 'Invited by', 'Link', 'Actions']}
        testId="invitation-row"
        cells={(invitation) => (
          <>
            <td data-label="E-mail" className={CELL}>
              <span className="min-w-0 break-all md:break-normal">{invitation.email}</span>
            </td>
            <td data-label="Name" className={CELL}>
              {invitation.firstName}
            </td>
            <td data-label="Role" className={CELL}>
              {ROLE_WORDS[invitation.role]}
            </td>
            <td data-label="Invited by" className={CELL}>
              {invitation.invitedBy ?? '—'}
            </td>
            <td data-label="Link" className={CELL}>
              {invitation.expired ? 'Expired' : `Works until ${shortDate(invitation.expiresAt)}`}
            </td>
            <td data-label="Actions" className={CELL}>
              <span className="flex flex-wrap gap-1">
                <button type="button" className="btn-outline min-h-11" onClick={() => resendTo(invitation)}>
                  Send again<span className="sr-only"> to {invitation.email}</span>
                </button>
                <button type="button" className="btn-outline min-h-11 text-red-800" onClick={() => revokeFor(invitation)}>
                  Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
                </button>
              </span>
            </td>
          </>
        )}
      />
      {pending && pending.total > pending.pageSize && (
        <Pager page={pending.page} pageSize={pending.pageSize} total={pending.total} onPage={setInvitationsPage} />
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} onInvited={invited} />}
      {managing !== null && (
        <MemberDialog
          id={managing}
          onClose={() => setManaging(null)}
          onRemoved={() => {
            setManaging(null);
            list.heading.current?.focus();
          }}
        />
      )}
    </section>
  );
}
