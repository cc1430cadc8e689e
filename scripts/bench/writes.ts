// The writes the enquiry flow depends on (a cart add, a whole enquiry), sent as browsers send them: each from a
// visitor whose session and CSRF token GET /api/auth/csrf-token gave beforehand.
import type { Product } from '#domains/catalogue/model.ts';

import { get } from './http.ts';
import type { LoadRequest } from './load.ts';

/** Visitors the writes come from, in turn: enough that no cart line reaches its 999 cartons in a run. */
const WRITE_VISITORS = 200;

type VisitorHeaders = { cookie: string; 'x-csrf-token': string };

export interface WriteTarget {
  path: string;
  what: string;
  request: LoadRequest;
}

/**
 * A visitor as a browser becomes one before its first write: GET /api/auth/csrf-token starts its session
 * (the cookie) and answers the session's token. Answers the headers its writes carry.
 */
export async function visitor(base: string): Promise<VisitorHeaders> {
  const response = await get(`${base}/api/auth/csrf-token`);
  if (response.status !== 200) {
    throw new Error(`GET /api/auth/csrf-token answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
  }
  const cookie = [response.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => /^(__Host-)?shop_session=/.test(c));
  if (!cookie) throw new Error('GET /api/auth/csrf-token set no session cookie');
  const { csrfToken } = JSON.parse(response.body.toString('utf8')) as { csrfToken: string };
  return { cookie, 'x-csrf-token': csrfToken };
}

/**
 * The two writes, with bodies built from the seeded catalogue. Every write needs its session's CSRF token: the
 * visitors get theirs first, and each request is the next visitor's.
 */
export async function writeTargets(base: string): Promise<WriteTarget[]> {
  const products = JSON.parse((await get(`${base}/api/products`)).body.toString('utf8')) as Product[];
  const [first, second] = products.filter((p) => p.inStock && !p.hasVariations);
  if (!first || !second) throw new Error('The catalogue needs two in-stock products without variations for the write benchmark');
  const visitors: VisitorHeaders[] = [];
  for (let i = 0; i < WRITE_VISITORS; i++) visitors.push(await visitor(base));
  let turn = 0;
  const nextVisitor = <R extends { headers?: Record<string, string> }>(request: R): R => ({
    ...request,
    headers: { ...request.headers, ...visitors[turn++ % visitors.length] },
  });
  const json = (body: unknown): LoadRequest => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    requests: [{ setupRequest: nextVisitor }],
  });
  const line = (p: Product) => ({ productId: p.id, productName: p.name, quantity: 2, price: p.price, variationId: null });
  return [
    {
      path: '/api/cart',
      what: `add to a visitor's cart (session, CSRF token, line): ${WRITE_VISITORS} visitors in turn`,
      request: json({ productId: first.id, quantity: 1, variationId: null }),
    },
    {
      path: '/api/orders',
      what: 'enquiry of 2 lines (session, CSRF token): priced from the DB, order + lines + 2 queued e-mails in one transaction',
      request: json({
        customerName: 'Bench Customer',
        customerEmail: 'bench@example.com',
        customerPhone: '9847012345',
        deliveryLocation: 'Market Road, Aluva, Ernakulam, Kerala 683101',
        items: [line(first), line(second)],
        subtotal: '0.00',
        tax: '0.00',
        total: '0.00',
        isGuest: true,
        userId: null,
        sessionId: 'bench',
      }),
    },
  ];
}
