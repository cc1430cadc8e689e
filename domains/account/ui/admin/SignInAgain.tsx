import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';

import { useToast } from '#app/lib/toast.tsx';
import { FormField } from '#app/ui/FormField.tsx';
import { ModalDialog } from '#app/ui/ModalDialog.tsx';
import { PasswordInput } from '#app/ui/PasswordInput.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { useAdminLogout } from '#domains/account/ui/admin/use-admin-logout.ts';
import { authErrorMessage, login, verifyTwoFactor } from '#domains/account/ui/auth-api.ts';
import { TwoFactorCodeForm } from '#domains/account/ui/TwoFactorCodeForm.tsx';
import { refreshAfterSignIn, useAuthStatus } from '#domains/account/ui/use-auth.ts';

import { keepSession, sessionResumed, useSessionPrompt } from './session-prompt.ts';
import { SESSION_TIME_KEY } from './session-time-query.ts';

const LOGIN_FAILED = 'Login failed. Please try again.';
const VERIFY_FAILED = '2FA verification failed. Please try again.';

/**
 * The sign-in prompt over the panel: the page under it stays mounted, so a half-made quote or product is still there
 * afterwards, and the request that found the session ended is sent again (see whileSignedIn). The same person signs
 * in (their username is given), with their two-factor code when the account has one; someone else logs out first.
 */
export function SignInAgain() {
  const prompt = useSessionPrompt();
  const ended = prompt === 'ended';
  return (
    <ModalDialog
      open={prompt !== null}
      labelledBy="sign-in-again-title"
      onClose={keepSession}
      dismissible={!ended}
      className="m-auto w-[calc(100%-1rem)] max-w-md rounded-2xl"
    >
      {/* Mounted afresh each time it opens: nothing typed last time is left in it. */}
      {prompt !== null && <SignInAgainForm ended={ended} />}
    </ModalDialog>
  );
}

function SignInAgainForm({ ended }: { ended: boolean }) {
  const username = useAuthStatus().data?.user?.username ?? '';
  const client = useQueryClient();
  const toast = useToast();
  const { logout, pending: loggingOut } = useAdminLogout();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    passwordInput.current?.focus();
  }, []);

  const signedIn = async () => {
    await refreshAfterSignIn(client);
    await client.invalidateQueries({ queryKey: SESSION_TIME_KEY });
    sessionResumed();
    toast({ title: 'Signed in again', description: 'Carry on where you were.' });
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      passwordInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await login({ username, password });
      setPassword('');
      if (answer.requiresTwoFactor) setStep('code');
      else await signedIn();
    } catch (failure) {
      setError(authErrorMessage(failure, LOGIN_FAILED, 'Login failed'));
      passwordInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    setBusy(true);
    setError(null);
    try {
      await verifyTwoFactor(code);
      await signedIn();
    } catch (failure) {
      setError(authErrorMessage(failure, VERIFY_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4 p-5">
      <h2 id="sign-in-again-title" className="flex items-center gap-2 text-lg font-bold text-leaf-900">
        <LogIn aria-hidden="true" className="size-5" />
        {ended ? 'Your session has ended' : 'Sign in again'}
      </h2>
      <p className="text-stone-700">
        {ended
          ? 'Admin sessions last 4 hours. Sign in again to carry on: the page stays as it is, and what you were sending is sent once you are back.'
          : 'Sign in again now and the session starts another 4 hours. The page stays as it is.'}
      </p>
      <p className="text-sm text-stone-700">
        Signing in as <strong className="font-semibold text-stone-900">{username}</strong>
      </p>
      {step === 'password' ? (
        <form noValidate onSubmit={(event) => void submitPassword(event)} className="space-y-4">
          {/* The username travels with the form, so a password manager offers the right entry. */}
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <FormField label="Password">
            {(control) => (
              <PasswordInput
                {...control}
                ref={passwordInput}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
          <SubmitRow alert={error} sending={busy} label="Sign in" sendingLabel="Logging in..." />
        </form>
      ) : (
        <TwoFactorCodeForm pending={busy} error={error} onSubmit={submitCode} focusOnMount />
      )}
      <div className="flex flex-wrap justify-between gap-2 border-t border-stone-200 pt-4">
        {!ended && (
          <button type="button" className="btn-ghost min-h-11" onClick={keepSession}>
            Not now
          </button>
        )}
        <button type="button" className="btn-ghost ml-auto min-h-11" disabled={loggingOut} onClick={() => void logout()}>
          Log out instead
        </button>
      </div>
    </div>
  );
}
