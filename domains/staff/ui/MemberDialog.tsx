import { KeyRound, LogOut, ShieldOff, UserMinus } from 'lucide-react';
import { type ReactNode, useState } from 'react';

import { shortDate } from '#app/admin/format.ts';
import { useToast } from '#app/lib/toast.tsx';
import { InlineAlert } from '#app/ui/InlineAlert.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { PANEL_ROLES, type PanelRole, ROLE_WORDS } from '#domains/account/model.ts';
import { authErrorMessage } from '#domains/account/ui/auth-api.ts';

import { type MemberAction, useMemberAction, useSetRole, useStaffMember } from './staff-api.ts';
import { accountHistoryText, memberName, twoFactorText } from './staff-words.ts';

/** What each action asks before it runs, and says after. */
const ACTIONS: Record<MemberAction, { label: string; confirm: (name: string) => string; done: (name: string) => string }> = {
  'sign-out': {
    label: 'Sign out everywhere',
    confirm: (name) => `Sign ${name} out on every device? They can sign in again at once.`,
    done: (name) => `${name} is signed out everywhere`,
  },
  'reset-2fa': {
    label: 'Reset two-factor',
    confirm: (name) =>
      `Reset ${name}'s two-factor authentication? Their authenticator app and backup codes stop working; they set it up again at their next sign-in.`,
    done: (name) => `${name}'s two-factor authentication is reset`,
  },
  'reset-password': {
    label: 'Reset password',
    confirm: (name) =>
      `Reset ${name}'s password? It stops working now, they are signed out, and they get an e-mail with a link to choose a new one.`,
    done: (name) => `${name}'s password is reset: a link to choose a new one was e-mailed`,
  },
  remove: {
    label: 'Remove access',
    confirm: (name) => `Remove ${name}'s access to the admin panel? Their account is deleted; the history keeps their name.`,
    done: (name) => `${name} no longer has access`,
  },
};

const ICONS: Record<MemberAction, ReactNode> = {
  'sign-out': <LogOut aria-hidden="true" className="size-4" />,
  'reset-2fa': <ShieldOff aria-hidden="true" className="size-4" />,
  'reset-password': <KeyRound aria-hidden="true" className="size-4" />,
  remove: <UserMinus aria-hidden="true" className="size-4" />,
};

/** One colleague's account: their role, the one-press changes (each confirmed first), and its history. */
export function MemberDialog({ id, onClose, onRemoved }: { id: number; onClose: () => void; onRemoved: () => void }) {
  const toast = useToast();
  const { data: member, isError } = useStaffMember(id);
  const setRole = useSetRole();
  const act = useMemberAction();
  /** The role ticked, until it is the account's own again. */
  const [choice, setRoleChoice] = useState<PanelRole | null>(null);
  const role = choice ?? member?.role ?? null;
  const [error, setError] = useState<string | null>(null);

  const name = member ? memberName(member) : '';
  const run = (action: MemberAction) => {
    if (!member || !window.confirm(ACTIONS[action].confirm(name))) return;
    setError(null);
    act.mutate(
      { id, action },
      {
        onSuccess: () => {
          toast({ title: ACTIONS[action].done(name) });
          if (action === 'remove') onRemoved();
        },
        onError: (failure) => setError(authErrorMessage(failure, 'That did not work. Please try again.')),
      },
    );
  };
  const changeRole = () => {
    if (!member || !role || role === member.role) return;
    if (!window.confirm(`Make ${name} ${ROLE_WORDS[role].toLowerCase()}? They are signed out and sign in again to get it.`))
      return;
    setError(null);
    setRole.mutate(
      { id, role },
      {
        onSuccess: () => {
          setRoleChoice(null);
          toast({ title: `${name} is now ${ROLE_WORDS[role].toLowerCase()}` });
        },
        onError: (failure) => setError(authErrorMessage(failure, 'The role could not be changed. Please try again.')),
      },
    );
  };

  return (
    <ModalDialog labelledBy="member-title" onClose={onClose} className="m-auto w-[calc(100%-1rem)] max-w-lg rounded-2xl">
      <div className="space-y-4 p-5">
        <h2 id="member-title" className="text-lg font-bold break-words text-leaf-900">
          {member ? `${name} (${member.username})` : 'Staff member'}
        </h2>
        {isError && <InlineAlert message="This account could not be loaded. Please try again." />}
        {member && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold text-stone-600">E-mail</dt>
              <dd className="break-all">{member.email}</dd>
              <dt className="font-semibold text-stone-600">Two-factor</dt>
              <dd>{twoFactorText(member)}</dd>
              <dt className="font-semibold text-stone-600">Last sign-in</dt>
              <dd>
                {member.lastSignInAt ? shortDate(member.lastSignInAt) : 'Never'}
                {member.signedIn ? ' (signed in now)' : ''}
              </dd>
            </dl>
            <fieldset className="rounded-xl border border-stone-200 p-3">
              <legend className="px-1 text-sm font-semibold text-stone-900">Role</legend>
              <div className="flex flex-wrap gap-2">
                {PANEL_ROLES.map((option) => (
                  <label key={option} className="flex min-h-11 items-center gap-2 rounded-lg px-2 hover:bg-stone-50">
                    <input
                      type="radio"
                      name="member-role"
                      value={option}
                      checked={role === option}
                      onChange={() => setRoleChoice(option)}
                      className="size-5 accent-leaf-700"
                    />
                    {ROLE_WORDS[option]}
                  </label>
                ))}
                <button
                  type="button"
                  className="btn-outline ml-auto min-h-11"
                  disabled={role === member.role || setRole.isPending}
                  onClick={changeRole}
                >
                  Change role
                </button>
              </div>
            </fieldset>
            <div className="grid gap-2 sm:grid-cols-2">
              {(Object.keys(ACTIONS) as MemberAction[])
                .filter((action) => action !== 'reset-2fa' || member.twoFactorEnabled)
                .map((action) => (
                  <button
                    key={action}
                    type="button"
                    disabled={act.isPending}
                    onClick={() => run(action)}
                    className={`btn-outline min-h-11 justify-start ${action === 'remove' ? 'text-red-800' : ''}`}
                  >
                    {ICONS[action]} {ACTIONS[action].label}
                  </button>
                ))}
            </div>
            {error && <InlineAlert message={error} />}
            <section aria-labelledby="member-history-title">
              <h3 id="member-history-title" className="font-semibold text-stone-800">
                History
              </h3>
              {member.history.length === 0 ? (
                <p className="text-sm text-stone-700">Nothing changed yet.</p>
              ) : (
                <ul className="mt-1 space-y-1 text-sm">
                  {member.history.map((entry) => (
                    <li key={entry.id}>
                      {accountHistoryText(entry)} by {entry.actor}, {shortDate(entry.createdAt)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
        <div className="flex justify-end">
          <button type="button" className="btn-primary min-h-11" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
