import { Award, BadgeCheck, Flame, Leaf, type LucideIcon, Recycle, Snowflake, Sprout, UtensilsCrossed } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { IconCards } from '#app/ui/IconCards.tsx';
import { Titled } from '#app/ui/Titled.tsx';
import { useShop } from '#domains/settings/ui/shop.ts';

const FEATURES = [
  { icon: UtensilsCrossed, title: 'Food Grade', text: 'Safe for hot, cold, wet and oily food. No chemicals, glue or coatings.' },
  { icon: Flame, title: 'Microwave Safe', text: 'Areca and bagasse ware can go into the microwave for reheating.' },
  { icon: Snowflake, title: 'Freezer Safe', text: 'Bagasse containers keep leftovers and prepared food in the freezer.' },
  { icon: Recycle, title: '100% Recyclable', text: 'Compost it, or send it with wet waste: it breaks down in 90 to 180 days.' },
];

const COMMITMENTS = [
  'No tree is cut for our areca ware: we use only sheaths the palms shed.',
  'Cartons are recycled board, taped with paper tape, with no plastic wrap inside.',
  'We plan deliveries in shared routes across Kerala to cut fuel per carton.',
];

const BADGES = ['Food-contact safe materials', 'Plastic-free and PFAS-free', 'Home compostable', 'Made in India'];

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
      titleClassName="flex items-center gap-2 text-3xl font-bold text-leaf-900"
    >
      {children}
    </Titled>
  );
}

export function AboutPage() {
  const shop = useShop();
  return (
    <>
      <section className="bg-leaf-50">
        <div className="container-page py-16">
          <h1 className="text-4xl font-extrabold text-leaf-900">Our story</h1>
          <p className="mt-5 max-w-3xl text-lg text-stone-700">
            {shop.name} began in {shop.address.locality} with a simple question from a caterer: why does a Kerala sadya, served on
            a banana leaf for generations, now end in sacks of plastic plates? We set out to make the switch back to plant-based
            tableware easy for homes, restaurants and caterers, by the carton and at honest prices.
          </p>
        </div>
      </section>

      <Titled id="mission-title" title="Our mission" className="container-page py-14">
        <p className="mt-4 max-w-3xl text-stone-700">
          To replace single-use plastic at every Kerala table with tableware that grows back: areca palm sheaths that fall
          naturally, sugarcane fibre left after juicing, kraft paper and birch wood. We work with small pressing units, check
          every batch for strength and finish, and answer every enquiry within a day.
        </p>
        <IconCards items={FEATURES} cardClassName="border border-stone-200" />
      </Titled>

      <div className="bg-earth-50">
        <IconSection id="quality-title" icon={Award} title="Quality you can check">
          <ul className="mt-8 flex flex-wrap gap-3">
            {BADGES.map((badge) => (
              <li key={badge} className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium shadow-sm">
                <BadgeCheck aria-hidden="true" className="size-5 text-leaf-700" /> {badge}
              </li>
            ))}
          </ul>
        </IconSection>
      </div>

      <IconSection id="commitment-title" icon={Sprout} title="Our sustainability commitment">
        <ul className="mt-6 max-w-3xl space-y-3 text-stone-700">
          {COMMITMENTS.map((commitment) => (
            <li key={commitment} className="flex gap-3">
              <Leaf aria-hidden="true" className="mt-1 size-5 shrink-0 text-leaf-700" /> {commitment}
            </li>
          ))}
        </ul>
        <Link to="/products" className="btn-primary mt-8">
          See the products
        </Link>
      </IconSection>
    </>
  );
}
