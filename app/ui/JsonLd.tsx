import { useRouteLoaderData } from 'react-router';

import { absoluteUrl } from '#app/lib/meta.ts';
import { useNonce } from '#app/lib/nonce.ts';

/** The properties that hold an address; a path there is made absolute at the shop's address. */
const URL_KEYS = new Set(['url', 'item', 'image', 'logo', 'mainEntityOfPage', '@id']);

function withAbsoluteUrls(value: unknown, origin: string, key = ''): unknown {
  if (typeof value === 'string') return URL_KEYS.has(key) ? absoluteUrl(origin, value) : value;
  if (Array.isArray(value)) return value.map((item) => withAbsoluteUrls(item, origin, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withAbsoluteUrls(item, origin, name)]));
  return value;
}

/**
 * Structured data for search engines; '<' is escaped so text can never close the script. A data block is
 * never executed, so the CSP does not apply to it, but it carries the page's nonce so strict checkers stay quiet.
 */
export function JsonLd({ data }: { data: unknown }) {
  const origin = useRouteLoaderData<{ origin?: string }>('root')?.origin ?? '';
  const json = JSON.stringify(withAbsoluteUrls(data, origin));
  return (
    <script
      type="application/ld+json"
      nonce={useNonce()}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json.replace(/</g, '\\u003c') }}
    />
  );
}
