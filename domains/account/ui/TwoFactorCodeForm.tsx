import { type FormEvent, useEffect, useRef, useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { BACKUP_CODE_ALPHABET, keepCodeDigits, TWO_FACTOR_CODE_LENGTH } from '#domains/account/model.ts';

/** A backup code as typed: its alphabet's characters upper-cased and the dash, 'XXXX-XXXX' at most. */
const keepBackupChars = (input: string) =>
  Array.from(input.toUpperCase())
    .filter((char) => char === '-' || BACKUP_CODE_ALPHABET.includes(char))
    .join('')
    .slice(0, 9);
/** 'XXXX-XXXX' (the dash may be left out), else null. */
function backupCode(value: string): string | null {
  const match = /^([^-]{4})-?([^-]{4})$/.exec(value);
  return match ? `${match[1]}-${match[2]}` : null;
}

export interface TwoFactorCodeFormProps {
  /** The 6-digit code, or a backup code 'XXXX-XXXX'. */
  onSubmit: (code: string) => Promise<unknown>;
  pending?: boolean;
  /** Shown under the field, announced (role="alert"). */
  error?: string | null;
  /** The texts below default to the sign-in's, in the page's language; a caller's own are shown as given. */
  label?: string;
  submitLabel?: string;
  pendingLabel?: string;
  /** Offer 'Use a backup code' (verification at sign-in); off where only the app's code makes sense (setup). */
  allowBackupCode?: boolean;
  /** Focus the field when the form appears. */
  focusOnMount?: boolean;
  className?: string;
}

/**
 * The two-factor code entry: only digits are kept, at most 6, and the submit button works only
 * at exactly 6. A small toggle switches to typing a backup code instead. No maxLength: the browser would cut a
 * pasted '123 456' to '123 45' before the filter drops the space.
 */
export function TwoFactorCodeForm({
  onSubmit,
  pending = false,
  error = null,
  label,
  submitLabel,
  pendingLabel,
  allowBackupCode = true,
  focusOnMount = false,
  className,
}: TwoFactorCodeFormProps) {
  const t = useT();
  const [backup, setBackup] = useState(false);
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const toggled = useRef(false);

  useEffect(() => {
    if (focusOnMount || toggled.current) input.current?.focus();
  }, [focusOnMount, backup]);

  const code = backup ? backupCode(value) : value.length === TWO_FACTOR_CODE_LENGTH ? value : null;

  // Held from the press until the caller's answer settles: a mutation's pending state reaches `pending` a task later,
  // and the second press of a double click came in between (the code went twice, and the second's refusal showed
  // beside the first's success). The callers show their refusals themselves.
  const sending = useRef(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code || pending || sending.current) return;
    sending.current = true;
    onSubmit(code)
      .catch(() => {})
      .finally(() => (sending.current = false));
  };

  const toggle = () => {
    toggled.current = true;
    setBackup(!backup);
    setValue('');
  };

  return (
    <form method="post" noValidate onSubmit={submit} className={className}>
      <FormField
        label={backup ? t('Backup code') : (label ?? t('Authentication code'))}
        hint={
          backup ? t('One of your single-use backup codes, like ABCD-2345') : t('The 6-digit code from your authenticator app')
        }
        error={error ?? undefined}
      >
        {(control) =>
          backup ? (
            <input
              {...control}
              ref={input}
              key="backup"
              name="backupCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={value}
              onChange={(event) => setValue(keepBackupChars(event.target.value))}
              className={`${control.className} font-mono text-lg tracking-widest`}
            />
          ) : (
            <input
              {...control}
              ref={input}
              key="code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              value={value}
              onChange={(event) => setValue(keepCodeDigits(event.target.value))}
              className={`${control.className} font-mono text-lg tracking-[0.4em]`}
            />
          )
        }
      </FormField>
      <button type="submit" className="btn-primary mt-4 w-full" disabled={!code || pending}>
        {pending ? (pendingLabel ?? t('Verifying...')) : (submitLabel ?? t('Verify'))}
      </button>
      {allowBackupCode && (
        <button
          type="button"
          onClick={toggle}
          className="mt-3 text-sm font-medium text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
        >
          {backup ? t('Use an authenticator code') : t('Use a backup code')}
        </button>
      )}
    </form>
  );
}
