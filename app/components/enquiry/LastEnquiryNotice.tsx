import { CheckCircle2, MessageCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { business } from '../../../core/business';
import { type LastEnquiry, takeLastEnquiry } from '../../lib/last-enquiry';

/** The WhatsApp chat link with the enquiry number and its cartons already typed. */
export function whatsappLink(enquiry: LastEnquiry): string {
  const text = `Hello, I sent enquiry #${enquiry.displayId}: ${enquiry.summary}`;
  return `https://wa.me/${business.whatsappNumber}?text=${encodeURIComponent(text)}`;
}

/**
 * After an enquiry is sent, the page the customer lands on says so once, with a link to continue on WhatsApp.
 * Renders nothing on the server and on pages reached any other way.
 */
export function LastEnquiryNotice() {
  const [enquiry, setEnquiry] = useState<LastEnquiry | null>(null);

  // Session storage exists only in the browser; the notice is shown once and then forgotten (the ref keeps
  // StrictMode's second run from reading the emptied storage).
  const looked = useRef(false);
  useEffect(() => {
    if (looked.current) return;
    looked.current = true;
    setEnquiry(takeLastEnquiry());
  }, []);

  if (!enquiry) return null;
  return (
    <div role="status" className="border-b border-leaf-200 bg-leaf-50" data-testid="last-enquiry-notice">
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
        <p className="flex flex-1 items-center gap-2 font-medium text-leaf-900">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-leaf-700" />
          Enquiry #{enquiry.displayId} sent. We will call you within 24 hours.
        </p>
        <a href={whatsappLink(enquiry)} target="_blank" rel="noopener noreferrer" className="btn-outline min-h-10">
          <MessageCircle aria-hidden="true" className="size-4" />
          Continue on WhatsApp
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <button type="button" className="btn-ghost min-h-10 px-2" onClick={() => setEnquiry(null)}>
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    </div>
  );
}
