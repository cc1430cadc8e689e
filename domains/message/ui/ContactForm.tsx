import { useState } from 'react';
import { type Path } from 'react-hook-form';

import { ApiError, sendJson } from '#app/lib/api.ts';
import { useT } from '#app/lib/language.ts';
import { lazyZodResolver } from '#app/lib/lazy-resolver.ts';
import { useToast } from '#app/lib/toast.tsx';
import { isNetworkFailure, useOnline } from '#app/lib/use-online.ts';
import { useSteadyForm } from '#app/lib/use-steady-form.ts';
import { FormField } from '#app/ui/FormField.tsx';
import { OfflineNotice } from '#app/ui/OfflineNotice.tsx';
import { RulesForm } from '#app/ui/RulesForm.tsx';
import { INQUIRY_TYPES, TEXT_LIMITS } from '#domains/enquiry/model.ts';
import type { ContactForm as ContactValues } from '#domains/enquiry/schema.ts';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';
import type { Translate } from '#lib/i18n/translate.ts';

/**
 * The inquiry type starts empty so the disabled placeholder option shows; the schema refuses the empty value with
 * 'Please select an inquiry type'.
 */
const EMPTY = {
  name: '',
  email: '',
  company: '',
  phone: '',
  inquiryType: '',
  message: '',
  website: '',
} as unknown as ContactValues;
const FIELDS = new Set<string>(['name', 'email', 'company', 'phone', 'inquiryType', 'message']);
const rules = lazyZodResolver(async () => (await import('#domains/enquiry/schema.ts')).contactSchema);

/** The question a sold-out product's 'Ask about availability' starts the form with, in the page's language. */
export const availabilityQuestion = (t: Translate, about: string) =>
  t('Is {product} available again? I would like to order (cartons, date): ', {
    product: about.replace(/[\r\n]+/g, ' ').trim(),
  });

/** The contact page's message form (states idle, sending, success, failure). */
export function ContactForm({ about = null }: { about?: string | null }) {
  const toast = useToast();
  const t = useT();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useSteadyForm({
    resolver: rules.resolver,
    defaultValues: about ? { ...EMPTY, inquiryType: 'product-info' as const, message: availabilityQuestion(t, about) } : EMPTY,
  });

  /** The last send failed for want of a connection: said while it lasts, and that it is back once it is. */
  const [offline, setOffline] = useState(false);
  const online = useOnline();
  const send = handleSubmit(async (values) => {
    setOffline(false);
    try {
      await sendJson('POST', '/api/contact', values);
      // The button pressed is disabled while sending: the focus goes to the message that says it was sent.
      toast({
        title: t('Message sent successfully!'),
        description: t("Thank you for contacting us. We'll get back to you within {hours} hours.", { hours: REPLY_WITHIN_HOURS }),
        focus: true,
      });
      reset(EMPTY);
    } catch (error) {
      // The server checks with the same schema; show any field it refused next to that field.
      if (error instanceof ApiError && error.status === 400 && error.body?.errors) {
        let first = true;
        for (const [field, message] of Object.entries(error.body.errors)) {
          if (!FIELDS.has(field)) continue;
          setError(field as Path<ContactValues>, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
      } else if (isNetworkFailure(error)) {
        setOffline(true);
      }
      toast({
        title: t('Error'),
        description: t('Failed to send message. Please try again or contact us directly.'),
        variant: 'destructive',
      });
    }
  });

  return (
    // method="post" keeps what was typed out of the address bar and logs if it is sent before the page's script runs.
    <RulesForm rules={rules} onSend={send} className="mt-4 space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('Name')} error={errors.name?.message}>
          {(control) => <input {...control} {...register('name')} type="text" autoComplete="name" />}
        </FormField>
        <FormField label={t('Email')} error={errors.email?.message}>
          {(control) => <input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
        </FormField>
        <FormField label={t('Company (optional)')} error={errors.company?.message}>
          {(control) => <input {...control} {...register('company')} type="text" autoComplete="organization" />}
        </FormField>
        {/* Labelled optional, yet the rule (exactly 10 digits) applies: the shop asked for both as they are. */}
        <FormField label={t('Phone (optional)')} error={errors.phone?.message}>
          {(control) => <input {...control} {...register('phone')} type="tel" autoComplete="tel" />}
        </FormField>
      </div>
      <FormField label={t('Inquiry type')} error={errors.inquiryType?.message}>
        {(control) => (
          // defaultValue puts `selected` on the placeholder in the server's HTML, so no real type is preselected.
          <select {...control} {...register('inquiryType')} defaultValue={about ? 'product-info' : ''}>
            <option value="" disabled hidden>
              {t('Select an inquiry type')}
            </option>
            {INQUIRY_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {t(type.label)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={t('Message')}
        error={errors.message?.message}
        multiline
        count={{ length: watch('message')?.length ?? 0, max: TEXT_LIMITS.message }}
      >
        {(control) => <textarea {...control} {...register('message')} rows={5} maxLength={TEXT_LIMITS.message} />}
      </FormField>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('Leave this field empty')}</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('Sending...') : t('Send Message')}
      </button>
      {offline && online && (
        <p role="status" className="rounded-lg border border-leaf-200 bg-leaf-50 p-3 text-sm text-leaf-900">
          {t('You are back online. Your message has not been sent yet: press Send Message to send it.')}
        </p>
      )}
      {offline && !online && (
        <OfflineNotice>
          {t(
            'Your message has not been sent. What you typed stays here: send it again when you are back online, or call or message us now.',
          )}
        </OfflineNotice>
      )}
    </RulesForm>
  );
}
