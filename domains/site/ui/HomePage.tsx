import { ArrowRight, Leaf, Recycle, ShieldCheck, Sprout, Truck } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { useT } from '#app/lib/language.ts';
import { localBusinessJsonLd } from '#app/lib/meta.ts';
import { IconCards } from '#app/ui/IconCards.tsx';
import { JsonLd } from '#app/ui/JsonLd.tsx';
import { Link } from '#app/ui/LocalLink.tsx';
import { NextSteps } from '#app/ui/NextSteps.tsx';
import { Titled } from '#app/ui/Titled.tsx';
import type { Product, ProductVariation } from '#domains/catalogue/model.ts';
import { ProductCard } from '#domains/catalogue/ui/ProductCard.tsx';
import { useLastEnquiry } from '#domains/enquiry/ui/last-enquiry.ts';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';
import { useShop } from '#domains/settings/ui/shop.ts';
import { msg } from '#lib/i18n/translate.ts';

// Only a visitor who sent an enquiry from this device sees it: its code (the reply promise, the calendar) loads then.
const LastEnquiryNotice = lazy(() => import('#domains/enquiry/ui/LastEnquiryNotice.tsx'));

const REASONS = [
  {
    icon: Leaf,
    title: msg('100% natural materials'),
    text: msg('Fallen areca palm sheaths, sugarcane bagasse, kraft paper and birch wood. No plastic lining, no wax.'),
  },
  {
    icon: ShieldCheck,
    title: msg('Food grade and sturdy'),
    text: msg('Hot sambar, oily biryani and payasam stay put. Microwave safe for reheating.'),
  },
  {
    icon: Truck,
    title: msg('By the carton, across Kerala'),
    text: msg('Carton rates for homes, restaurants and caterers, with delivery planned when we call you back.'),
  },
  {
    icon: Recycle,
    title: msg('Composts in 90-180 days'),
    text: msg('Everything returns to the soil in a home or municipal compost, not to a landfill.'),
  },
];

const QUOTES = [
  {
    quote: msg(
      'We served 600 guests at my daughter’s wedding sadya on areca plates. Not one leaked, and the guests kept asking where we got them.',
    ),
    name: 'Lakshmi Menon',
    place: msg('Thrissur'),
  },
  {
    quote: msg('Our parcel counter moved to bagasse clamshells last year. Curries travel well and customers notice the change.'),
    name: 'Anwar Sadath',
    place: msg('Restaurant owner, Kochi'),
  },
  {
    quote: msg('Ordering by the carton is simple: I send the enquiry in the evening and get a call the next morning.'),
    name: 'Joseph Mathew',
    place: msg('Caterer, Kottayam'),
  },
];

export function HomePage({
  featured,
  variations,
}: {
  featured: Product[];
  /** The options of the featured products that have them, when the server sent them with the page. */
  variations: Record<number, ProductVariation[]>;
}) {
  const hasEnquiry = useLastEnquiry().enquiry !== null;
  const shop = useShop();
  const t = useT();
  return (
    <>
      {hasEnquiry && (
        <Suspense fallback={null}>
          <LastEnquiryNotice />
        </Suspense>
      )}
      <JsonLd data={localBusinessJsonLd(shop)} />
      {/* On a phone the hero is short, so the first featured product shows on the first screen. */}
      <section className="bg-gradient-to-b from-leaf-50 to-white">
        <div className="container-page py-5 text-center sm:py-24">
          <p className="hidden items-center gap-2 rounded-full bg-leaf-100 px-3 py-1 text-sm font-medium text-leaf-800 sm:inline-flex">
            <Sprout aria-hidden="true" className="size-4" /> {t('Made for Kerala’s plastic-free kitchens')}
          </p>
          <h1 className="mx-auto max-w-3xl text-2xl font-extrabold tracking-tight text-leaf-900 sm:mt-6 sm:text-5xl">
            {t('Biodegradable tableware for every meal and every celebration')}
          </h1>
          <p className="mx-auto mt-3 max-w-2xl text-base text-stone-700 sm:mt-5 sm:text-lg">
            {t(
              'Areca leaf plates, bagasse containers, kraft cups and wooden cutlery, sold by the carton from Aluva. Send an enquiry without paying; we call you back within {hours} hours.',
              { hours: REPLY_WITHIN_HOURS },
            )}
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3 sm:mt-8">
            <Link to="/products" className="btn-primary px-4 text-base sm:px-6">
              {t('Shop a Greener Future')} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/about" className="btn-outline px-4 text-base sm:px-6">
              {t('Our Story')}
            </Link>
          </div>
        </div>
      </section>

      <Titled
        id="featured-title"
        title={t('Featured Eco-Products')}
        className="container-page pt-4 pb-14 sm:pt-14"
        heading="text-center text-2xl sm:text-3xl"
      >
        <p className="mx-auto mt-3 hidden max-w-2xl text-center text-stone-600 sm:block">
          {t('Our customers’ favourites, ready to ship by the carton.')}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:mt-10 sm:gap-6 lg:grid-cols-4">
          {featured.map((product, index) => (
            <ProductCard key={product.id} product={product} eagerImage={index < 2} variations={variations[product.id]} />
          ))}
        </div>
        <NextSteps
          className="mt-10"
          main={{ to: '/products', text: t('Shop All Products') }}
          other={{ to: '/about', text: t('Learn About Sustainability') }}
        />
      </Titled>

      <div className="bg-earth-50">
        <Titled id="why-title" title={t('Why choose us')} heading="text-center text-3xl" className="container-page py-14">
          <IconCards items={REASONS} cardClassName="bg-white shadow-sm" />
        </Titled>
      </div>

      <section aria-labelledby="promise-title" className="container-page py-14">
        <div className="rounded-2xl bg-leaf-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="promise-title" className="text-3xl font-bold">
            {t('Our plastic-free promise')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-leaf-100">
            {t(
              'Nothing we sell contains plastic, a plastic lining or a plastic window. Every plate, bowl, cup and spoon is made from plants and breaks down naturally, so your event leaves food scraps and compost, not a bin of plastic.',
            )}
          </p>
        </div>
      </section>

      <Titled id="quotes-title" title={t('From our community')} className="container-page pb-6" heading="text-center text-3xl">
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {QUOTES.map((q) => (
            <li key={q.name}>
              <figure className="h-full rounded-xl border border-stone-200 p-6">
                <blockquote className="text-stone-800">“{t(q.quote)}”</blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-leaf-800">
                  {q.name}, <span className="font-normal text-stone-600">{t(q.place)}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Titled>
    </>
  );
}
