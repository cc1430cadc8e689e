import { type ReactNode, useId } from 'react';

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
  children: (control: ControlProps) => ReactNode;
}

const base = 'w-full rounded-lg border bg-white px-3 text-base text-stone-900 placeholder:text-stone-500';

/** A visible label, an optional hint, the control, and its error announced under it. */
export function FormField({ label, hint, error, className, multiline = false, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
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
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
