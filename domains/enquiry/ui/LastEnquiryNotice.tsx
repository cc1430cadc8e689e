import { CheckCircle2, ListChecks, MessageCircle, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { useLanguage, useT } from '#app/lib/language.ts';
import { AUTOFOCUS } from '#app/lib/navigation.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { replyPromise } from '#domains/enquiry/reply-promise.ts';
import { statusPagePath } from '#domains/enquiry/status-link.ts';
import { type LastEnquiry, useLastEnquiry } from '#domains/enquiry/ui/last-enquiry.ts';
import { type PublicShop, whatsappHref } from '#domains/settings/shop.ts';
import { useShop } from '#domains/settings/ui/shop.ts';

/** The WhatsApp chat link with the enquiry number and its cartons already typed. */
export const whatsappLink = (shop: PublicShop, enquiry: LastEnquiry): string =>
  whatsappHref(shop.whatsapp, `Hello, I sent enquiry #${enquiry.displayId}: ${enquiry.summary}`);

/** What the checkout puts in the history entry of the home page it opens after sending. */
export interface EnquirySentState {
  enquirySent: number;
}

/**
 * After an enquiry is sent, the home page says so, the one message about it, with its number, when the shop will
 * call, and a link to continue on WhatsApp, until the customer dismisses it (a reload keeps it). Arriving from the
 * checkout, the focus starts on it. It is kept on the device for a week; on a shared phone the customer may keep it
 * for this tab only. Renders nothing on the server; the home page loads it only when there is an enquiry to show.
 */
export default function LastEnquiryNotice() {
  const { enquiry, onDevice, dismiss, forgetDevice } = useLastEnquiry();
  const shop = useShop();
  const t = useT();
  const language = useLanguage();
  const { state } = useLocation() as { state: Partial<EnquirySentState> | null };
  const notice = useRef<HTMLElement>(null);
  const justSent = enquiry !== null && state?.enquirySent === enquiry.displayId;
  // Loaded on demand, it may appear after the page took the focus to its heading: it takes the focus itself then.
  useEffect(() => {
    if (justSent) notice.current?.focus();
  }, [justSent]);
  if (!enquiry) return null;
  return (
    <section
      ref={notice}
      aria-labelledby="last-enquiry-title"
      tabIndex={-1}
      {...(justSent ? { [AUTOFOCUS]: '' } : {})}
      className="border-b border-leaf-200 bg-leaf-50 focus:outline-3 focus:-outline-offset-3 focus:outline-leaf-700"
      data-testid="last-enquiry-notice"
    >
      <div className="container-page flex items-start gap-3 py-3 sm:items-center">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-leaf-700 sm:mt-0" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
          <div className="sm:basis-full">
            <h2 id="last-enquiry-title" className="font-semibold text-leaf-900">
              {t('Order enquiry submitted successfully!')}
            </h2>
            <p className="text-leaf-900">
              {t('Enquiry #{number} sent.', { number: enquiry.displayId })}{' '}
              {replyPromise(new Date(enquiry.sentAt), shop.hours, language)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {enquiry.statusToken && (
              <Link to={statusPagePath(enquiry.statusToken)} className="btn-primary min-h-11">
                <ListChecks aria-hidden="true" className="size-4" />
                {t('Follow your enquiry')}
              </Link>
            )}
            <a href={whatsappLink(shop, enquiry)} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-11">
              <MessageCircle aria-hidden="true" className="size-4" />
              {t('Continue on WhatsApp')}
              <span className="sr-only"> {t('(opens in a new tab)')}</span>
            </a>
          </div>
          {enquiry.statusToken && (
            <p className="text-sm text-stone-700 sm:basis-full">
              {onDevice ? (
                <>
                  {t('This notice and its link stay on this device for a week.')}{' '}
                  <button
                    type="button"
                    className="tap font-semibold text-leaf-800 underline"
                    onClick={() => {
                      forgetDevice();
                      notice.current?.focus();
                    }}
                  >
                    {t('Forget this device')}
                  </button>
                </>
              ) : (
                t('Kept in this tab only: it goes when you close the tab.')
              )}
            </p>
          )}
        </div>
        <button
          type="button"
          className="btn-ghost size-11 shrink-0 justify-center p-0"
          onClick={() => {
            dismiss();
            document.getElementById('main-content')?.focus();
          }}
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('Dismiss')}</span>
        </button>
      </div>
    </section>
  );
}
