/**
 * The storefront's two languages and their addresses: English at the addresses the spec names, Malayalam at the same
 * addresses under `/ml` (`/ml/products/1`). Shared by the server (routes, page cache, e-mails, documents) and the
 * browser (links, the language switch).
 */
export const LANGUAGES = ['en', 'ml'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The prefix of the Malayalam addresses. */
export const MALAYALAM_PREFIX = '/ml';

/** The cookie the language switch leaves on the device: the next visit to an English address goes to its twin. */
export const LANGUAGE_COOKIE = 'lang';

/** Each language's own name, as its switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ml: 'മലയാളം' };

/** The document's `lang` and `hreflang`: India's English and Malayalam. */
export const HTML_LANG: Record<Language, string> = { en: 'en-IN', ml: 'ml-IN' };

/** 'ml' for '/ml' and '/ml/products', 'en' for everything else ('/mlx' included). */
export function languageOfPath(pathname: string): Language {
  return pathname === MALAYALAM_PREFIX || pathname.startsWith(`${MALAYALAM_PREFIX}/`) ? 'ml' : 'en';
}

/** The English address of a page: '/products' for '/ml/products', '/' for '/ml'. */
export function englishPath(pathname: string): string {
  if (languageOfPath(pathname) === 'en') return pathname;
  return pathname.slice(MALAYALAM_PREFIX.length) || '/';
}

/**
 * The address of a page in a language: '/ml/products' for ('ml', '/products'), '/ml' for ('ml', '/'). Only the
 * storefront's own pages move: the API, the staff's pages, files and links elsewhere stay as they are.
 */
export function pathIn(language: Language, path: string): string {
  const english = englishPath(path);
  if (language === 'en' || !isStorefrontPath(english)) return english;
  return english === '/' ? MALAYALAM_PREFIX : `${MALAYALAM_PREFIX}${english}`;
}

/** Whether an English address is a storefront page (and so has a Malayalam twin). */
export function isStorefrontPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const first = path.split(/[/?#]/)[1] ?? '';
  return !NOT_STOREFRONT.has(first) && !/\.[a-z0-9]+$/i.test(path.split(/[?#]/)[0] ?? '');
}

const NOT_STOREFRONT = new Set(['api', 'admin', 'images', 'assets', 'fonts', 'ml']);
