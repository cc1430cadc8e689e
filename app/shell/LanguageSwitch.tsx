import { useLocation } from 'react-router';

import { useLanguage } from '#app/lib/language.ts';
import { HTML_LANG, LANGUAGE_COOKIE, LANGUAGE_NAMES, pathIn } from '#lib/language.ts';

/** A year: the choice stays with the device. */
const REMEMBER_SECONDS = 365 * 24 * 60 * 60;

/**
 * The same page in the other language, named in that language. A whole new document (the other language's words are
 * loaded with it); the cart is the visitor's, so it comes along. The choice is left on the device, and an English
 * address opened from outside the shop later goes to its Malayalam twin (platform/ssr/plugin.ts).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { pathname, search, hash } = useLocation();
  const other = useLanguage() === 'en' ? 'ml' : 'en';
  const remember = () => {
    document.cookie = `${LANGUAGE_COOKIE}=${other}; path=/; max-age=${REMEMBER_SECONDS}; samesite=lax`;
  };
  return (
    <a
      href={`${pathIn(other, pathname)}${search}${hash}`}
      lang={HTML_LANG[other]}
      hrefLang={HTML_LANG[other]}
      onClick={remember}
      className={`btn-ghost min-w-11 shrink-0 px-2 text-sm ${className}`}
    >
      {other === 'ml' ? (
        // The word drawn (public/malayalam.svg, from the shop's Malayalam font): an English page never downloads the
        // font itself, and the word reads the same on a device without one.
        <img src="/malayalam.svg" alt={LANGUAGE_NAMES.ml} width={62} height={18} loading="lazy" className="h-[1.1em] w-auto" />
      ) : (
        LANGUAGE_NAMES[other]
      )}
    </a>
  );
}
