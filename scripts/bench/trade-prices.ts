// `npm run bench -- --trade`: a signed-in customer the staff put in a price group against a guest's page-cache miss
// (issue 36: a signed-in customer's pages render within 1.5× of a guest's cache miss; guests keep the cached pages). The
// production build on a fresh database; the group has its own price, with a break, for every product of the catalogue
// (the most a group's terms weigh), and the customer has three lines in the cart. The guest's miss is forced by a new
// query string on every request (the page cache keys by the whole address); the customer's pages are never cached.
import { loadTest, type Summary } from './load.ts';
import type { Options } from './options.ts';
import { build, startApp } from './servers.ts';

const PAGES = ['/', '/products', '/products/1'];
const AIM = 1.5;
const ADMIN = { username: 'bench_admin', password: 'Bench-Admin-Passw0rd!2026' };

/** A browser of the bench: its session cookie and CSRF token, and JSON calls with them. */
class Visitor {
  private cookie = '';
  private csrf = '';
  constructor(private readonly base: string) {}

  get cookieHeader(): string {
    return this.cookie;
  }

  async call<T>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    if (!this.csrf) {
      const answer = await fetch(`${this.base}/api/auth/csrf-token`, { headers: { cookie: this.cookie } });
      this.keepCookie(answer);
      this.csrf = ((await answer.json()) as { csrfToken: string }).csrfToken;
    }
    const answer = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const keyed = this.keepCookie(answer);
    const text = await answer.text();
    if (!expected.includes(answer.status)) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
    // A new session (a sign-in) has a new CSRF token.
    if (keyed) this.csrf = '';
    return (text ? JSON.parse(text) : null) as T;
  }

  private keepCookie(answer: Response): boolean {
    const set = answer.headers.getSetCookie().find((c) => c.startsWith('shop_session='));
    if (!set) return false;
    this.cookie = set.split(';')[0] as string;
    return true;
  }
}

export async function runTradePrices(options: Options): Promise<boolean> {
  console.log('Building (npm run build)…');
  await build(options.verbose);
  process.env.ADMIN_USERNAME = ADMIN.username;
  process.env.ADMIN_PASSWORD = ADMIN.password;
  const app = await startApp(options);

  const admin = new Visitor(app.base);
  await admin.call('POST', '/api/auth/login', ADMIN);
  const products = await admin.call<Array<{ id: number; name: string; price: string; hasVariations: boolean }>>(
    'GET',
    '/api/products',
  );
  const group = await admin.call<{ id: number }>('POST', '/api/admin/price-groups', {
    name: 'Distributor',
    kind: 'prices',
    prices: products.map((p) => ({
      productId: p.id,
      price: (Number(p.price) * 0.9).toFixed(2),
      priceBreaks: [{ minCartons: 50, price: (Number(p.price) * 0.85).toFixed(2) }],
    })),
  });
  const customer = new Visitor(app.base);
  const email = 'distributor@bench.example';
  await customer.call('POST', '/api/auth/register', {
    username: 'bench_distributor',
    email,
    password: 'Compostable-Plates-2026!',
    firstName: 'Deepa',
    lastName: 'Traders',
  });
  const plain = products.filter((p) => !p.hasVariations).slice(0, 3);
  const [first] = plain;
  if (!first) throw new Error('The catalogue has no product without options');
  await customer.call('POST', '/api/orders', {
    customerName: 'Deepa Traders',
    customerEmail: email,
    customerPhone: '9847011122',
    deliveryLocation: 'Market Road, Ernakulam, Kerala 682011',
    items: [{ productId: first.id, productName: first.name, quantity: 2, price: first.price }],
    subtotal: '0.00',
    tax: '0.00',
    total: '0.00',
    isGuest: false,
    userId: null,
    sessionId: 'bench',
  });
  const found = await admin.call<{ items: Array<{ id: number }> }>('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`);
  const record = found.items[0];
  if (!record) throw new Error('The bench customer has no customer record');
  await admin.call('PUT', `/api/admin/customers/${record.id}/price-group`, { groupId: group.id });
  for (const product of plain) {
    await customer.call('POST', '/api/cart', { productId: product.id, quantity: 3 });
  }
  // The same, signed in but in no group: what signing in costs without the group.
  const plainCustomer = new Visitor(app.base);
  await plainCustomer.call('POST', '/api/auth/register', {
    username: 'bench_customer',
    email: 'customer@bench.example',
    password: 'Compostable-Plates-2026!',
    firstName: 'Biju',
    lastName: 'Kurian',
  });
  for (const product of plain) await plainCustomer.call('POST', '/api/cart', { productId: product.id, quantity: 3 });
  const terms = await customer.call<{ group: { name: string } | null }>('GET', '/api/account/price-group');
  if (terms.group?.name !== 'Distributor') throw new Error('The bench customer is not priced by the Distributor group');

  const rows: Array<{ path: string; miss: Summary; noGroup: Summary; signedIn: Summary; ratio: number }> = [];
  for (const path of PAGES) {
    let n = 0;
    const miss = await loadTest(`guest cache miss GET ${path}`, `${app.base}${path}`, {
      ...options,
      request: { requests: [{ setupRequest: (request) => ({ ...request, path: `${path}?bench=${++n}` }) }] },
    });
    const noGroup = await loadTest(`signed-in, no group GET ${path}`, `${app.base}${path}`, {
      ...options,
      request: { headers: { cookie: plainCustomer.cookieHeader } },
    });
    const signedIn = await loadTest(`signed-in Distributor GET ${path}`, `${app.base}${path}`, {
      ...options,
      request: { headers: { cookie: customer.cookieHeader } },
    });
    rows.push({ path, miss, noGroup, signedIn, ratio: signedIn.latencyMs.mean / miss.latencyMs.mean });
  }

  console.log(
    `\n${new Date().toISOString().slice(0, 10)}: mean latency, signed-in customer in a group ÷ guest cache miss (aim ≤ ${AIM}×)`,
  );
  console.log(
    '| page | guest miss req/s | guest miss p50 / mean ms | no group req/s | no group p50 / mean ms | in a group req/s | in a group p50 / mean ms | ratio |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { path, miss, noGroup, signedIn, ratio } of rows) {
    console.log(
      `| ${path} | ${Math.round(miss.reqPerSec)} | ${miss.latencyMs.p50} / ${miss.latencyMs.mean.toFixed(1)} | ` +
        `${Math.round(noGroup.reqPerSec)} | ${noGroup.latencyMs.p50} / ${noGroup.latencyMs.mean.toFixed(1)} | ` +
        `${Math.round(signedIn.reqPerSec)} | ${signedIn.latencyMs.p50} / ${signedIn.latencyMs.mean.toFixed(1)} | ${ratio.toFixed(2)}× |`,
    );
  }
  const ok = rows.every((row) => row.miss.ok && row.noGroup.ok && row.signedIn.ok);
  if (!ok) console.error('Some answers were not 2xx: see the lines above.');
  return ok;
}
