import { type ReactNode, useId } from 'react';

import { useT } from '#app/lib/language.ts';
import { formatCount } from '#lib/money.ts';

/** What a field hands its control: the label's target, the error state and the texts that describe it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  className: string;
}

interface FormFieldProps {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  /** Tall controls (textarea) take their height from their own classes. */
  multiline?: boolean;
  /** A text with a limit: what is typed so far, counted down under the control (the control stops at `max`). */
  count?: { length: number; max: number };
  children: (control: ControlProps) => ReactNode;
}

const base = 'w-full rounded-lg border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500';

/** A visible label, an optional hint, the control, and its error announced under it. */
export function FormField({ label, hint, error, className, multiline = false, count, children }: FormFieldProps) {
  const id = useId();
  // A field's message comes from the shared schemas or the server, in English: its id in the page's catalogue.
  const t = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const describedBy =
    [hint ? hintId : null, count ? countId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-stone-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1.5 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        className: `${base} ${multiline ? 'py-2' : 'h-11'} ${error ? 'border-red-600' : 'border-stone-300'}`,
      })}
      {count && <CharacterCount id={countId} {...count} />}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/**
 * '880 of 1,000 characters left' under a text with a limit; at the limit it says so as a status, once, rather than on
 * every key.
 */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const left = Math.max(0, max - length);
  const t = useT();
  return (
    <p id={id} className={`mt-1.5 text-sm ${left === 0 ? 'font-medium text-amber-800' : 'text-stone-600'}`}>
      {left === 0 ? (
        <span role="status">{t('You have reached the limit of {max} characters.', { max: formatCount(max) })}</span>
      ) : (
        t('{left} of {max} characters left', { left: formatCount(left), max: formatCount(max) })
      )}
    </p>
  );
}
