import { Clock, Mail, MapPin, MessageCircle, Package, Phone } from 'lucide-react';
import type { ReactNode } from 'react';

import { useLanguage, useT } from '#app/lib/language.ts';
import { localBusinessJsonLd } from '#app/lib/meta.ts';
import { JsonLd } from '#app/ui/JsonLd.tsx';
import { Titled } from '#app/ui/Titled.tsx';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';
import { hoursText } from '#domains/settings/opening-hours.ts';
import { phoneHref, phoneText, whatsappHref } from '#domains/settings/shop.ts';
import { ContactLink } from '#domains/settings/ui/ContactLink.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';
import type { Translate } from '#lib/i18n/translate.ts';
import { msg } from '#lib/i18n/translate.ts';

import { ContactForm } from './ContactForm.tsx';

const FAQS = [
  {
    question: msg('Can you print our logo or brand on the products?'),
    answer: msg(
      'Yes. Custom branding is possible on kraft cups, containers and carton labels for larger orders. Tell us the product, quantity and your artwork in the message and we will send options and a quote.',
    ),
  },
  {
    question: msg('Do you offer bulk pricing?'),
    answer: msg(
      'Every price is already a carton rate. For orders of 20 cartons or more, or a regular monthly order, we offer better rates: send an enquiry and we will confirm the final price when we call you.',
    ),
  },
  {
    question: msg('What are your products made of?'),
    answer: msg(
      'Areca ware is pressed from naturally fallen areca palm sheaths; bagasse ware from sugarcane fibre; cups from food-grade kraft paper; cutlery from birch wood. No plastic, wax or glue.',
    ),
  },
  {
    question: msg('How long do they take to compost?'),
    answer: msg(
      'In a home or municipal compost they break down in about 90 to 180 days, faster when torn into pieces and kept moist. Thicker areca plates take the longest.',
    ),
  },
];

/** One of the page's bordered cards (the shop's details, the message form), named by its heading. */
function ContactCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Titled id={id} title={title} className="rounded-xl border border-stone-200 p-6" heading="text-xl">
      {children}
    </Titled>
  );
}

export function ContactPage({ about }: { about: string | null }) {
  const shop = useShop();
  const hours = hoursText(shop.hours, useLanguage());
  const t = useT();
  return (
    <>
      <JsonLd data={localBusinessJsonLd(shop)} />
      <JsonLd data={faqJsonLd(t)} />
      <section className="bg-leaf-50">
        <div className="container-page py-14">
          <h1 className="text-4xl font-extrabold text-leaf-900">{t('Contact us')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            {t('Questions about a product, a quote for an event or a regular order: we reply within {hours} hours.', {
              hours: REPLY_WITHIN_HOURS,
            })}
          </p>
        </div>
      </section>

      <div className="container-page grid gap-10 py-12 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-1">
          <ContactCard id="details-title" title={t('Get in touch')}>
            <address className="mt-4 space-y-4 text-stone-700 not-italic">
              <p className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-leaf-700" />
                <span>
                  {shop.address.street}
                  <br />
                  {shop.address.locality}, {shop.address.city}, {shop.address.state} {shop.address.postalCode}, {t('India')}
                </span>
              </p>
              <ContactLink large icon={Phone} href={phoneHref(shop.phone)}>
                {phoneText(shop.phone)}
              </ContactLink>
              <ContactLink large icon={Mail} href={`mailto:${shop.email}`}>
                {shop.email}
              </ContactLink>
              <ContactLink large external icon={MessageCircle} href={whatsappHref(shop.whatsapp)}>
                {t('Chat on WhatsApp')}
              </ContactLink>
            </address>
          </ContactCard>
          <section aria-labelledby="hours-title" className="rounded-xl border border-stone-200 p-6">
            <h2 id="hours-title" className="flex items-center gap-2 text-xl font-bold text-leaf-900">
              <Clock aria-hidden="true" className="size-5" /> {t('Business hours')}
            </h2>
            <p className="mt-3 text-stone-700">{hours.open}</p>
            {hours.closed && <p className="text-stone-700">{hours.closed}</p>}
          </section>
          <section aria-labelledby="bulk-title" className="rounded-xl bg-leaf-800 p-6 text-white">
            <h2 id="bulk-title" className="flex items-center gap-2 text-xl font-bold">
              <Package aria-hidden="true" className="size-5" /> {t('Bulk orders')}
            </h2>
            <p className="mt-3 text-leaf-100">
              {t(
                'Weddings, caterers, canteens and restaurant chains: tell us your monthly volume and we will prepare a carton rate and a delivery plan.',
              )}
            </p>
            <a href={phoneHref(shop.phone)} className="btn mt-4 bg-white text-leaf-800 hover:bg-leaf-50">
              {t('Call {phone}', { phone: phoneText(shop.phone) })}
            </a>
          </section>
        </div>

        <div className="lg:col-span-2">
          <ContactCard id="message-title" title={t('Send us a message')}>
            <ContactForm about={about} />
          </ContactCard>

          <Titled id="faq-title" title={t('Frequently asked questions')} className="mt-10" heading="text-2xl">
            <div className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200">
              {FAQS.map((faq) => (
                <details key={faq.question} className="group px-5 py-2">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center font-semibold text-stone-900 marker:hidden">
                    {t(faq.question)}
                  </summary>
                  <p className="mt-1 mb-3 text-stone-700">{t(faq.answer)}</p>
                </details>
              ))}
            </div>
          </Titled>
        </div>
      </div>
    </>
  );
}

/** schema.org FAQPage of the questions answered on this page, in its language. */
function faqJsonLd(t: Translate) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQS.map((faq) => ({
      '@type': 'Question',
      name: t(faq.question),
      acceptedAnswer: { '@type': 'Answer', text: t(faq.answer) },
    })),
  };
}
