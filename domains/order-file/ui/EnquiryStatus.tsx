import { Clock, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';

import { useLanguage, useT } from '#app/lib/language.ts';
import { useUnits } from '#domains/catalogue/ui/units.ts';
import { sentLinesView } from '#domains/enquiry/sent-lines.ts';
import { InvoiceSection } from '#domains/invoice/ui/InvoiceSection.tsx';
import { type CustomerEnquiry, customerStatus, TRANSIT_DAYS } from '#domains/order-file/customer-view.ts';
import { QuoteSection } from '#domains/quote/ui/QuoteSection.tsx';
import { hoursText } from '#domains/settings/opening-hours.ts';
import { phoneHref, phoneText, whatsappHref } from '#domains/settings/shop.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { datedMoment } from '#lib/india-time.ts';
import { pathIn } from '#lib/language.ts';
import { formatRupees, toPaise } from '#lib/money.ts';

import { OrderTimeline } from './OrderTimeline.tsx';

/**
 * One enquiry as its customer follows it: where it stands in plain words, the time left on the reply promise, the
 * lines as sent, and the shop's phone and WhatsApp. The status page (by link) and 'My enquiries' both show it.
 */
export function EnquiryStatus({
  enquiry,
  api,
  actions,
}: {
  enquiry: CustomerEnquiry;
  /** Where this enquiry's calls go: by its status link, or from 'My enquiries'. */
  api: string;
  actions?: ReactNode;
}) {
  const shop = useShop();
  const status = customerStatus(enquiry.status, enquiry.quotes[0]?.status ?? null);
  const lines = sentLinesView(enquiry.lines);
  const t = useT();
  const language = useLanguage();
  const { units, cartonsText } = useUnits();
  return (
    <div className="container-page max-w-3xl py-8 sm:py-12">
      <h1 tabIndex={-1} className="text-2xl font-bold text-leaf-900 sm:text-3xl">
        {t('Enquiry #{number}', { number: enquiry.displayId })}
      </h1>
      <p className="mt-1 text-stone-600">
        {t('Sent {moment} IST', { moment: datedMoment(new Date(enquiry.createdAt), language) })}
      </p>

      <section aria-labelledby="status-heading" className="mt-6 rounded-xl border border-leaf-200 bg-leaf-50 p-4">
        <h2 id="status-heading" className="text-lg font-bold text-leaf-900">
          {t('Status: {status}', { status: t(status.label) })}
        </h2>
        <p className="mt-1 text-stone-800">{t(status.detail, TRANSIT_DAYS)}</p>
        {enquiry.reply && (
          <p className={`mt-3 flex gap-2 font-medium ${enquiry.reply.overdue ? 'text-red-800' : 'text-leaf-900'}`}>
            <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{enquiry.reply.text}</span>
          </p>
        )}
      </section>

      <OrderTimeline steps={enquiry.timeline} />

      {enquiry.invoice && <InvoiceSection invoice={enquiry.invoice} api={api} />}

      <QuoteSection quotes={enquiry.quotes} api={api} invoiceNumber={enquiry.invoice?.number ?? null} />

      {actions}

      <section aria-labelledby="lines-heading" className="mt-8">
        <h2 id="lines-heading" className="text-lg font-bold text-leaf-900">
          {t('What you asked for')}
        </h2>
        <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
          {lines.rows.map((line, index) => {
            const sent = enquiry.lines[index];
            return (
              <li key={index} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{line.name}</p>
                  {line.options && <p className="text-sm text-stone-700">{line.options}</p>}
                  <p className="text-sm text-stone-600">
                    {sent
                      ? `${cartonsText(sent.quantity)} × ${units(sent.unitsPerCarton, sent.unitType)} = ${units(sent.quantity * sent.unitsPerCarton, sent.unitType)}, ${t('{price} a carton', { price: formatRupees(toPaise(sent.price)) })}`
                      : `${line.units}, ${line.price}`}
                  </p>
                </div>
                <p className="font-semibold whitespace-nowrap text-stone-900">{line.total.text}</p>
              </li>
            );
          })}
        </ul>
        <dl className="mt-3 space-y-1">
          <div className="flex justify-between font-bold text-stone-900">
            <dt>{t('Estimated total')}</dt>
            <dd>{lines.total.text}</dd>
          </div>
        </dl>
        <p className="mt-1 text-sm text-stone-600">{t('GST and delivery are added on the quote we send you.')}</p>
      </section>

      <section aria-labelledby="contact-heading" className="mt-8">
        <h2 id="contact-heading" className="text-lg font-bold text-leaf-900">
          {t('Questions about this enquiry?')}
        </h2>
        <p className="mt-1 text-stone-700">{hoursText(shop.hours, language).open}.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={phoneHref(shop.phone)} className="btn-outline min-h-11">
            <Phone aria-hidden="true" className="size-4" /> {t('Call {phone}', { phone: phoneText(shop.phone) })}
          </a>
          <a
            href={whatsappHref(shop.whatsapp, t('Hello, about my enquiry #{number}', { number: enquiry.displayId }))}
            target="_blank"
            rel="noopener noreferrer"
            className="btn-outline min-h-11"
          >
            <MessageCircle aria-hidden="true" className="size-4" /> WhatsApp
            <span className="sr-only"> {t('(opens in a new tab)')}</span>
          </a>
        </div>
      </section>
    </div>
  );
}

/** A wrong, revoked or someone else's enquiry: what to do next, without saying which it was. */
export function EnquiryNotFound({ message }: { message: string }) {
  const shop = useShop();
  const t = useT();
  const language = useLanguage();
  return (
    <section className="container-page max-w-2xl py-16 text-center">
      <h1 className="text-2xl font-bold text-leaf-900">{t('Enquiry not found')}</h1>
      <p className="mt-4 text-stone-700">{t(message)}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <a href={phoneHref(shop.phone)} className="btn-primary min-h-11">
          <Phone aria-hidden="true" className="size-4" /> {t('Call {phone}', { phone: phoneText(shop.phone) })}
        </a>
        <a href={pathIn(language, '/')} className="btn-outline min-h-11">
          {t('Go to the home page')}
        </a>
      </div>
    </section>
  );
}
