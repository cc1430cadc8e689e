import { KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';

import { useToast } from '#app/lib/toast.tsx';
import { BackupCodes } from '#domains/account/ui/admin/BackupCodes.tsx';
import { authErrorMessage } from '#domains/account/ui/auth-api.ts';
import { TwoFactorCodeForm } from '#domains/account/ui/TwoFactorCodeForm.tsx';

import { useBackupCodesLeft, useRenewBackupCodes } from './security-api.ts';

/** Fewer than this many backup codes left: time for a new set. */
const RUNNING_LOW = 3;

/** With two-factor on: the backup codes left, and a new set (for a current code from the app; the old set stops working). */
export function BackupCodesPanel({ username, shopName }: { username: string | null; shopName: string }) {
  const toast = useToast();
  const left = useBackupCodesLeft(true).data?.left;
  const renew = useRenewBackupCodes();
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const submit = (code: string) =>
    renew.mutateAsync(code, {
      onSuccess: (answer) => {
        setError(null);
        setAsking(false);
        setCodes(answer.backupCodes);
        toast({ title: 'New backup codes made', description: 'The old ones no longer work.' });
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: (failure) => setError(authErrorMessage(failure, 'New backup codes could not be made. Please try again.')),
    });

  return (
    <div className="mt-3 border-t border-stone-200 pt-3">
      <h4 ref={heading} tabIndex={-1} className="flex items-center gap-2 font-semibold text-stone-900 focus:outline-none">
        <KeyRound aria-hidden="true" className="size-4" /> Backup codes
      </h4>
      <p className="mt-1 text-sm text-stone-700" data-testid="backup-codes-left">
        {left === undefined ? 'Counting…' : `${left} of 10 backup codes left.`}
        {left !== undefined && left < RUNNING_LOW && ' Running low: make a new set.'}
      </p>
      {codes && (
        <>
          <p className="mt-2 text-sm font-semibold text-stone-900">Your new backup codes: keep them somewhere safe.</p>
          <BackupCodes codes={codes} username={username} shopName={shopName} />
        </>
      )}
      {asking ? (
        <TwoFactorCodeForm
          className="mt-3 max-w-xs"
          label="Authentication code"
          submitLabel="Make new backup codes"
          pendingLabel="Making..."
          allowBackupCode={false}
          pending={renew.isPending}
          error={error}
          focusOnMount
          onSubmit={submit}
        />
      ) : (
        <button type="button" className="btn-outline mt-2 min-h-11" onClick={() => setAsking(true)}>
          Make new backup codes
        </button>
      )}
    </div>
  );
}
