// Many customers behind one address (a mobile carrier's NAT, an office proxy) are all served with the default
// limits, while a flood of requests from one address stores nothing: no session is stored before a visitor's first
// write. On both databases.
import { randomBytes } from 'node:crypto';

import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { cartItems } from '#domains/cart/tables.ts';
import { orders } from '#domains/enquiry/tables.ts';
import { loadConfig } from '#platform/config.ts';
import { sessions } from '#platform/session/tables.ts';
import { csrfFor } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { browserLine, call, type CatalogueIds, catalogueIds, cookieHeader, enquiryPayload } from '#tests/support/enquiry.ts';

const ADDRESS = '100.64.12.34'; // carrier-grade NAT space
const CUP = 'Bagasse Cup 200 ml';
const VISITORS = 150;
const FORGED = 10_000;

describe.each(databaseKinds())('one address, many visitors, on %s', (kind) => {
  let ids: CatalogueIds;

  // The shop's own limits, as a fresh install has them.
  const ctx = suiteApp(kind, { config: { rateLimits: loadConfig({}).rateLimits } });
  beforeAll(async () => {
    await ctx.services.mail.stop();
    ids = await catalogueIds(ctx.database.db);
  });

  const tableSize = async (table: typeof sessions | typeof orders | typeof cartItems) =>
    (await ctx.database.db.select({ n: count() }).from(table))[0]!.n;

  it(`${VISITORS} visitors from one address each add to their cart and send an enquiry`, async () => {
    const before = { sessions: await tableSize(sessions), orders: await tableSize(orders) };
    const statuses: number[] = [];
    for (let n = 0; n < VISITORS; n++) {
      const token = await call<{ csrfToken: string }>(ctx.app, 'GET', '/api/auth/csrf-token', { remoteAddress: ADDRESS });
      expect(token.status).toBe(200);
      const { headers } = await csrfFor(ctx.app, token.raw.cookies[0]!.value);
      const added = await call(ctx.app, 'POST', '/api/cart', {
        payload: { productId: ids.product(CUP), quantity: 1 + (n % 5) },
        headers,
        remoteAddress: ADDRESS,
      });
      statuses.push(added.status);
      const sent = await call(ctx.app, 'POST', '/api/orders', {
        payload: enquiryPayload([browserLine(ids, CUP, null, 1 + (n % 5))], { customerName: `Visitor ${n}` }),
        headers,
        remoteAddress: ADDRESS,
      });
      statuses.push(sent.status);
    }
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(await tableSize(sessions)).toBe(before.sessions + VISITORS);
    expect(await tableSize(orders)).toBe(before.orders + VISITORS);
  }, 120_000);

  it(`${FORGED.toLocaleString('en-IN')} forged requests from one address leave the sessions table as it was`, async () => {
    const before = { sessions: await tableSize(sessions), carts: await tableSize(cartItems) };
    const random = () => randomBytes(32).toString('base64url');
    const kinds = [
      // A token fetch without a cookie: a signed token, nothing stored.
      () => call(ctx.app, 'GET', '/api/auth/csrf-token', { remoteAddress: ADDRESS }),
      // A write with a made-up cookie and security token.
      () =>
        call(ctx.app, 'POST', '/api/cart', {
          payload: { productId: ids.product(CUP), quantity: 1 },
          headers: { ...cookieHeader(random()), 'x-csrf-token': random() },
          remoteAddress: ADDRESS,
        }),
      // A cookie shaped like a signed token, with a forged signature.
      () =>
        call(ctx.app, 'POST', '/api/orders', {
          payload: enquiryPayload([browserLine(ids, CUP, null, 1)]),
          headers: { ...cookieHeader(`${random()}.${random()}`), 'x-csrf-token': random() },
          remoteAddress: ADDRESS,
        }),
      // A read with a made-up cookie.
      () => call(ctx.app, 'GET', '/api/cart', { headers: cookieHeader(random()), remoteAddress: ADDRESS }),
    ];
    const started = performance.now();
    const statuses = new Map<number, number>();
    for (let n = 0; n < FORGED; n++) {
      const response = await kinds[n % kinds.length]!();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    const after = { sessions: await tableSize(sessions), carts: await tableSize(cartItems) };
    console.log(
      `forged requests on ${kind}: ${FORGED} in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
        `sessions table ${before.sessions} → ${after.sessions}`,
    );
    expect(after).toEqual(before);
    expect([...statuses.keys()].sort()).toEqual([200, 403]);
  }, 300_000);
});
