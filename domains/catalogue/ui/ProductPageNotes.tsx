import { Clock, Leaf, MessageSquareText, PackageCheck, Recycle, Sprout } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';

/** Beside the product: what sending an enquiry means for the customer. */
export function WhyEnquire() {
  const t = useT();
  const points = [
    { icon: MessageSquareText, text: t('No payment now: send the enquiry and we confirm price and delivery with you.') },
    {
      icon: Clock,
      text: t('We call or message you within {hours} hours, Monday to Saturday.', { hours: REPLY_WITHIN_HOURS }),
    },
    { icon: PackageCheck, text: t('Better carton rates for bulk and repeat orders.') },
  ];
  return (
    <section aria-labelledby="why-enquire-title" className="rounded-xl border border-leaf-200 bg-leaf-50 p-5">
      <h2 id="why-enquire-title" className="font-bold text-leaf-900">
        {t('Why Submit an Enquiry?')}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-stone-800">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-2">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-leaf-700" /> {text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Under the product: why these materials. */
export function EcoBenefits() {
  const t = useT();
  const benefits = [
    { icon: Leaf, title: t('Plant-based'), text: t('Made from leaves, sugarcane fibre, paper or wood: no plastic at all.') },
    { icon: Recycle, title: t('Compostable'), text: t('Breaks down in 90 to 180 days in a home or municipal compost.') },
    { icon: Sprout, title: t('Chemical-free'), text: t('No coatings, wax or glue; safe with hot and oily food.') },
  ];
  return (
    <section aria-labelledby="eco-title">
      <h2 id="eco-title" className="text-2xl font-bold text-leaf-900">
        {t('Eco benefits')}
      </h2>
      <ul className="mt-4 space-y-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon aria-hidden="true" className="size-6 shrink-0 text-leaf-700" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-stone-700">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
