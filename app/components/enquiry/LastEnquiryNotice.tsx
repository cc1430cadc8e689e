import { CheckCircle2, ListChecks, MessageCircle, X } from 'lucide-react';
import { Link } from 'react-router';

import { shopWhatsappHref } from '../../../core/business';
import { statusPagePath } from '../../../core/enquiry-status';
import { replyPromise } from '../../../core/reply-promise';
import { type LastEnquiry, useLastEnquiry } from '../../lib/last-enquiry';

/** The WhatsApp chat link with the enquiry number and its cartons already typed. */
export const whatsappLink = (enquiry: LastEnquiry): string =>
  shopWhatsappHref(`Hello, I sent enquiry #${enquiry.displayId}: ${enquiry.summary}`);

/**
 * After an enquiry is sent, the home page says so with its number, when the shop will call, and a link to continue on
 * WhatsApp, until the customer dismisses it (a reload keeps it). Renders nothing on the server.
 */
export function LastEnquiryNotice() {
  const { enquiry, dismiss } = useLastEnquiry();
  if (!enquiry) return null;
  return (
    <div role="status" className="border-b border-leaf-200 bg-leaf-50" data-testid="last-enquiry-notice">
      <div className="container-page flex items-start gap-3 py-3 sm:items-center">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-leaf-700 sm:mt-0" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4">
          <p className="font-medium text-leaf-900 sm:basis-full">
            Enquiry #{enquiry.displayId} sent. {replyPromise(new Date(enquiry.sentAt))}
          </p>
          <div className="flex flex-wrap gap-2">
            {enquiry.statusToken && (
              <Link to={statusPagePath(enquiry.statusToken)} className="btn-primary min-h-11">
                <ListChecks aria-hidden="true" className="size-4" />
                Follow your enquiry
              </Link>
            )}
            <a href={whatsappLink(enquiry)} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-11">
              <MessageCircle aria-hidden="true" className="size-4" />
              Continue on WhatsApp
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
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
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    </div>
  );
}
