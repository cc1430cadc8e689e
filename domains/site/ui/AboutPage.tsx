import { Award, BadgeCheck, Flame, Leaf, type LucideIcon, Recycle, Snowflake, Sprout, UtensilsCrossed } from 'lucide-react';
import type { ReactNode } from 'react';

import { useT } from '#app/lib/language.ts';
import { IconCards } from '#app/ui/IconCards.tsx';
import { Link } from '#app/ui/LocalLink.tsx';
import { Titled } from '#app/ui/Titled.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';
import { msg } from '#lib/i18n/translate.ts';

const FEATURES = [
  {
    icon: UtensilsCrossed,
    title: msg('Food Grade'),
    text: msg('Safe for hot, cold, wet and oily food. No chemicals, glue or coatings.'),
  },
  { icon: Flame, title: msg('Microwave Safe'), text: msg('Areca and bagasse ware can go into the microwave for reheating.') },
  {
    icon: Snowflake,
    title: msg('Freezer Safe'),
    text: msg('Bagasse containers keep leftovers and prepared food in the freezer.'),
  },
  {
    icon: Recycle,
    title: msg('100% Recyclable'),
    text: msg('Compost it, or send it with wet waste: it breaks down in 90 to 180 days.'),
  },
];

const COMMITMENTS = [
  msg('No tree is cut for our areca ware: we use only sheaths the palms shed.'),
  msg('Cartons are recycled board, taped with paper tape, with no plastic wrap inside.'),
  msg('We plan deliveries in shared routes across Kerala to cut fuel per carton.'),
];

const BADGES = [
  msg('Food-contact safe materials'),
  msg('Plastic-free and PFAS-free'),
  msg('Home compostable'),
  msg('Made in India'),
];

/** One of the page's lower sections: its heading begins with an icon. */
function IconSection({ id, icon: Icon, title, children }: { id: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Titled
      id={id}
      title={
        <>
          <Icon aria-hidden="true" className="size-8" /> {title}
        </>
      }
      className="container-page py-14"
      heading="flex items-center gap-2 text-3xl"
    >
      {children}
    </Titled>
  );
}

export function AboutPage() {
  const shop = useShop();
  const t = useT();
  return (
    <>
      <section className="bg-leaf-50">
        <div className="container-page py-16">
          <h1 className="text-4xl font-extrabold text-leaf-900">{t('Our story')}</h1>
          <p className="mt-5 max-w-3xl text-lg text-stone-700">
            {t(
              '{name} began in {locality} with a simple question from a caterer: why does a Kerala sadya, served on a banana leaf for generations, now end in sacks of plastic plates? We set out to make the switch back to plant-based tableware easy for homes, restaurants and caterers, by the carton and at honest prices.',
              { name: shop.name, locality: shop.address.locality },
            )}
          </p>
        </div>
      </section>

      <Titled id="mission-title" title={t('Our mission')} className="container-page py-14">
        <p className="mt-4 max-w-3xl text-stone-700">
          {t(
            'To replace single-use plastic at every Kerala table with tableware that grows back: areca palm sheaths that fall naturally, sugarcane fibre left after juicing, kraft paper and birch wood. We work with small pressing units, check every batch for strength and finish, and answer every enquiry within a day.',
          )}
        </p>
        <IconCards items={FEATURES} cardClassName="border border-stone-200" />
      </Titled>

      <div className="bg-earth-50">
        <IconSection id="quality-title" icon={Award} title={t('Quality you can check')}>
          <ul className="mt-8 flex flex-wrap gap-3">
            {BADGES.map((badge) => (
              <li key={badge} className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium shadow-sm">
                <BadgeCheck aria-hidden="true" className="size-5 text-leaf-700" /> {t(badge)}
              </li>
            ))}
          </ul>
        </IconSection>
      </div>

      <IconSection id="commitment-title" icon={Sprout} title={t('Our sustainability commitment')}>
        <ul className="mt-6 max-w-3xl space-y-3 text-stone-700">
          {COMMITMENTS.map((commitment) => (
            <li key={commitment} className="flex gap-3">
              <Leaf aria-hidden="true" className="mt-1 size-5 shrink-0 text-leaf-700" /> {t(commitment)}
            </li>
          ))}
        </ul>
        <Link to="/products" className="btn-primary mt-8">
          {t('See the products')}
        </Link>
      </IconSection>
    </>
  );
}
