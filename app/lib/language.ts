/**
 * The page's language, read from its address (`/ml/…` is Malayalam), and what follows from it: the page's words and
 * its links, which stay in the language the visitor chose.
 */
import { useCallback } from 'react';
import { type NavigateOptions, type To, useLocation, useNavigate } from 'react-router';

import { type Translate, translator } from '#lib/i18n/translate.ts';
import { type Language, languageOfPath, pathIn } from '#lib/language.ts';

export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** The page's messages: `const t = useT(); t('Send Enquiry')`. */
export function useT(): Translate {
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
