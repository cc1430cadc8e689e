import { useState } from 'react';

import { useLanguage, useT } from '#app/lib/language.ts';
import { lazyZodResolver } from '#app/lib/lazy-resolver.ts';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { RulesForm } from '#app/ui/RulesForm.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import type { ForgotPassword } from '#domains/account/schema.ts';
import { forgotPassword } from '#domains/account/ui/auth-api.ts';
import { msg } from '#lib/i18n/translate.ts';

import { AuthDone, AuthFrame, AuthStepLink } from './AuthFrame.tsx';

const EMPTY: ForgotPassword = { email: '' };

const rules = lazyZodResolver(async () => (await import('#domains/account/schema.ts')).forgotPasswordSchema);

/**
 * /forgot-password: a customer asks for a one-time link to choose a new password; the answer never says whether the
 * address has an account.
 */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const t = useT();
  const language = useLanguage();
  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    rules.resolver,
    EMPTY,
    msg('The link could not be sent. Please try again.'),
  );

  const send = handleSubmit(async (input) => {
    // From a Malayalam page the e-mail is written, and its link leads, in Malayalam (English asks as it always did).
    const asked = language === 'en' ? input : { ...input, language };
    await attempt(async () => setSent((await forgotPassword(asked)).message));
  });

  if (sent) {
    return (
      <AuthDone title={t('Check your e-mail')} login={t('Back to login')}>
        {t(sent)}
      </AuthDone>
    );
  }
  return (
    <AuthFrame>
      <h1 className="text-2xl font-bold text-leaf-900">{t('Forgot password')}</h1>
      <p className="mt-2 text-stone-700">
        {t('Enter the e-mail address of your account and we will send you a link to choose a new password.')}
      </p>
      <RulesForm rules={rules} onSend={send} className="mt-6 space-y-5">
        <FormField label={t('Email')} error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
        </FormField>
        <SubmitRow alert={alert} sending={isSubmitting} label={t('Send me a link')} sendingLabel={t('Sending...')} />
      </RulesForm>
      <AuthStepLink to="/login">{t('Back to login')}</AuthStepLink>
    </AuthFrame>
  );
}
