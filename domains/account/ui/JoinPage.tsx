import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { useToast } from '#app/lib/toast.tsx';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { type JoinForm, joinFormSchema } from '#domains/account/schema.ts';
import { acceptInvite } from '#domains/account/ui/auth-api.ts';
import { refreshAfterSignIn } from '#domains/account/ui/use-auth.ts';

import { PASSWORD_HINT, roleWord, useAccountLink } from './account-link.ts';
import { USERNAME_INPUT } from './AuthFrame.tsx';
import { LinkFrame } from './LinkFrame.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const EMPTY: JoinForm = { username: '', password: '', confirmPassword: '' };

/**
 * /join#<token>: the page an invitation's e-mail opens. The colleague chooses a username and a password, is signed in,
 * and goes to the panel (which, for staff, asks for two-factor setup first).
 */
export default function JoinPage() {
  const link = useAccountLink('invite');
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    zodResolver(joinFormSchema),
    EMPTY,
    'Your account could not be created. Please try again.',
  );

  const send = handleSubmit(async ({ username, password }) => {
    if (link.state !== 'ready') return;
    if (!(await attempt(() => acceptInvite({ token: link.token, username, password })))) return;
    await refreshAfterSignIn(client);
    toast({ title: 'Welcome to the team', description: 'Your account is ready.' });
    await navigate('/admin', { replace: true });
  });

  return (
    <LinkFrame title="Join the admin panel" link={link} checking="Checking your invitation…">
      {({ preview }) => (
        <>
          <p className="mt-2 text-stone-700">
            Welcome, {preview.firstName}. You are invited as <strong>{roleWord(preview)}</strong> with the e-mail address{' '}
            <strong className="break-all">{preview.email}</strong>. Choose how you will sign in.
          </p>
          <form method="post" noValidate onSubmit={(event) => void send(event)} className="mt-6 space-y-5">
            <FormField
              label="Username"
              hint="3 to 30 letters, digits, dots, dashes or underscores"
              error={errors.username?.message}
            >
              {(control) => <input {...control} {...register('username')} {...USERNAME_INPUT} />}
            </FormField>
            <NewPasswordFields hint={PASSWORD_HINT} register={register} errors={errors} />
            <SubmitRow alert={alert} sending={isSubmitting} label="Create my account" sendingLabel="Creating your account..." />
          </form>
        </>
      )}
    </LinkFrame>
  );
}
