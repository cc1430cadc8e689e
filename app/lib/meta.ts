import { business } from '../../core/business';

/** Page title and description, in the form every route's meta() returns. */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | ${business.name}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: business.name },
  ];
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
