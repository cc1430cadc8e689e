import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { useToast } from '#app/lib/toast.tsx';
import { InlineAlert } from '#app/ui/InlineAlert.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { PasswordInput } from '#app/ui/PasswordInput.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { changePasswordProblem } from '#domains/account/schema.ts';
import { whileSignedIn } from '#domains/account/ui/admin/session-prompt.ts';
import { authErrorMessage, changePassword } from '#domains/account/ui/auth-api.ts';

const FIELDS = [
  ['currentPassword', 'Current password', 'current-password'],
  ['newPassword', 'New password', 'new-password'],
  ['confirmPassword', 'Confirm new password', 'new-password'],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string>;

/** The Change Password dialog: the five checks in order (domains/account/schema.ts), errors shown inline. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const [values, setValues] = useState<Values>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = changePasswordProblem(values);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await whileSignedIn(() => changePassword(values));
      // The change is in the security log now: the Center shows it without waiting for its next minute.
      void client.invalidateQueries({ queryKey: ['admin'] });
      toast({ title: 'Password changed successfully.' });
      onClose();
    } catch (failure) {
      setError(authErrorMessage(failure, 'Failed to change password'));
    } finally {
      setPending(false);
    }
  };

  return (
    <ModalDialog labelledBy="change-password-title" onClose={onClose} className="m-auto w-[calc(100%-1rem)] max-w-md rounded-2xl">
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-5">
        <h2 id="change-password-title" className="text-lg font-bold text-leaf-900">
          Change Password
        </h2>
        {error && <InlineAlert message={error} />}
        {FIELDS.map(([name, label, autoComplete]) => (
          <div key={name}>
            <label htmlFor={`change-${name}`} className="mb-1 block text-sm font-semibold">
              {label}
            </label>
            <PasswordInput
              id={`change-${name}`}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              className="h-11 w-full rounded-lg border border-stone-300 px-3"
            />
          </div>
        ))}
        <p className="text-sm text-stone-600">At least 12 characters, with uppercase, lowercase, numbers and symbols.</p>
        {/* Its own checks' message and the server's stand above the fields. */}
        <SubmitRow alert={null} sending={pending} label="Change Password" sendingLabel="Changing..." onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
