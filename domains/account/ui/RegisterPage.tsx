import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { useToast } from '#app/lib/toast.tsx';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { type RegisterForm, registerFormSchema } from '#domains/account/schema.ts';
import { register as registerAccount } from '#domains/account/ui/auth-api.ts';
import { refreshAfterSignIn, signedInUser, useAuthStatus } from '#domains/account/ui/use-auth.ts';

import { CUSTOMER_PASSWORD_HINT } from './account-link.ts';
import { AuthFrame, CheckingAuthentication, USERNAME_INPUT } from './AuthFrame.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const EMPTY: RegisterForm = { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' };
/** The new account is signed in at once and taken to / after about 100 ms. */
const LEAVE_AFTER_MS = 100;

/** /register: the registration form; an account already signed in is sent to /. */
export default function RegisterPage() {
  const status = useAuthStatus();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  /** Set once this page has created the account: it navigates itself, the redirect below stays out of the way. */
  const [finishing, setFinishing] = useState(false);
  /** The account exists: the page leaves for / shortly. */
  const [created, setCreated] = useState(false);
  const alreadyIn = signedInUser(status.data) !== null;

  useEffect(() => {
    if (alreadyIn && !finishing) void navigate('/', { replace: true });
  }, [alreadyIn, finishing, navigate]);
  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    zodResolver(registerFormSchema),
    EMPTY,
    'Registration failed. Please try again.',
  );

  const send = handleSubmit(async ({ confirmPassword: _confirm, ...payload }) => {
    setFinishing(true);
    if (!(await attempt(() => registerAccount(payload)))) {
      setFinishing(false);
      return;
    }
    await refreshAfterSignIn(client);
    toast({ title: 'Registration successful', description: 'Welcome! Your account has been created.' });
    setCreated(true);
  });

  if (status.isPending || (alreadyIn && !finishing)) {
    return <CheckingAuthentication wide />;
  }

  return (
    <AuthFrame wide>
      <h1 className="text-2xl font-bold text-leaf-900">Create your account</h1>
      <p className="mt-2 text-stone-700">Register to enquire faster with your details filled in.</p>
      <form method="post" noValidate onSubmit={(event) => void send(event)} className="mt-6 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName?.message}>
            {(control) => <input {...control} {...register('firstName')} type="text" autoComplete="given-name" />}
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            {(control) => <input {...control} {...register('lastName')} type="text" autoComplete="family-name" />}
          </FormField>
        </div>
        <FormField label="Username" error={errors.username?.message}>
          {(control) => <input {...control} {...register('username')} {...USERNAME_INPUT} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
        </FormField>
        <NewPasswordFields hint={CUSTOMER_PASSWORD_HINT} register={register} errors={errors} />
        <SubmitRow
          alert={alert}
          sending={isSubmitting}
          disabled={finishing}
          label="Create account"
          sendingLabel="Creating account..."
        />
      </form>
      <p className="mt-6 text-center text-sm text-stone-700">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-leaf-800 underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </AuthFrame>
  );
}
