import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

import { useT } from '#app/lib/language.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { PasswordInput } from '#app/ui/PasswordInput.tsx';

/**
 * A new password and the same again, each with its error; the confirming field is named after the first. The hint is
 * English (account-link.ts), shown in the page's language.
 */
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
  const t = useT();
  return (
    <>
      <FormField label={label === 'Password' ? t('Password') : t('New password')} hint={t(hint)} error={errors.password?.message}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
      </FormField>
      <FormField
        label={label === 'Password' ? t('Confirm password') : t('Confirm new password')}
        error={errors.confirmPassword?.message}
      >
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </FormField>
    </>
  );
}
