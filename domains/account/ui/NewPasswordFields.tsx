import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

import { FormField } from '#app/ui/FormField.tsx';
import { PasswordInput } from '#app/ui/PasswordInput.tsx';

/** A new password and the same again, each with its error; the confirming field is named after the first. */
export function NewPasswordFields({
  label = 'Password',
  hint,
  register,
  errors,
}: {
  label?: 'Password' | 'New password';
  hint: string;
  /** The form's register: the fields are its `password` and `confirmPassword`. */
  register: (name: 'password' | 'confirmPassword') => UseFormRegisterReturn;
  errors: { password?: FieldError; confirmPassword?: FieldError };
}) {
  return (
    <>
      <FormField label={label} hint={hint} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </FormField>
      <FormField label={`Confirm ${label.toLowerCase()}`} error={errors.confirmPassword?.message}>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </FormField>
    </>
  );
}
