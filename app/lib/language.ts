/**
 * The page's language, read from its address (`/ml/…` is Malayalam), and what follows from it: the page's words and
 * its links, which stay in the language the visitor chose.
 */
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { type NavigateOptions, type To, useLocation, useNavigate } from 'react-router';

import { messageArrivals, subscribeToMessages, type Translate, translator } from '#lib/i18n/translate.ts';
import { type Language, languageOfPath, pathIn } from '#lib/language.ts';

export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/**
 * How often the rest of the Malayalam catalogue has come to replace English stand-ins (lib/i18n/translate.ts): the
 * root provides it, so every screen that shows messages is drawn again when it changes.
 */
export const MessageArrivals = createContext(0);
export const useMessageArrivals = (): number => useSyncExternalStore(subscribeToMessages, messageArrivals, () => 0);

/** The page's messages: `const t = useT(); t('Send Enquiry')`. */
export function useT(): Translate {
  useContext(MessageArrivals);
  return translator(useLanguage());
}

/** A link's target in the page's language: '/products' on a Malayalam page is '/ml/products'. */
export function localTo(language: Language, to: To): To {
  if (typeof to === 'string') return pathIn(language, to);
  return to.pathname === undefined ? to : { ...to, pathname: pathIn(language, to.pathname) };
}

/** React Router's navigate, in the page's language. */
export function useLocalNavigate() {
  const navigate = useNavigate();
  const language = useLanguage();
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? navigate(to) : navigate(localTo(language, to), options),
    [navigate, language],
  );
}
