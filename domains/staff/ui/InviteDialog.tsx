import { zodResolver } from '@hookform/resolvers/zod';

import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { PANEL_ROLES, ROLE_WORDS } from '#domains/account/model.ts';
import { INVITE_HOURS } from '#domains/account/schema.ts';
import { inviteBodySchema, type InviteForm, type StaffInvitation } from '#domains/staff/schema.ts';

import { useInvite } from './staff-api.ts';

const ROLE_HINTS = {
  staff: 'Enquiries, quotes, invoices, messages and products.',
  admin: 'Everything, the staff accounts and the security log included.',
} as const;
const EMPTY: InviteForm = { email: '', firstName: '', role: 'staff' };

/** Invite a colleague: their e-mail address, first name and role; the e-mail carries a link valid for 48 hours. */
export function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (invitation: StaffInvitation) => void }) {
  const invite = useInvite();
  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    zodResolver(inviteBodySchema),
    EMPTY,
    'The invitation could not be sent. Please try again.',
  );

  const send = handleSubmit(async (body) => {
    await attempt(async () => onInvited(await invite.mutateAsync(body)));
  });

  return (
    <ModalDialog labelledBy="invite-title" onClose={onClose} className="m-auto w-[calc(100%-1rem)] max-w-md rounded-2xl">
      <form noValidate onSubmit={(event) => void send(event)} className="space-y-4 p-5">
        <h2 id="invite-title" className="text-lg font-bold text-leaf-900">
          Invite a colleague
        </h2>
        <p className="text-sm text-stone-700">
          They get an e-mail with a link to choose their username and password. The link works once, for {INVITE_HOURS} hours.
        </p>
        <FormField label="E-mail address" error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="off" inputMode="email" />}
        </FormField>
        <FormField label="First name" error={errors.firstName?.message}>
          {(control) => <input {...control} {...register('firstName')} type="text" autoComplete="off" />}
        </FormField>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-stone-900">Role</legend>
          {PANEL_ROLES.slice()
            .reverse()
            .map((role) => (
              <label key={role} className="flex min-h-11 items-start gap-3 rounded-lg p-2 hover:bg-stone-50">
                <input type="radio" value={role} {...register('role')} className="mt-1 size-5 accent-leaf-700" />
                <span>
                  <span className="block font-semibold">{ROLE_WORDS[role]}</span>
                  <span className="block text-sm text-stone-600">{ROLE_HINTS[role]}</span>
                </span>
              </label>
            ))}
        </fieldset>
        <SubmitRow alert={alert} sending={isSubmitting} label="Send invitation" sendingLabel="Sending..." onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
