import { schemaHolidays, schemaOpeningHours } from '#domains/settings/opening-hours.ts';
import { phoneText, type PublicShop } from '#domains/settings/shop.ts';
import { type Translate, translator } from '#lib/i18n/translate.ts';
import { HTML_LANG, type Language, languageOfPath, LANGUAGES, pathIn } from '#lib/language.ts';

/** Search results cut titles longer than this. */
const TITLE_LENGTH = 70;

/** The root loader's data, as every route's meta() finds it among its matches. */
export type Matches = ReadonlyArray<{ id: string; data?: unknown; pathname?: string } | undefined>;
const rootData = (matches: Matches) =>
  matches.find((match) => match?.id === 'root')?.data as { origin?: string; shop?: PublicShop } | undefined;

/** The address of the page the matches lead to. */
const pagePath = (matches: Matches): string => matches.at(-1)?.pathname ?? '/';

/** The page's language and its messages, for a route's meta(). */
export const metaLanguage = (matches: Matches): Language => languageOfPath(pagePath(matches));
export const metaT = (matches: Matches): Translate => translator(metaLanguage(matches));

/** The shop as the root loader gave it (its settings in force); null only when the root failed. */
export const shopOf = (matches: Matches): PublicShop | null => rootData(matches)?.shop ?? null;

/** The title with the shop's name when both fit in 70 characters; else the title alone, cut at a word if it must be. */
function documentTitle(title: string, shopName: string | undefined): string {
  if (!shopName) return title;
  const branded = `${title} | ${shopName}`;
  if (branded.length <= TITLE_LENGTH) return branded;
  if (title.length <= TITLE_LENGTH) return title;
  return `${title.slice(0, title.lastIndexOf(' ', TITLE_LENGTH - 1))}…`;
}

/**
 * Page title and description, in the form every route's meta() returns; `canonical` is the page's one address when
 * others show the same (a search, a sort, tracking parameters).
 */
export function pageMeta(matches: Matches, title: string, description: string, canonical?: string) {
  const shopName = shopOf(matches)?.name;
  return [
    { title: documentTitle(title, shopName) },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(shopName ? [{ property: 'og:site_name', content: shopName }] : []),
    ...(canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
    ...languageAlternates(siteOrigin(matches), pagePath(matches)),
  ];
}

/** The page in each language for search engines, English the default: the same list on both pages of a pair. */
function languageAlternates(origin: string, path: string) {
  const href = (language: Language) => absoluteUrl(origin, pathIn(language, path));
  return [
    ...LANGUAGES.map((language) => ({ tagName: 'link', rel: 'alternate', hrefLang: HTML_LANG[language], href: href(language) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: href('en') },
  ];
}

/** pageMeta with a robots rule, for pages search engines are to leave out of their results. */
const unlisted = (robots: string) => (matches: Matches, title: string, description: string) => [
  ...pageMeta(matches, title, description),
  { name: 'robots', content: robots },
];

/** A visitor's own page (sign-in, checkout, their enquiries): not in search results. */
export const noindexMeta = unlisted('noindex');
/**
 * A page of the staff's panel, or of an account's password and invitation links: not in search results, its links not
 * followed.
 */
export const noindexNofollowMeta = unlisted('noindex, nofollow');

/** An enquiry's own page (the status link's, or My enquiries'): its number, kept out of search engines. */
export function enquiryPageMeta(matches: Matches, displayId: number | undefined) {
  const t = metaT(matches);
  return noindexMeta(
    matches,
    displayId === undefined ? t('Enquiry not found') : t('Enquiry #{number}', { number: displayId }),
    t('Where your enquiry stands.'),
  );
}

/** The shop's address (`https://host`), as the root loader gives it to every page: PUBLIC_URL, else the request's. */
export function siteOrigin(matches: Matches): string {
  return rootData(matches)?.origin ?? '';
}

/** A path made absolute at `origin` (search engines want absolute canonicals and structured data); kept as it is without one. */
export function absoluteUrl(origin: string, path: string): string {
  return origin && path.startsWith('/') && !path.startsWith('//') ? new URL(path, origin).href : path;
}

/**
 * schema.org data for the shop, for search engines (home and contact pages), from its settings: the week's hours, and
 * each holiday as a day closed (schema.org's special opening hours).
 */
export function localBusinessJsonLd(shop: PublicShop) {
  const openingHours = schemaOpeningHours(shop.hours);
  const holidays = schemaHolidays(shop.hours);
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shop.name,
    telephone: phoneText(shop.phone),
    email: shop.email,
    // Bulk tableware by the carton: the middle of schema.org's usual one-to-four scale.
    priceRange: '₹₹',
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.address.street,
      addressLocality: shop.address.locality,
      addressRegion: shop.address.state,
      postalCode: shop.address.postalCode,
      addressCountry: 'IN',
    },
    ...(shop.coordinates && { geo: { '@type': 'GeoCoordinates', ...shop.coordinates } }),
    openingHours: openingHours.length === 1 ? openingHours[0] : openingHours,
    ...(holidays.length > 0 && { specialOpeningHoursSpecification: holidays }),
    areaServed: shop.address.state,
  };
}

/**
 * schema.org BreadcrumbList: the path to a page from the home page, which every trail starts with; named, and leading,
 * in the page's language (a trail's own paths are given already in it).
 */
export function breadcrumbJsonLd(trail: ReadonlyArray<{ name: string; path: string }>, language: Language) {
  const home = { name: translator(language)('Home'), path: pathIn(language, '/') };
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [home, ...trail].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.path,
    })),
  };
}
