// Pages for the visitors the page cache does not serve: the one who comes back (a session with a cart line), and a
// first render for anyone (a new query string on every request, so each is a miss). A request whose only cookies are
// not the session's is served like a first-time visitor's; the bench shows that it is, next to the misses.
import { get } from './http.ts';
import { type LoadOptions, loadTest, type Summary } from './load.ts';
import { visitor } from './writes.ts';

/** Renders a second aimed for, and the slowest answer allowed at the 99th percentile (issue 39). */
const PAGES = [
  { path: '/', aim: 500 },
  { path: '/products/1', aim: 500 },
  { path: '/products', aim: 250 },
];
export const PAGE_P99_AIM_MS = 60;

export type VisitorKind = 'session and cart' | 'first render' | 'other cookies';

export interface VisitorResult {
  path: string;
  who: VisitorKind;
  aim: number;
  app: Summary;
  /** The page cache's answer to a second request (HIT, MISS, or none when the page was rendered for its visitor). */
  pageCache: string | null;
  aimMet: boolean;
}

/** A visitor as a browser becomes one after adding to the cart: its session cookie, with one cart line stored. */
async function returningVisitor(base: string): Promise<string> {
  const headers = await visitor(base);
  const products = JSON.parse((await get(`${base}/api/products`)).body.toString('utf8')) as Array<{
    id: number;
    hasVariations: boolean;
    inStock: boolean;
  }>;
  const plain = products.find((p) => !p.hasVariations && p.inStock);
  if (!plain) throw new Error('The catalogue needs an in-stock product without options for the returning visitor');
  const added = await fetch(`${base}/api/cart`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: plain.id, quantity: 2 }),
  });
  if (added.status !== 201) throw new Error(`POST /api/cart answered ${added.status}: ${await added.text()}`);
  return headers.cookie;
}

export async function measureVisitors(base: string, options: LoadOptions): Promise<VisitorResult[]> {
  const session = await returningVisitor(base);
  const results: VisitorResult[] = [];
  for (const { path, aim } of PAGES) {
    let n = 0;
    const kinds: Array<{ who: VisitorKind; request: NonNullable<LoadOptions['request']>; first: Record<string, string> }> = [
      { who: 'session and cart', request: { headers: { cookie: session } }, first: { cookie: session } },
      {
        who: 'first render',
        request: { requests: [{ setupRequest: (request) => ({ ...request, path: `${path}?visit=${++n}` }) }] },
        first: {},
      },
      { who: 'other cookies', request: { headers: { cookie: 'consent=yes; _ga=GA1.1.2026' } }, first: { cookie: 'consent=yes' } },
    ];
    for (const { who, request, first } of kinds) {
      // Twice: the first may fill the cache (a run of first renders before it pushes the older pages out).
      const url = (i: number) => `${base}${path}${who === 'first render' ? `?visit=probe-${i}` : ''}`;
      await get(url(1), { headers: first });
      const probe = await get(url(2), { headers: first });
      if (probe.status !== 200) throw new Error(`GET ${path} (${who}) answered ${probe.status}`);
      const pageCache = probe.headers['x-page-cache'];
      const app = await loadTest(`app  GET ${path} (${who})`, `${base}${path}`, { ...options, request });
      results.push({
        path,
        who,
        aim,
        app,
        pageCache: typeof pageCache === 'string' ? pageCache : null,
        aimMet: app.ok && app.reqPerSec >= aim && app.latencyMs.p99 <= PAGE_P99_AIM_MS,
      });
    }
  }
  return results;
}
