import { ClipboardList, Leaf, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';

import { useLanguage, useT } from '#app/lib/language.ts';
import { MOBILE_NAV_LINKS, MY_ENQUIRIES_LINK, NAV_LINKS } from '#app/lib/navigation.ts';
import { Link, NavLink } from '#app/ui/LocalLink.tsx';
import { greetingName, usesPanel } from '#domains/account/model.ts';
import { signedInUser, useAuthStatus, useLogout } from '#domains/account/ui/use-auth.ts';
import { useLoadedShop } from '#domains/settings/ui/shop.ts';
import type { Language } from '#lib/language.ts';

import { CartButton } from './CartButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { SearchBox } from './SearchBox.tsx';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-leaf-800 underline underline-offset-8' : 'text-stone-700 hover:text-leaf-800'}`;

/**
 * The bar at each width, by language: where the main links leave the menu for the bar, and where a visitor's bar has
 * room for the shop's name (signed in, the greeting takes its place until the widest screens; the logo's label names
 * the shop everywhere). The Malayalam words are longer: at 1024 px, with the name, the search and the sign-in buttons,
 * they pushed the bar 160 px past the screen, and beside them the name took three lines even at 1536 px, so in
 * Malayalam it shows only while the links are in the menu. The links and the buttons keep their width; should a long
 * name still not fit, it takes two lines, then the search box and the greeting narrow.
 */
const BAR: Record<Language, { nav: string; menu: string; name: string }> = {
  en: { nav: 'md:block', menu: 'md:hidden', name: 'md:max-xl:hidden' },
  ml: { nav: 'xl:block', menu: 'xl:hidden', name: 'md:max-lg:hidden xl:hidden' },
};

export function Header() {
  // The menu belongs to the page it was opened on: any navigation closes it.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;
  const signedIn = signedInUser(useAuthStatus().data) !== null;
  const t = useT();
  const language = useLanguage();
  const name = useLoadedShop()?.name ?? t('Home');

  // Only the top bar stays on screen while scrolling; the phone's search row scrolls away with the page. On paper the
  // header is the shop's mark and name alone (`.site-header` in app/app.css).
  return (
    <>
      <header className="site-header sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="container-page flex h-14 items-center gap-3 sm:h-16">
          <Link
            to="/home"
            className="flex min-h-11 min-w-11 shrink-10 items-center gap-2 font-bold text-leaf-800"
            aria-label={t('{name}, home', { name })}
          >
            <Leaf aria-hidden="true" className="size-7 shrink-0" />
            {/* A phone shows the name (its sign-in links are in the menu), on two lines if it must; so does paper. */}
            <span
              className={`line-clamp-2 text-base leading-tight sm:text-lg ${signedIn ? 'sm:max-2xl:hidden' : BAR[language].name}`}
            >
              {name}
            </span>
          </Link>
          <nav aria-label="Main" className={`ml-4 hidden shrink-0 ${BAR[language].nav}`}>
            <ul className="flex gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navClass}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex min-w-0 items-center gap-1">
            {/* A short placeholder: the box is narrow beside the links, and a cut word reads as a mistake. */}
            <SearchBox className="hidden min-w-28 shrink-10 lg:flex lg:w-44 xl:w-56" placeholder={t('Search products')} />
            {/* A phone's top bar has room for the cart and the menu only: there the switch is in the menu. */}
            <LanguageSwitch className="hidden sm:inline-flex" />
            <CartButton />
            {/*
              The buttons keep their words on one line and their width; signed in, the greeting is cut short before the
              bar grows wider than the screen.
            */}
            <div className={`hidden items-center gap-1 whitespace-nowrap sm:flex${signedIn ? ' min-w-0' : ''}`}>
              <AuthArea place="header" />
            </div>
            <button
              type="button"
              className={`btn-ghost min-w-11 px-2 ${BAR[language].menu}`}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setOpenOn(menuOpen ? null : location.key)}
            >
              {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
              <span className="sr-only">{menuOpen ? t('Close menu') : t('Open menu')}</span>
            </button>
          </div>
        </div>
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          hidden={!menuOpen}
          className={`border-t border-stone-200 ${BAR[language].menu}`}
        >
          <ul className="container-page flex flex-col py-2">
            {[...MOBILE_NAV_LINKS, ...(signedIn ? [MY_ENQUIRIES_LINK] : [])].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => `flex min-h-11 items-center ${navClass({ isActive })}`}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            <li className="sm:hidden">
              <LanguageSwitch className="w-full justify-start" />
            </li>
            <li className="flex flex-wrap items-center gap-2 px-3 pt-2 sm:hidden">
              <AuthArea place="menu" />
            </li>
          </ul>
        </nav>
      </header>
      <div className="container-page border-b border-stone-200 py-2 lg:hidden">
        <SearchBox className="flex" />
      </div>
    </>
  );
}

/**
 * The header's auth area: 'Hello, {first name or username}', an Admin link for admins and Logout
 * once signed in (a sign-in waiting for its 2FA code does not count); Login and Sign Up otherwise.
 */
function AuthArea({ place }: { place: 'header' | 'menu' }) {
  const user = signedInUser(useAuthStatus().data);
  const { logout, pending } = useLogout();
  const grow = place === 'menu' ? ' flex-1' : '';
  const t = useT();

  if (!user) {
    return (
      <>
        <Link to="/login" className={`${place === 'menu' ? 'btn-outline' : 'btn-ghost'}${grow}`}>
          {t('Login')}
        </Link>
        <Link to="/register" className={`btn-primary${grow}`}>
          {t('Sign Up')}
        </Link>
      </>
    );
  }
  return (
    <>
      <span
        className={`px-2 text-sm font-medium text-stone-800${place === 'menu' ? ' w-full py-1' : ` min-w-0 truncate lg:max-w-40 ${usesPanel(user.role) ? 'max-w-20' : 'max-w-28'}`}`}
      >
        {t('Hello, {name}', { name: greetingName(user) })}
      </span>
      {usesPanel(user.role) && (
        <Link to="/admin" className={`btn-ghost${grow}`}>
          {t('Admin')}
        </Link>
      )}
      {place === 'header' && (
        // Words beside the icon where a laptop has room; an icon alone on narrower screens (their menu has the words).
        <Link to={MY_ENQUIRIES_LINK.to} className="btn-ghost min-w-11 shrink-0 px-2" title={t(MY_ENQUIRIES_LINK.label)}>
          <ClipboardList aria-hidden="true" className="size-6" />
          <span className="sr-only xl:not-sr-only xl:whitespace-nowrap">{t(MY_ENQUIRIES_LINK.label)}</span>
        </Link>
      )}
      <button type="button" className={`btn-outline${grow}`} disabled={pending} onClick={() => void logout()}>
        {t('Logout')}
      </button>
    </>
  );
}
