import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { ApiError } from './api.ts';

/**
 * A refused form's field messages (the answer's `errors`, on a 400 or a 409 such as an address already taken) shown under the fields they belong to, the first of them focused;
 * fields the form does not have are left to the form's own alert.
 */
export function showFieldErrors<T extends FieldValues>(
  failure: unknown,
  fields: ReadonlySet<string>,
  setError: UseFormSetError<T>,
): void {
  if (!(failure instanceof ApiError) || !failure.body?.errors) return;
  let first = true;
  for (const [field, message] of Object.entries(failure.body.errors)) {
    if (!fields.has(field)) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
}
