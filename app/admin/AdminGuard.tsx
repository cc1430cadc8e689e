import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { useToast } from '#app/lib/toast.tsx';
import { requiresTwoFactor, usesPanel } from '#domains/account/model.ts';
import { SessionBanner } from '#domains/account/ui/admin/SessionBanner.tsx';
import { SetupWizard } from '#domains/account/ui/admin/SetupWizard.tsx';
import { SignInAgain } from '#domains/account/ui/admin/SignInAgain.tsx';
import { useStepError } from '#domains/account/ui/admin/step-error.ts';
import { forgetTwoFactorSkip, useTwoFactorSkip } from '#domains/account/ui/admin/two-factor-skip.ts';
import { useAdminLogout } from '#domains/account/ui/admin/use-admin-logout.ts';
import { verifyTwoFactor } from '#domains/account/ui/auth-api.ts';
import { TwoFactorCodeForm } from '#domains/account/ui/TwoFactorCodeForm.tsx';
import { refreshAfterSignIn, useAuthStatus, useLogout } from '#domains/account/ui/use-auth.ts';
import { useShop } from '#domains/settings/ui/shop.ts';

const VERIFY_FAILED = '2FA verification failed. Please try again.';

/**
 * The panel's guard, its steps evaluated in this order: checking → not an administrator or staff (to /login)
 * → the 2FA code of a pending sign-in → the setup wizard, if chosen → for staff, two-factor required before anything
 * else; for administrators, the offer to set it up → the admin content under the session banner, with the sign-in
 * prompt ready for when the session ends. The admin layout route's loader already sends everyone else to /login on
 * the server; the check here covers the sign-in changing while the page is open.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { data: status, isLoading } = useAuthStatus();
  const shop = useShop();
  const navigate = useNavigate();
  const [settingUp, setSettingUp] = useState(false);
  // Set when the admin gets in from one of the screens below, so focus moves to the banner.
  const [entered, setEntered] = useState(false);
  // Set when the wizard is cancelled, so focus returns to 'Setup 2FA Now'.
  const [cancelled, setCancelled] = useState(false);
  const { skipped, skip } = useTwoFactorSkip(status?.user?.id ?? null);
  const denied = status !== undefined && (!status.authenticated || !usesPanel(status.user?.role));

  useEffect(() => {
    if (!denied) return;
    // Signed out (or another account): 'Skip for Now' belonged to the session that ended.
    forgetTwoFactorSkip();
    void navigate('/login', { replace: true });
  }, [denied, navigate]);

  if (isLoading || !status) return <GuardMessage>Checking authentication...</GuardMessage>;
  if (denied) return <GuardMessage>Redirecting to login...</GuardMessage>;
  if (status.pendingTwoFactor && !status.twoFactorVerified) {
    return <TwoFactorEntry username={status.user?.username ?? null} onVerified={() => setEntered(true)} />;
  }
  if (settingUp) {
    return (
      <GuardScreen wide>
        <SetupWizard
          username={status.user?.username ?? null}
          shopName={shop.name}
          onComplete={() => {
            setSettingUp(false);
            setEntered(true);
          }}
          onCancel={() => {
            setSettingUp(false);
            setCancelled(true);
          }}
        />
      </GuardScreen>
    );
  }
  if (status.user && requiresTwoFactor(status.user.role) && !status.twoFactorEnabled) {
    return <TwoFactorOffer onSetup={() => setSettingUp(true)} focusSetup={cancelled} />;
  }
  if (!status.twoFactorEnabled && !status.twoFactorVerified && !skipped) {
    return (
      <TwoFactorOffer
        focusSetup={cancelled}
        onSetup={() => setSettingUp(true)}
        onSkip={() => {
          skip();
          setEntered(true);
        }}
      />
    );
  }
  return (
    <>
      <SessionBanner secure={status.twoFactorEnabled} focus={entered} />
      {children}
      <SignInAgain />
    </>
  );
}

/** A whole-page screen of the guard, with the page's main landmark. */
function GuardScreen({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main id="main-content" className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-10">
      <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>{children}</div>
    </main>
  );
}

function GuardMessage({ children }: { children: ReactNode }) {
  return (
    <GuardScreen>
      <p role="status" className="text-center text-lg text-stone-700">
        {children}
      </p>
    </GuardScreen>
  );
}

/** Step 3: the admin's password was accepted and the account has 2FA: the code (or a backup code). */
function TwoFactorEntry({ username, onVerified }: { username: string | null; onVerified: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const { logout, pending: loggingOut } = useLogout('/login');
  const { error, clearError, onError } = useStepError('Verification Failed', VERIFY_FAILED);
  const verify = useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: async () => {
      clearError();
      toast({ title: '2FA Verified', description: 'Welcome to the admin panel!' });
      onVerified();
      await refreshAfterSignIn(client);
    },
    onError,
  });

  return (
    <GuardScreen>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <ShieldCheck aria-hidden="true" className="size-10 text-leaf-700" />
        <h1 className="mt-3 text-2xl font-bold text-leaf-900">Two-Factor Authentication</h1>
        <p className="mt-2 text-stone-700">
          {username ? (
            <>
              Signing in as <strong className="font-semibold text-stone-900">{username}</strong>. Enter
            </>
          ) : (
            'Enter'
          )}{' '}
          the 6-digit code from your authenticator app to open the admin panel.
        </p>
        <TwoFactorCodeForm
          className="mt-6"
          pending={verify.isPending}
          error={error}
          onSubmit={(code) => verify.mutateAsync(code)}
        />
        <button type="button" className="btn-ghost mt-4 w-full" disabled={loggingOut} onClick={() => void logout()}>
          Log out
        </button>
      </div>
    </GuardScreen>
  );
}

/**
 * The offer to set up two-factor: recommended to administrators (step 5: `onSkip` lets them in without it), required of
 * staff (no `onSkip`: the panel opens once it is set up, and they may only log out instead).
 */
function TwoFactorOffer({ focusSetup, onSetup, onSkip }: { focusSetup: boolean; onSetup: () => void; onSkip?: () => void }) {
  const required = !onSkip;
  const { logout, pending } = useAdminLogout();
  const setupButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusSetup) setupButton.current?.focus();
  }, [focusSetup]);
  return (
    <GuardScreen>
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <ShieldAlert aria-hidden="true" className="size-10 text-amber-700" />
        <h1 className="mt-3 text-2xl font-bold text-leaf-900">
          {required ? 'Set up two-factor authentication' : 'Secure Your Admin Account'}
        </h1>
        <p className="mt-2 text-stone-700">
          {required
            ? 'Staff accounts use two-factor authentication: after your password, you also enter a code from an authenticator app on your phone. Set it up now to open the admin panel; it takes about two minutes.'
            : 'Two-factor authentication is recommended for admin accounts: after your password, you also enter a code from an authenticator app on your phone. Setup takes about two minutes.'}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button ref={setupButton} type="button" className="btn-primary flex-1" onClick={onSetup}>
            Setup 2FA Now
          </button>
          {required ? (
            <button type="button" className="btn-outline flex-1" disabled={pending} onClick={() => void logout()}>
              Log out
            </button>
          ) : (
            <button type="button" className="btn-outline flex-1" onClick={onSkip}>
              Skip for Now
            </button>
          )}
        </div>
      </div>
    </GuardScreen>
  );
}
