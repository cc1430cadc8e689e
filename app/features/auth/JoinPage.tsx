import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { type JoinForm, joinFormSchema } from '../../../core/schemas/staff';
import { FormField } from '../../components/ui/FormField';
import { InlineAlert } from '../../components/ui/InlineAlert';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { acceptInvite, authErrorMessage } from '../../lib/auth-api';
import { showFieldErrors } from '../../lib/field-errors';
import { useToast } from '../../lib/toast';
import { refreshAfterSignIn } from '../../lib/use-auth';
import { useSteadyForm } from '../../lib/use-steady-form';
import { PASSWORD_HINT, roleWord, useAccountLink } from './account-link';
import { USERNAME_INPUT } from './AuthFrame';
import { LinkFrame } from './LinkFrame';

const EMPTY: JoinForm = { username: '', password: '', confirmPassword: '' };
const FIELDS = new Set<string>(Object.keys(EMPTY));

/**
 * /join#<token>: the page an invitation's e-mail opens. The colleague chooses a username and a password, is signed in,
 * and goes to the panel (which, for staff, asks for two-factor setup first).
 */
export default function JoinPage() {
  const link = useAccountLink('invite');
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSteadyForm({ resolver: zodResolver(joinFormSchema), defaultValues: EMPTY });

  const send = handleSubmit(async ({ username, password }) => {
    if (link.state !== 'ready') return;
    setServerError(null);
    try {
      await acceptInvite({ token: link.token, username, password });
    } catch (failure) {
      showFieldErrors(failure, FIELDS, setError);
      setServerError(authErrorMessage(failure, 'Your account could not be created. Please try again.'));
      return;
    }
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
            <FormField label="Password" hint={PASSWORD_HINT} error={errors.password?.message}>
              {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
            </FormField>
            <FormField label="Confirm password" error={errors.confirmPassword?.message}>
              {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
            </FormField>
            {error && <InlineAlert message={error} />}
            <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
              {isSubmitting ? 'Creating your account...' : 'Create my account'}
            </button>
          </form>
        </>
      )}
    </LinkFrame>
  );
}
