import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { lazyZodResolver } from '#app/lib/lazy-resolver.ts';
import { useToast } from '#app/lib/toast.tsx';
import { useSteadyForm } from '#app/lib/use-steady-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { PasswordInput } from '#app/ui/PasswordInput.tsx';
import { Rich } from '#app/ui/Rich.tsx';
import { RulesForm } from '#app/ui/RulesForm.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { type PublicUser, usesPanel } from '#domains/account/model.ts';
import type { LoginInput } from '#domains/account/schema.ts';
import { authErrorMessage, login, verifyTwoFactor } from '#domains/account/ui/auth-api.ts';
import { TwoFactorCodeForm } from '#domains/account/ui/TwoFactorCodeForm.tsx';
import { homeOf, refreshAfterSignIn, useSigningIn } from '#domains/account/ui/use-auth.ts';
import { msg } from '#lib/i18n/translate.ts';

import { AuthFrame, AuthStepLink, AuthSwitch, CheckingAuthentication, USERNAME_INPUT } from './AuthFrame.tsx';

const TABS = [
  { id: 'user', label: msg('User Login'), subtitle: msg('Access your account and shop') },
  { id: 'admin', label: msg('Admin Login'), subtitle: msg('Access admin panel and management tools') },
] as const;
type TabId = (typeof TABS)[number]['id'];

const LOGIN_FAILED = msg('Login failed. Please try again.');
/** The generic fallback: the server answered the sign-in without saying why. */
const LOGIN_REFUSED = msg('Login failed');
const VERIFY_FAILED = msg('2FA verification failed. Please try again.');
const rules = lazyZodResolver(async () => (await import('#domains/account/schema.ts')).loginSchema);

/**
 * /login: the User and Admin tabs share one username and password
 * form; a sign-in that needs a two-factor code switches to the code view. The account's role decides where the
 * visitor goes afterwards; the tab only changes the welcome text.
 */
export default function LoginPage() {
  // Already signed in when arriving (or signed in from another tab): admins to /admin, others to /.
  const { status, navigate, setFinishing, checking } = useSigningIn(homeOf);
  const client = useQueryClient();
  const toast = useToast();
  const t = useT();
  const [tab, setTab] = useState<TabId>('user');
  /** The username whose code is being asked for: the code view. */
  const [codeFor, setCodeFor] = useState<string | null>(() =>
    status.data?.pendingTwoFactor ? (status.data.user?.username ?? null) : null,
  );
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useSteadyForm({ resolver: rules.resolver, defaultValues: { username: '', password: '' } });

  const finish = async (user: PublicUser, welcome: { title: string; description: string }) => {
    setFinishing(true);
    await refreshAfterSignIn(client);
    toast(welcome);
    await navigate(homeOf(user), { replace: true });
  };

  const signIn = handleSubmit(async (values: LoginInput) => {
    setError(null);
    try {
      const answer = await login(values);
      if (answer.requiresTwoFactor) {
        await refreshAfterSignIn(client);
        setCodeFor(answer.user.username);
        toast({ title: t('2FA Required'), description: t('Please enter your two-factor authentication code.') });
        return;
      }
      await finish(answer.user, {
        title: t('Login successful'),
        description: tab === 'admin' ? t('Welcome back to the admin panel') : t('Welcome back'),
      });
    } catch (failure) {
      setFinishing(false);
      setError(authErrorMessage(failure, LOGIN_FAILED, LOGIN_REFUSED));
    }
  });

  const verify = async (code: string) => {
    setError(null);
    setVerifying(true);
    try {
      const { user } = await verifyTwoFactor(code);
      await finish(
        user,
        usesPanel(user.role)
          ? { title: t('2FA Verified'), description: t('Welcome to the admin panel!') }
          : { title: t('Login successful'), description: t('Welcome back') },
      );
    } catch (failure) {
      setFinishing(false);
      const message = authErrorMessage(failure, VERIFY_FAILED);
      setError(message);
      toast({ title: t('Verification Failed'), description: t(message), variant: 'destructive' });
    } finally {
      setVerifying(false);
    }
  };

  const backToLogin = () => {
    setCodeFor(null);
    setError(null);
    reset({ username: '', password: '' });
  };

  if (checking) {
    return <CheckingAuthentication />;
  }

  if (codeFor !== null) {
    return (
      <AuthFrame>
        <h1 className="text-2xl font-bold text-leaf-900">{t('Two-factor authentication')}</h1>
        <p className="mt-2 text-stone-700">
          <Rich
            message={msg('Signing in as {username}')}
            values={{ username: <strong className="font-semibold text-stone-900">{codeFor}</strong> }}
          />
        </p>
        <TwoFactorCodeForm className="mt-6" onSubmit={verify} pending={verifying} error={error} focusOnMount />
        <button
          type="button"
          onClick={backToLogin}
          className="mt-6 text-sm font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
        >
          {t('Back to login')}
        </button>
      </AuthFrame>
    );
  }

  const current = TABS.find((candidate) => candidate.id === tab) ?? TABS[0];
  return (
    <AuthFrame>
      <h1 className="text-2xl font-bold text-leaf-900">{t('Login')}</h1>
      <Tabs current={tab} onChange={setTab} />
      <div role="tabpanel" id="login-panel" aria-labelledby={`login-tab-${tab}`} className="mt-6">
        <p className="text-stone-700">{t(current.subtitle)}</p>
        <RulesForm rules={rules} onSend={signIn} className="mt-5 space-y-5">
          <FormField label={t('Username')} hint={t('Or the e-mail address of your account')} error={errors.username?.message}>
            {(control) => <input {...control} {...register('username')} {...USERNAME_INPUT} />}
          </FormField>
          <FormField label={t('Password')} error={errors.password?.message}>
            {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
          </FormField>
          <SubmitRow alert={error} sending={isSubmitting} label={t('Login')} sendingLabel={t('Logging in...')} />
        </RulesForm>
        <AuthStepLink to="/forgot-password">{t('Forgot password?')}</AuthStepLink>
      </div>
      <AuthSwitch question={t("Don't have an account?")} to="/register">
        {t('Sign up')}
      </AuthSwitch>
    </AuthFrame>
  );
}

/** The two tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between them). */
function Tabs({ current, onChange }: { current: TabId; onChange: (tab: TabId) => void }) {
  const refs = useRef<Record<TabId, HTMLButtonElement | null>>({ user: null, admin: null });
  const t = useT();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current[tab.id]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('Login type')} className="mt-5 grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1">
      {TABS.map((tab) => {
        const selected = tab.id === current;
        return (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node;
            }}
            type="button"
            role="tab"
            id={`login-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls="login-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={onKeyDown}
            className={`min-h-11 rounded-md px-3 py-2 text-sm font-semibold ${
              selected ? 'bg-white text-leaf-900 shadow-sm' : 'text-stone-700 hover:text-leaf-900'
            }`}
          >
            {t(tab.label)}
          </button>
        );
      })}
    </div>
  );
}
