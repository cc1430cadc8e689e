import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { lazyZodResolver } from '#app/lib/lazy-resolver.ts';
import { useToast } from '#app/lib/toast.tsx';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { RulesForm } from '#app/ui/RulesForm.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import type { RegisterForm } from '#domains/account/schema.ts';
import { register as registerAccount } from '#domains/account/ui/auth-api.ts';
import { refreshAfterSignIn, useSigningIn } from '#domains/account/ui/use-auth.ts';
import { msg } from '#lib/i18n/translate.ts';

import { CUSTOMER_PASSWORD_HINT } from './account-link.ts';
import { AuthFrame, AuthSwitch, CheckingAuthentication, USERNAME_INPUT } from './AuthFrame.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const EMPTY: RegisterForm = { firstName: '', lastName: '', username: '', email: '', password: '', confirmPassword: '' };

const rules = lazyZodResolver(async () => (await import('#domains/account/schema.ts')).registerFormSchema);

/** The new account is signed in at once and taken to / after about 100 ms. */
const LEAVE_AFTER_MS = 100;

/** Where an account already signed in is sent from /register, whatever its role. */
const toHomePage = () => '/';

/** /register: the registration form; an account already signed in is sent to /. */
export default function RegisterPage() {
  const { navigate, finishing, setFinishing, checking } = useSigningIn(toHomePage);
  const client = useQueryClient();
  const toast = useToast();
  const t = useT();
  /** The account exists: the page leaves for / shortly. */
  const [created, setCreated] = useState(false);

  useEffect(() => {
    if (!created) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [created, navigate]);

  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    rules.resolver,
    EMPTY,
    msg('Registration failed. Please try again.'),
  );

  const send = handleSubmit(async ({ confirmPassword: _confirm, ...payload }) => {
    setFinishing(true);
    if (!(await attempt(() => registerAccount(payload)))) {
      setFinishing(false);
      return;
    }
    await refreshAfterSignIn(client);
    toast({ title: t('Registration successful'), description: t('Welcome! Your account has been created.') });
    setCreated(true);
  });

  if (checking) {
    return <CheckingAuthentication wide />;
  }

  return (
    <AuthFrame wide>
      <h1 className="text-2xl font-bold text-leaf-900">{t('Create your account')}</h1>
      <p className="mt-2 text-stone-700">{t('Register to enquire faster with your details filled in.')}</p>
      <RulesForm rules={rules} onSend={send} className="mt-6 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={t('First name')} error={errors.firstName?.message}>
            {(control) => <input {...control} {...register('firstName')} type="text" autoComplete="given-name" />}
          </FormField>
          <FormField label={t('Last name')} error={errors.lastName?.message}>
            {(control) => <input {...control} {...register('lastName')} type="text" autoComplete="family-name" />}
          </FormField>
        </div>
        <FormField label={t('Username')} error={errors.username?.message}>
          {(control) => <input {...control} {...register('username')} {...USERNAME_INPUT} />}
        </FormField>
        <FormField label={t('Email')} error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
        </FormField>
        <NewPasswordFields hint={CUSTOMER_PASSWORD_HINT} register={register} errors={errors} />
        <SubmitRow
          alert={alert}
          sending={isSubmitting}
          disabled={finishing}
          label={t('Create account')}
          sendingLabel={t('Creating account...')}
        />
      </RulesForm>
      <AuthSwitch question={t('Already have an account?')} to="/login">
        {t('Sign in')}
      </AuthSwitch>
    </AuthFrame>
  );
}
