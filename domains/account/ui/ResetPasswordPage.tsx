import { useState } from 'react';

import { useT } from '#app/lib/language.ts';
import { lazyZodResolver } from '#app/lib/lazy-resolver.ts';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { Rich } from '#app/ui/Rich.tsx';
import { RulesForm } from '#app/ui/RulesForm.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import { usesPanel } from '#domains/account/model.ts';
import type { NewPasswordForm } from '#domains/account/schema.ts';
import { resetPassword } from '#domains/account/ui/auth-api.ts';
import { msg } from '#lib/i18n/translate.ts';

import { CUSTOMER_PASSWORD_HINT, type LinkState, PASSWORD_HINT, useAccountLink } from './account-link.ts';
import { AuthDone } from './AuthFrame.tsx';
import { LinkFrame } from './LinkFrame.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const EMPTY: NewPasswordForm = { password: '', confirmPassword: '' };

const panelRules = lazyZodResolver(async () => (await import('#domains/account/schema.ts')).newPasswordFormSchema);
const customerRules = lazyZodResolver(async () => (await import('#domains/account/schema.ts')).newCustomerPasswordFormSchema);

/**
 * /reset-password#<token>: a new password, after an administrator reset a colleague's or a customer asked for a link
 * from the login page; then the usual login.
 */
export default function ResetPasswordPage() {
  const link = useAccountLink('password-reset');
  const [done, setDone] = useState(false);
  const t = useT();

  if (done) {
    return (
      <AuthDone title={t('Your new password is set')} login={t('Log in')}>
        {link.state === 'ready' && link.preview.username
          ? t('Log in with it now as {username}.', { username: link.preview.username })
          : t('Log in with it now.')}
      </AuthDone>
    );
  }
  return (
    <LinkFrame title={t('Choose a new password')} link={link} checking={t('Checking your link…')}>
      {(ready) => <NewPasswordSection link={ready} onDone={() => setDone(true)} />}
    </LinkFrame>
  );
}

/** The form for a link that is ready: a panel account's password follows the panel's rule, a customer's sign-up's. */
function NewPasswordSection({ link, onDone }: { link: Extract<LinkState, { state: 'ready' }>; onDone: () => void }) {
  const { preview, token } = link;
  const panel = usesPanel(preview.role);
  const t = useT();
  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    panel ? panelRules.resolver : customerRules.resolver,
    EMPTY,
    msg('Your password could not be set. Please try again.'),
  );
  const send = handleSubmit(async ({ password }) => {
    if (await attempt(() => resetPassword({ token, password }))) onDone();
  });
  return (
    <>
      <p className="mt-2 text-stone-700">
        <Rich
          message={panel ? msg('For the admin panel account {username}.') : msg('For your account {username}.')}
          values={{ username: <strong>{preview.username}</strong> }}
        />
      </p>
      <RulesForm rules={panel ? panelRules : customerRules} onSend={send} className="mt-6 space-y-5">
        {/* The username travels with the form, so a password manager saves the right entry. */}
        <input type="text" name="username" autoComplete="username" value={preview.username ?? ''} readOnly hidden />
        <NewPasswordFields
          label="New password"
          hint={panel ? PASSWORD_HINT : CUSTOMER_PASSWORD_HINT}
          register={register}
          errors={errors}
        />
        <SubmitRow alert={alert} sending={isSubmitting} label={t('Set my new password')} sendingLabel={t('Saving...')} />
      </RulesForm>
    </>
  );
}
