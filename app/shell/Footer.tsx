import { Clock, Leaf, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';

import { useLanguage, useT } from '#app/lib/language.ts';
import { NAV_LINKS } from '#app/lib/navigation.ts';
import { Link } from '#app/ui/LocalLink.tsx';
import { hoursText } from '#domains/settings/opening-hours.ts';
import { addressText, phoneHref, phoneText, type PublicShop, whatsappHref } from '#domains/settings/shop.ts';
import { ContactLink } from '#domains/settings/ui/ContactLink.tsx';
import { useLoadedShop } from '#domains/settings/ui/shop.ts';

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** The shop's name, what it makes and where, and how to reach it, as its settings stand. */
function ShopColumns({ shop }: { shop: PublicShop }) {
  const hours = hoursText(shop.hours, useLanguage());
  const t = useT();
  return (
    <>
      <div>
        <p className="flex items-center gap-2 text-lg font-bold">
          <Leaf aria-hidden="true" className="size-6" /> {shop.name}
        </p>
        <p className="mt-3 text-sm text-leaf-100">
          {t('Areca leaf, bagasse and kraft tableware from {locality}, {state}', {
            locality: shop.address.locality,
            state: shop.address.state,
          })}
        </p>
      </div>
      <div>
        <h2 className="font-semibold">{t('Contact us')}</h2>
        <address className="mt-3 space-y-1 text-sm text-leaf-100 not-italic">
          <p className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {addressText(shop.address)}
          </p>
          <ContactLink icon={Phone} href={phoneHref(shop.phone)}>
            {phoneText(shop.phone)}
          </ContactLink>
          <ContactLink icon={Mail} href={`mailto:${shop.email}`}>
            {shop.email}
          </ContactLink>
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            <span>{hours.closed ? `${hours.open}, ${hours.closed}` : hours.open}</span>
          </p>
        </address>
      </div>
    </>
  );
}

function FollowAndChat({ shop }: { shop: PublicShop }) {
  const t = useT();
  return (
    <div>
      <h2 className="font-semibold">{t('Follow and chat')}</h2>
      <ul className="mt-2 text-sm text-leaf-100">
        {shop.social.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer" target="_blank" className="tap underline-offset-2 hover:underline">
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <a
            href={whatsappHref(shop.whatsapp)}
            rel="noopener noreferrer"
            target="_blank"
            className="tap gap-1 underline-offset-2 hover:underline"
          >
            <MessageCircle aria-hidden="true" className="size-4" /> {t('Chat on WhatsApp')}
          </a>
        </li>
      </ul>
    </div>
  );
}

/**
 * On paper the footer keeps the shop's name, address and how to reach it, dark on white (`.site-footer` in
 * app/app.css); its links and buttons are left out.
 */
export function Footer() {
  const shop = useLoadedShop();
  const t = useT();
  return (
    <footer className="site-footer mt-16 bg-leaf-900 text-leaf-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        {shop && <ShopColumns shop={shop} />}
        <nav aria-label="Footer">
          <h2 className="font-semibold">{t('Explore')}</h2>
          <ul className="mt-2 text-sm text-leaf-100">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="tap underline-offset-2 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {shop && <FollowAndChat shop={shop} />}
      </div>
      <div className="border-t border-leaf-800">
        <div className="container-page flex flex-col gap-3 py-5 text-sm text-leaf-100 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {shop?.name}
          </p>
          <div className="flex gap-4">
            <button type="button" onClick={scrollToTop} className="tap underline-offset-2 hover:underline">
              {t('Privacy Policy')}
            </button>
            <button type="button" onClick={scrollToTop} className="tap underline-offset-2 hover:underline">
              {t('Terms of Service')}
            </button>
          </div>
        </div>
      </div>
    </footer>
  );
}
