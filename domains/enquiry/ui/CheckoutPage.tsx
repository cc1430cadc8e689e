import { zodResolver } from '@hookform/resolvers/zod';
import { ShoppingBag } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { type Path } from 'react-hook-form';
import type { z } from 'zod';

import { ApiError, getJson, sendJson } from '#app/lib/api.ts';
import { useLanguage, useLocalNavigate, useT } from '#app/lib/language.ts';
import { randomId } from '#app/lib/random-id.ts';
import { useToast } from '#app/lib/toast.tsx';
import { failureToast, isNetworkFailure, useOnline } from '#app/lib/use-online.ts';
import { useSteadyForm } from '#app/lib/use-steady-form.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { DeliveryTerms } from '#domains/catalogue/ui/DeliveryTerms.tsx';
import type { EnquiryCreated } from '#domains/enquiry/model.ts';
import { type CheckoutForm, checkoutFormSchema } from '#domains/enquiry/schema.ts';
import type { CheckoutDetails } from '#domains/enquiry/status-link.ts';
import { saveLastEnquiry } from '#domains/enquiry/ui/last-enquiry.ts';
import type { EnquirySentState } from '#domains/enquiry/ui/LastEnquiryNotice.tsx';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';
import { trackEvent } from '#domains/settings/ui/analytics.ts';
import { formatRupees } from '#lib/money.ts';

import { CheckoutFields } from './CheckoutFields.tsx';
import { cartonSummary, enquiryTotal } from './enquiry-lines.ts';
import { type CheckoutUser, enquiryNumberOf, enquiryPayload } from './enquiry-payload.ts';
import { EnquirySummary } from './EnquirySummary.tsx';
import { guestSessionId } from './guest-session.ts';
import { refusalOf } from './refusal.ts';
import {
  forgetDetails,
  rememberDetails,
  REMEMBERED_FIELDS,
  rememberedDetails,
  type RememberedField,
} from './remembered-details.ts';
import { attemptFor, type SendAttempt } from './send-attempt.ts';
import { useEnquiryLines } from './use-enquiry-lines.ts';

// Only needed when someone edits a line's options.
const OptionsDialog = lazy(() => import('#domains/catalogue/ui/OptionsDialog.tsx'));

/** What the device remembers changes only on this page, which re-renders itself then. */
const noSubscription = () => () => {};

const FORM_FIELDS = new Set<string>([
  'customerName',
  'customerEmail',
  'customerPhone',
  'deliveryLocation',
  'specialRequests',
  'customerGstin',
  'customerBusinessName',
]);
type CheckoutValues = z.output<typeof checkoutFormSchema>;

/** The Order Enquiry page (/checkout). A signed-in `user` is greeted and prefills name and e-mail (phone starts empty). */
export default function CheckoutPage({ user = null }: { user?: CheckoutUser | null }) {
  const toast = useToast();
  const navigate = useLocalNavigate();
  const t = useT();
  const language = useLanguage();
  const failToast = (description: string, error?: unknown) => toast(failureToast(error, description));
  const {
    direct,
    lines,
    summaryHeading,
    changeQuantity,
    remove,
    removed,
    undoRemove,
    undoing,
    editing,
    startEdit,
    closeEdit,
    confirmEdit,
    clearSent,
  } = useEnquiryLines(failToast);
  const [sent, setSent] = useState<number | null>(null);
  /** What the server said about the last refused enquiry, for the lines it was about. */
  const [refusal, setRefusal] = useState<{ message: string; lines: string } | null>(null);
  /** The last send failed for want of a connection: said while it lasts, and that it is back once it is. */
  const [offline, setOffline] = useState(false);
  const online = useOnline();
  const attempt = useRef<SendAttempt | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useSteadyForm({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: {
      customerName: user?.name ?? '',
      customerEmail: user?.email ?? '',
      customerPhone: '',
      deliveryLocation: '',
      specialRequests: '',
      customerGstin: '',
      customerBusinessName: '',
      website: '',
    } satisfies CheckoutForm,
  });

  /** A guest's choice to have this device remember their details; ticked already when it remembers them. */
  const [rememberChoice, setRemember] = useState<boolean | null>(null);
  const remembers = useSyncExternalStore(
    noSubscription,
    () => rememberedDetails() !== null,
    () => false,
  );
  const remember = rememberChoice ?? remembers;
  const fillEmpty = useCallback(
    (details: Partial<Record<RememberedField, string | null>>) => {
      for (const [field, value] of Object.entries(details) as Array<[keyof typeof details, string | null]>)
        if (value && !getValues(field)) setValue(field, value);
    },
    [getValues, setValue],
  );

  // Someone who signs in (or whose status arrives) after the page opened: fill what is still empty, with the phone
  // and address of their last enquiry and the last business name and GSTIN they gave. A guest: what this device was asked to remember.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!user) return;
    fillEmpty({ customerName: user.name, customerEmail: user.email });
  }, [user, fillEmpty]);
  useEffect(() => {
    if (userId === null) {
      const remembered = rememberedDetails();
      if (remembered) fillEmpty(remembered);
      return;
    }
    const controller = new AbortController();
    getJson<CheckoutDetails>('/api/account/checkout-details', controller.signal)
      .then(fillEmpty)
      .catch(() => {});
    return () => controller.abort();
  }, [userId, fillEmpty]);

  // The server's explanation is shown while the lines are as they were when it answered.
  const linesSignature = lines?.map((line) => `${line.key}x${line.quantity}`).join(',') ?? '';
  const serverMessage = refusal?.lines === linesSignature ? refusal.message : null;

  const send = async (values: CheckoutValues) => {
    if (!lines || lines.length === 0) return;
    setRefusal(null);
    setOffline(false);
    const payload = enquiryPayload(values, lines, { user, guestSessionId }, language);
    const current = attemptFor(attempt.current, JSON.stringify(payload), randomId);
    attempt.current = current;
    try {
      const answer = await sendJson<Partial<EnquiryCreated>>('POST', '/api/orders', payload, { 'Idempotency-Key': current.key });
      const displayId = enquiryNumberOf(answer);
      if (displayId === null) throw new Error('The answer has no enquiry number');
      attempt.current = null;
      if (!user && remember) rememberDetails({ ...values, customerBusinessName: values.customerBusinessName ?? null });
      else if (!user) forgetDetails();
      saveLastEnquiry({
        displayId,
        summary: cartonSummary(lines, t),
        sentAt: new Date().toISOString(),
        statusToken: answer.statusToken ?? undefined,
      });
      // No name, e-mail or phone: providers get the enquiry's size, never who sent it.
      trackEvent('generate_lead', { lines: lines.length, cartons: lines.reduce((sum, line) => sum + line.quantity, 0) });
      // The home page's notice is the one message about it (its number, the call, WhatsApp), and takes the focus.
      setSent(displayId);
      clearSent();
      void navigate('/', { state: { enquirySent: displayId } satisfies EnquirySentState });
    } catch (error) {
      if (error instanceof ApiError) {
        const { fields, message } = refusalOf(error, FORM_FIELDS);
        fields.forEach(([field, text], index) =>
          setError(field as Path<CheckoutForm>, { type: 'server', message: text }, { shouldFocus: index === 0 }),
        );
        if (message) setRefusal({ message, lines: linesSignature });
      } else if (isNetworkFailure(error)) {
        setOffline(true);
      }
      toast(failureToast(error, t('Failed to submit enquiry. Please try again.'), t('Your enquiry has not been sent.')));
    }
  };

  if (sent !== null) {
    return (
      <PageFrame>
        <p role="status" className="mt-6 rounded-xl border border-leaf-200 bg-leaf-50 p-6 text-leaf-900">
          Enquiry #{sent} has been submitted. Taking you to the home page…
        </p>
      </PageFrame>
    );
  }

  if (lines && lines.length === 0) {
    return (
      <PageFrame>
        <div className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-stone-200 p-10 text-center">
          <ShoppingBag aria-hidden="true" className="size-10 text-leaf-700" />
          <p className="text-lg text-stone-700">{t('Your enquiry cart is empty')}</p>
          <Link to="/products" className="btn-primary">
            {t('Browse products')}
          </Link>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      {user && <p className="mt-2 text-lg font-semibold text-leaf-900">{t('Welcome back, {name}!', { name: user.greeting })}</p>}
      <p className="mt-2 text-stone-700">
        {t('No payment now: send your enquiry and we will call you within {hours} hours to confirm delivery and pricing.', {
          hours: REPLY_WITHIN_HOURS,
        })}
      </p>
      {lines && lines.length > 0 && (
        // On a phone the summary comes after the form: what is asked for is said at once, above it.
        <p className="mt-4 rounded-lg bg-leaf-50 p-3 text-sm text-stone-800 lg:hidden" data-testid="enquiry-at-top">
          {direct ? `${t('Asking about')} ` : `${t('Your enquiry:')} `}
          <span className="font-semibold">{cartonSummary(lines, t)}</span>,{' '}
          {t('{total} estimated', { total: formatRupees(enquiryTotal(lines)) })}
          {direct && `, ${t('sent straight from the product (not in your enquiry cart)')}`}.{' '}
          <a href="#summary-title" className="tap font-semibold text-leaf-800 underline">
            {t('See the summary')}
          </a>
        </p>
      )}
      <form
        method="post"
        noValidate
        onSubmit={(event) => void handleSubmit(send)(event)}
        className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start"
      >
        <CheckoutFields
          register={register}
          errors={errors}
          lengths={{
            deliveryLocation: watch('deliveryLocation')?.length ?? 0,
            specialRequests: watch('specialRequests')?.length ?? 0,
          }}
          remember={
            user
              ? null
              : {
                  checked: remember,
                  onChange: setRemember,
                  onForget: () => {
                    forgetDetails();
                    setRemember(false);
                    for (const field of REMEMBERED_FIELDS) setValue(field, '');
                  },
                }
          }
        />
        <EnquirySummary
          lines={lines}
          headingRef={summaryHeading}
          submitting={isSubmitting}
          serverMessage={serverMessage}
          offline={offline ? (online ? 'back' : 'offline') : null}
          onQuantity={changeQuantity}
          onRemove={remove}
          removed={removed}
          onUndoRemove={undoRemove}
          undoing={undoing}
          onEdit={startEdit}
        />
      </form>
      <div className="mt-8 lg:max-w-[calc(100%-28rem)]">
        <DeliveryTerms />
      </div>

      {editing && (
        <Suspense fallback={null}>
          <OptionsDialog
            key={editing.line.key}
            product={editing.product}
            mode="edit"
            initialChoice={Object.fromEntries(editing.line.options.map((option) => [option.type, option.id]))}
            initialQuantity={editing.line.quantity}
            onConfirm={confirmEdit}
            onClose={closeEdit}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold text-leaf-900 sm:text-4xl">{t('Order Enquiry')}</h1>
      {children}
    </div>
  );
}
