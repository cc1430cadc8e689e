import { useQueryClient } from '@tanstack/react-query';

import { useLocalNavigate, useT } from '#app/lib/language.ts';
import { lazyZodResolver } from '#app/lib/lazy-resolver.ts';
import { useToast } from '#app/lib/toast.tsx';
import { useRefusableForm } from '#app/lib/use-refusable-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { Rich } from '#app/ui/Rich.tsx';
import { RulesForm } from '#app/ui/RulesForm.tsx';
import { SubmitRow } from '#app/ui/SubmitRow.tsx';
import type { JoinForm } from '#domains/account/schema.ts';
import { acceptInvite } from '#domains/account/ui/auth-api.ts';
import { refreshAfterSignIn } from '#domains/account/ui/use-auth.ts';
import { msg } from '#lib/i18n/translate.ts';

import { PASSWORD_HINT, roleWord, useAccountLink } from './account-link.ts';
import { USERNAME_INPUT } from './AuthFrame.tsx';
import { LinkFrame } from './LinkFrame.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const EMPTY: JoinForm = { username: '', password: '', confirmPassword: '' };

const rules = lazyZodResolver(async () => (await import('#domains/account/schema.ts')).joinFormSchema);

/**
 * /join#<token>: the page an invitation's e-mail opens. The colleague chooses a username and a password, is signed in,
 * and goes to the panel (which, for staff, asks for two-factor setup first).
 */
export default function JoinPage() {
  const link = useAccountLink('invite');
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useLocalNavigate();
  const t = useT();
  const { register, handleSubmit, errors, isSubmitting, alert, attempt } = useRefusableForm(
    rules.resolver,
    EMPTY,
    msg('Your account could not be created. Please try again.'),
  );

  const send = handleSubmit(async ({ username, password }) => {
    if (link.state !== 'ready') return;
    if (!(await attempt(() => acceptInvite({ token: link.token, username, password })))) return;
    await refreshAfterSignIn(client);
    toast({ title: t('Welcome to the team'), description: t('Your account is ready.') });
    await navigate('/admin', { replace: true });
  });

  return (
    <LinkFrame title={t('Join the admin panel')} link={link} checking={t('Checking your invitation…')}>
      {({ preview }) => (
        <>
          <p className="mt-2 text-stone-700">
            <Rich
              message={msg(
                'Welcome, {name}. You are invited as {role} with the e-mail address {email}. Choose how you will sign in.',
              )}
              values={{
                name: preview.firstName,
                role: <strong>{t(roleWord(preview))}</strong>,
                email: <strong className="break-all">{preview.email}</strong>,
              }}
            />
          </p>
          <RulesForm rules={rules} onSend={send} className="mt-6 space-y-5">
            <FormField
              label={t('Username')}
              hint={t('3 to 30 letters, digits, dots, dashes or underscores')}
              error={errors.username?.message}
            >
              {(control) => <input {...control} {...register('username')} {...USERNAME_INPUT} />}
            </FormField>
            <NewPasswordFields hint={PASSWORD_HINT} register={register} errors={errors} />
            <SubmitRow
              alert={alert}
              sending={isSubmitting}
              label={t('Create my account')}
              sendingLabel={t('Creating your account...')}
            />
          </RulesForm>
        </>
      )}
    </LinkFrame>
  );
}
