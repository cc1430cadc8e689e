import { business } from '../../core/business';

/** Search results cut titles longer than this. */
const TITLE_LENGTH = 70;

/** The title with the shop's name when both fit in 70 characters; else the title alone, cut at a word if it must be. */
function documentTitle(title: string): string {
  const branded = `${title} | ${business.name}`;
  if (branded.length <= TITLE_LENGTH) return branded;
  if (title.length <= TITLE_LENGTH) return title;
  return `${title.slice(0, title.lastIndexOf(' ', TITLE_LENGTH - 1))}…`;
}

/**
 * Page title and description, in the form every route's meta() returns; `canonical` is the page's one address when
 * others show the same (a search, a sort, tracking parameters).
 */
export function pageMeta(title: string, description: string, canonical?: string) {
  return [
    { title: documentTitle(title) },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: business.name },
    ...(canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
  ];
}

/** The shop's address (`https://host`), as the root loader gives it to every page: PUBLIC_URL, else the request's. */
export function siteOrigin(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((match) => match?.id === 'root')?.data as { origin?: string } | undefined;
  return root?.origin ?? '';
}

/** A path made absolute at `origin` (search engines want absolute canonicals and structured data); kept as it is without one. */
export function absoluteUrl(origin: string, path: string): string {
  return origin && path.startsWith('/') && !path.startsWith('//') ? new URL(path, origin).href : path;
}

/** schema.org data for the shop, for search engines (home and contact pages). */
export function localBusinessJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: business.name,
    telephone: business.phone,
    email: business.email,
    priceRange: business.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.street,
      addressLocality: business.locality,
      addressRegion: business.state,
      postalCode: business.postalCode,
      addressCountry: 'IN',
    },
    geo: { '@type': 'GeoCoordinates', ...business.coordinates },
    openingHours: business.hours.schema,
    areaServed: 'Kerala',
  };
}

/** schema.org BreadcrumbList: the path to a page from the home page, which every trail starts with. */
export function breadcrumbJsonLd(trail: ReadonlyArray<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...trail].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.path,
    })),
  };
}
