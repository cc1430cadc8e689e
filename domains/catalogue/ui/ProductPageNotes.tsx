import { Clock, Leaf, MessageSquareText, PackageCheck, Recycle, Sprout } from 'lucide-react';

import { useT } from '#app/lib/language.ts';
import { Titled } from '#app/ui/Titled.tsx';
import { REPLY_WITHIN_HOURS } from '#domains/settings/opening-hours.ts';

import { SideBox } from './SideBox.tsx';

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
    <SideBox id="why-enquire-title" title={t('Why Submit an Enquiry?')} className="bg-leaf-50">
      <ul className="mt-3 space-y-2 text-sm text-stone-800">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-2">
            <Icon aria-hidden="true" className="size-5 shrink-0 text-leaf-700" /> {text}
          </li>
        ))}
      </ul>
    </SideBox>
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
    <Titled id="eco-title" title={t('Eco benefits')} heading="text-2xl">
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
    </Titled>
  );
}
