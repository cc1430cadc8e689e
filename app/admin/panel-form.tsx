import { type ReactNode, useRef, useState } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';

import { ApiError } from '#app/lib/api.ts';
import { useSteadyForm } from '#app/lib/use-steady-form.ts';

/**
 * How the order panel's forms and steps (quote, review, invoice, payment, credit note, dispatch) take the server's
 * refusal. `refuse(error)` puts the answer's field messages under the form's fields (with `setError`; `fieldOf` names
 * the form's field for an answer's key, or null for none), the first focused; a refusal with none is said in `alert`,
 * the red box at the top of the form, which takes the focus so it is read at once. `clear()` before each try.
 */
export function usePanelRefusal<T extends FieldValues = FieldValues>(
  fallback: string,
  setError?: UseFormSetError<T>,
  fieldOf: (key: string) => string | null = (key) => key,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLParagraphElement>(null);
  const refuse = (error: unknown) => {
    const answered = error instanceof ApiError ? Object.entries(error.body?.errors ?? {}) : [];
    const fields = setError
      ? answered.flatMap(([key, message]) => {
          const field = fieldOf(key);
          return field === null ? [] : [[field, message] as const];
        })
      : [];
    fields.forEach(([field, message], index) =>
      setError?.(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 }),
    );
    if (fields.length > 0) return;
    setProblem((error instanceof ApiError && error.body?.message) || fallback);
    requestAnimationFrame(() => box.current?.focus());
  };
  const alert: ReactNode = problem && (
    <p ref={box} tabIndex={-1} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      {problem}
    </p>
  );
  return { refuse, clear: () => setProblem(null), alert };
}

/**
 * A panel form whose fields the server's answer names (quote, payment, dispatch): a steady form (use-steady-form.ts)
 * with its `refusal` (usePanelRefusal) putting the answer's messages under its fields; `errors` comes to the top.
 */
export function usePanelForm<TFieldValues extends FieldValues, TTransformed>(
  resolver: Resolver<TFieldValues, unknown, TTransformed>,
  defaultValues: DefaultValues<TFieldValues>,
  fallback: string,
  fieldOf?: (key: string) => string | null,
) {
  const form = useSteadyForm<TFieldValues, unknown, TTransformed>({ resolver, defaultValues });
  const refusal = usePanelRefusal(fallback, form.setError, fieldOf);
  return { ...form, errors: form.formState.errors, refusal };
}

/** A panel form's buttons: its submit (saying it is on its way while `pending`) and Cancel. */
export function PanelFormButtons({
  pending,
  label,
  pendingLabel,
  onCancel,
}: {
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className="btn-primary min-h-11" aria-disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      <button type="button" className="btn-ghost min-h-11" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
