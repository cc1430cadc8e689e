import { useState } from 'react';
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';

import { authErrorMessage } from '#domains/account/ui/auth-api.ts';

import { showFieldErrors } from './field-errors.ts';
import { useSteadyForm } from './use-steady-form.ts';

/**
 * A steady form (use-steady-form.ts) the server may still refuse. `attempt(call)` clears the last refusal and makes the
 * call; when it fails, the answer's field messages go under the fields this form has (those of `empty`, or `fields`
 * when its fields are nested: 'address.postalCode') and its message, or `fallback` when it gives none, to `alert`,
 * which the form shows above its button. The form's `errors` and `isSubmitting` come to the top.
 */
export function useRefusableForm<TFieldValues extends FieldValues, TTransformed>(
  resolver: Resolver<TFieldValues, unknown, TTransformed>,
  empty: DefaultValues<TFieldValues>,
  fallback: string,
  fields: ReadonlySet<string> = new Set(Object.keys(empty)),
) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useSteadyForm<TFieldValues, unknown, TTransformed>({ resolver, defaultValues: empty });
  /** Whether the call went through. */
  const attempt = async (call: () => Promise<unknown>): Promise<boolean> => {
    setAlert(null);
    try {
      await call();
      return true;
    } catch (failure) {
      showFieldErrors(failure, fields, form.setError);
      setAlert(authErrorMessage(failure, fallback));
      return false;
    }
  };
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting, alert, attempt };
}
