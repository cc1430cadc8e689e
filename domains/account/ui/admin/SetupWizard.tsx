import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

import { useToast } from '#app/lib/toast.tsx';
import { InlineAlert } from '#app/ui/InlineAlert.tsx';
import { type AuthStatus, BACKUP_CODE_COUNT, type TwoFactorSetup } from '#domains/account/model.ts';
import { enableTwoFactor, setupTwoFactor } from '#domains/account/ui/auth-api.ts';
import { TwoFactorCodeForm } from '#domains/account/ui/TwoFactorCodeForm.tsx';
import { AUTH_STATUS_KEY } from '#domains/account/ui/use-auth.ts';

import { BackupCodes } from './BackupCodes.tsx';
import { CopyButton } from './CopyButton.tsx';
import { useStepError } from './step-error.ts';

export type WizardStep = 'setup' | 'verify' | 'backup';

const STEPS: Array<{ step: WizardStep; label: string }> = [
  { step: 'setup', label: 'Set up' },
  { step: 'verify', label: 'Verify' },
  { step: 'backup', label: 'Backup codes' },
];

const SETUP_FAILED = '2FA setup failed';
const VERIFY_FAILED = '2FA verification failed. Please try again.';

interface SetupWizardProps {
  /** The signed-in admin's username, written into the backup code file. */
  username: string | null;
  /** The shop's name, written into the backup code file. */
  shopName: string;
  /** 'Complete Setup' was pressed: 2FA is on and the codes are saved. */
  onComplete: () => void;
  /** Leaves the wizard before 2FA is enabled (offered on the first two steps when given). */
  onCancel?: () => void;
}

/**
 * The 2FA setup wizard: setup (POST /api/auth/setup-2fa) → verify (QR image or manual key,
 * then the 6-digit code: POST /api/auth/enable-2fa) → backup codes (show or hide, download, copy) → Complete
 * Setup. Each step's heading takes the focus, so the change of step is announced.
 */
export function SetupWizard({ username, shopName, onComplete, onCancel }: SetupWizardProps) {
  const [step, setStep] = useState<WizardStep>('setup');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  const index = STEPS.findIndex((s) => s.step === step);
  return (
    <section
      aria-labelledby="two-factor-step-heading"
      className="mx-auto w-full max-w-2xl rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <ol className="mb-6 flex flex-wrap gap-2 text-sm" aria-label="Setup steps">
        {STEPS.map((s, i) => (
          <li
            key={s.step}
            aria-current={s.step === step ? 'step' : undefined}
            className={`rounded-full px-3 py-1 font-medium ${
              i === index ? 'bg-leaf-700 text-white' : i < index ? 'bg-leaf-100 text-leaf-900' : 'bg-stone-100 text-stone-700'
            }`}
          >
            {i + 1}. {s.label}
          </li>
        ))}
      </ol>
      {step === 'setup' && (
        <SetupStep
          heading={heading}
          onCancel={onCancel}
          onStarted={(answer) => {
            setSetup(answer);
            setStep('verify');
          }}
        />
      )}
      {step === 'verify' && setup && (
        <VerifyStep heading={heading} setup={setup} onCancel={onCancel} onEnabled={() => setStep('backup')} />
      )}
      {step === 'backup' && setup && (
        <BackupStep heading={heading} setup={setup} username={username} shopName={shopName} onComplete={onComplete} />
      )}
    </section>
  );
}

interface StepProps {
  heading: RefObject<HTMLHeadingElement | null>;
  onCancel?: () => void;
}

function CancelButton({ onCancel, disabled = false }: { onCancel?: () => void; disabled?: boolean }) {
  if (!onCancel) return null;
  return (
    <button type="button" className="btn-ghost" disabled={disabled} onClick={onCancel}>
      Cancel
    </button>
  );
}

function StepHeading({ heading, children, hint }: StepProps & { children: ReactNode; hint: string }) {
  return (
    <div className="mb-5">
      <p className="text-sm font-medium text-stone-600">{hint}</p>
      <h2
        id="two-factor-step-heading"
        ref={heading}
        tabIndex={-1}
        className="mt-1 text-2xl font-bold text-leaf-900 focus:outline-none"
      >
        {children}
      </h2>
    </div>
  );
}

function SetupStep({ heading, onCancel, onStarted }: StepProps & { onStarted: (setup: TwoFactorSetup) => void }) {
  const toast = useToast();
  const { error, clearError, onError } = useStepError('Setup Failed', SETUP_FAILED);
  const start = useMutation({
    mutationFn: setupTwoFactor,
    onSuccess: (answer) => {
      clearError();
      toast({ title: '2FA Setup Initiated', description: 'Scan the QR code with your authenticator app.' });
      onStarted(answer);
    },
    onError,
  });

  return (
    <div>
      <StepHeading heading={heading} hint="Step 1 of 3">
        Set Up Two-Factor Authentication
      </StepHeading>
      <div className="space-y-3 text-stone-700">
        <p>
          Two-factor authentication protects the admin panel even if your password is stolen: after your password, you also enter
          a 6-digit code that changes every 30 seconds.
        </p>
        <ul className="space-y-2">
          <li className="flex gap-2">
            <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-leaf-700" />
            <span>
              You need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or Authy.
            </span>
          </li>
          <li className="flex gap-2">
            <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-leaf-700" />
            <span>You will also get {BACKUP_CODE_COUNT} single-use backup codes for when your phone is not at hand.</span>
          </li>
        </ul>
      </div>
      {error && (
        <div className="mt-5">
          <InlineAlert message={error} />
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={start.isPending} onClick={() => start.mutate()}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          {start.isPending ? 'Starting setup...' : 'Begin Setup'}
        </button>
        <CancelButton onCancel={onCancel} disabled={start.isPending} />
      </div>
    </div>
  );
}

function VerifyStep({ heading, setup, onCancel, onEnabled }: StepProps & { setup: TwoFactorSetup; onEnabled: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const { error, clearError, onError } = useStepError('Verification Failed', VERIFY_FAILED);
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => {
      clearError();
      toast({ title: '2FA Enabled', description: 'Two-factor authentication is now on for your account.' });
      // The session is verified now; the wizard stays on its backup step until 'Complete Setup'. The status says so at
      // once, so the panel behind 'Complete Setup' never offers the setup again while the status is read anew.
      client.setQueryData<AuthStatus>(AUTH_STATUS_KEY, (status) =>
        status?.user
          ? { ...status, twoFactorEnabled: true, twoFactorVerified: true, user: { ...status.user, twoFactorEnabled: true } }
          : status,
      );
      void client.invalidateQueries({ queryKey: AUTH_STATUS_KEY });
      onEnabled();
    },
    onError,
  });

  return (
    <div>
      <StepHeading heading={heading} hint="Step 2 of 3">
        Scan and Verify
      </StepHeading>
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code to add this admin account to your authenticator app"
          width={192}
          height={192}
          className="mx-auto size-48 rounded-lg border border-stone-200 bg-white p-2"
        />
        <div className="min-w-0 space-y-3 text-stone-700">
          <p>Scan the QR code with your authenticator app. If you cannot scan it, type this key into the app instead:</p>
          <div>
            <p className="text-sm font-semibold text-stone-900">Manual entry key</p>
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              <code
                data-testid="manual-entry-key"
                className="rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm break-all text-stone-900"
              >
                {setup.manualEntryKey}
              </code>
              <CopyButton
                text={setup.manualEntryKey}
                label="Copy"
                accessibleName="Copy manual entry key"
                copiedDescription="The key is on your clipboard."
              />
            </div>
          </div>
        </div>
      </div>
      <TwoFactorCodeForm
        className="mt-6 max-w-xs"
        label="Verification code"
        submitLabel="Verify and Enable"
        allowBackupCode={false}
        pending={enable.isPending}
        error={error}
        onSubmit={(code) => enable.mutateAsync(code)}
      />
      <div className="mt-3">
        <CancelButton onCancel={onCancel} disabled={enable.isPending} />
      </div>
    </div>
  );
}

function BackupStep({
  heading,
  setup,
  username,
  shopName,
  onComplete,
}: StepProps & { setup: TwoFactorSetup; username: string | null; shopName: string; onComplete: () => void }) {
  return (
    <div>
      <StepHeading heading={heading} hint="Step 3 of 3">
        Save Your Backup Codes
      </StepHeading>
      <p className="text-stone-700">
        Two-factor authentication is on. Keep these {setup.backupCodes.length} backup codes somewhere safe: each one signs you in
        once in place of a code from your app, if you lose your phone.
      </p>
      <BackupCodes codes={setup.backupCodes} username={username} shopName={shopName} />
      <button type="button" className="btn-primary mt-6" onClick={onComplete}>
        Complete Setup
      </button>
    </div>
  );
}
