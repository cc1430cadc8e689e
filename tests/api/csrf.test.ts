// CSRF protection of the API: every state-changing request (anything but GET, HEAD and OPTIONS) must carry
// X-CSRF-Token, the token GET /api/auth/csrf-token answers for the request's session. The routes are walked
// from the app's own route table, so a write route added later without the protection fails here.
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import { NOT_YOURSELF } from '#domains/staff/service.server.ts';
import * as schema from '#platform/db/schema.ts';
import { CSRF_HEADER_NAME, csrfFor, csrfHeaders } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { catalogueIds, cookieHeader, SESSION_COOKIE_NAME, sessionCookieOf } from '#tests/support/enquiry.ts';
import { type Route, routeCollector } from '#tests/support/routes.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_PATH = /^\/api\/admin(\/|$)/;
const PASSWORD = 'Palm-Leaf#Kochi42';
const ADMIN = { username: 'csrf_admin', password: 'Coir-Rope&Alleppey97' };
/** The tests that try every write route and read every table around each grow with both: more than the default. */
const ROUTE_WALK_MS = 120_000;

/** A URL the route answers: every parameter filled in. */
const urlOf = (route: Route) => route.path.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*/g, 'x');
const label = (route: Route) => `${route.method} ${route.path}`;

const TABLES: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

describe.each(databaseKinds())('CSRF protection on %s', (kind) => {
  const { routes, onRoute } = routeCollector();
  const ctx = suiteApp(kind, { onRoute });
  let app: FastifyInstance;
  let writeRoutes: Route[];
  let readRoutes: Route[];

  beforeAll(async () => {
    await ctx.services.mail.stop(); // nothing may change the tables behind the tests' backs
    app = ctx.app;
    expect(routes.length, 'the route table').toBeGreaterThan(0);
    writeRoutes = routes.filter((r) => !SAFE_METHODS.has(r.method));
    readRoutes = routes.filter((r) => r.method === 'GET');
    await ctx.services.users.create({
      ...ADMIN,
      email: 'csrf-admin@example.in',
      firstName: 'Csrf',
      lastName: 'Admin',
      role: 'admin',
    });
  });

  /**
   * Every table's rows, as a count and a digest of their text, to show that a request changed nothing: worked out in
   * the database in one query (reading each table's rows into the test, twice for each of the write routes, took
   * most of this file's time). A change names the table it was in.
   */
  async function everything(): Promise<Record<string, string>> {
    const digests = TABLES.map(
      (table) =>
        sql`select ${getTableName(table)} as name, count(*) || ' rows, ' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as rows from ${table} r`,
    );
    const { rows } = (await ctx.database.db.execute(sql.join(digests, sql` union all `))) as unknown as {
      rows: Array<{ name: string; rows: string }>;
    };
    return Object.fromEntries(rows.map((row) => [row.name, row.rows]));
  }

  const send = (route: Route, headers: Record<string, string>, url = urlOf(route)) =>
    app.inject({ method: route.method, url, payload: {}, headers });
  const bodyOf = (response: LightMyRequestResponse) => response.json() as { message?: string; code?: string };

  /** Signs in through the API as the administrator; answers the new session's cookie and token. */
  async function signedInAdmin() {
    const visitor = await csrfFor(app);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, headers: visitor.headers });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookieOf(login);
    expect(cookie).toBeDefined();
    const session = await csrfFor(app, cookie);
    expect(session.created).toBe(false);
    return session;
  }

  /** Who a route is tried as: a visitor, and a signed-in administrator (who gets past /api/admin's guard). */
  const visitorsFor = (route: Route) =>
    ADMIN_PATH.test(route.path)
      ? [['a signed-in administrator', signedInAdmin] as const]
      : [['a visitor', () => csrfFor(app)] as const, ['a signed-in administrator', signedInAdmin] as const];

  it('finds the write routes in the route table', () => {
    const found = writeRoutes.map(label);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/cart',
        'PUT /api/cart/:productId',
        'PUT /api/cart/:productId/:variationId',
        'DELETE /api/cart',
        'DELETE /api/cart/:productId/:variationId',
        'POST /api/orders',
        'POST /api/contact',
        'POST /api/auth/register',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/change-password',
      ]),
    );
    expect(readRoutes.map(label)).toEqual(
      expect.arrayContaining(['GET /api/cart', 'GET /api/auth/csrf-token', 'GET /api/products']),
    );
  });

  it(
    'refuses every write route without its session token (403, code CSRF) and changes nothing; accepts it with the token',
    async () => {
      for (const route of writeRoutes) {
        for (const [who, start] of visitorsFor(route)) {
          const session = await start();
          const other = await csrfFor(app);
          expect(other.csrfToken).not.toBe(session.csrfToken);
          const refusals: Array<[string, Record<string, string>]> = [
            ['no X-CSRF-Token', cookieHeader(session.cookie)],
            ['an empty X-CSRF-Token', { ...cookieHeader(session.cookie), [CSRF_HEADER_NAME]: '' }],
            ["another session's token", { ...cookieHeader(session.cookie), [CSRF_HEADER_NAME]: other.csrfToken }],
            ['a made-up token', { ...cookieHeader(session.cookie), [CSRF_HEADER_NAME]: 'A'.repeat(43) }],
            ['the token without its session cookie', { [CSRF_HEADER_NAME]: session.csrfToken }],
          ];
          const before = await everything();
          for (const [what, headers] of refusals) {
            const response = await send(route, headers);
            // Without its cookie nobody is signed in: /api/admin's guard, which comes first, refuses that (401).
            const guarded = ADMIN_PATH.test(route.path) && !('cookie' in headers);
            expect(response.statusCode, `${label(route)} as ${who} with ${what}: ${response.body}`).toBe(guarded ? 401 : 403);
            expect(bodyOf(response), `${label(route)} as ${who} with ${what}`).toEqual({
              message: expect.any(String),
              ...(!guarded && { code: 'CSRF' }),
            });
            expect(response.headers['set-cookie'], `${label(route)} as ${who} with ${what}`).toBeUndefined();
          }
          expect(await everything(), `${label(route)} as ${who}: refused requests changed nothing`).toEqual(before);

          const accepted = await send(route, session.headers);
          // The one 403 a route gives a signed-in administrator on its own: the staff routes' id 1 is their own account.
          const ownAccount = route.path.startsWith('/api/admin/staff/:id') && bodyOf(accepted).message === NOT_YOURSELF;
          if (!ownAccount) {
            expect(accepted.statusCode, `${label(route)} as ${who} with its token: ${accepted.body}`).not.toBe(403);
          }
          expect(bodyOf(accepted).code, `${label(route)} as ${who} with its token`).toBeUndefined();
        }
      }
    },
    ROUTE_WALK_MS,
  );

  it(
    'refuses a write with a valid token from a cross-site Origin or Sec-Fetch-Site (403) and changes nothing',
    async () => {
      const crossSite: Array<[string, Record<string, string>]> = [
        ['Origin https://evil.example', { origin: 'https://evil.example' }],
        ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
      ];
      for (const route of writeRoutes) {
        for (const [who, start] of visitorsFor(route)) {
          const session = await start();
          const before = await everything();
          for (const [what, headers] of crossSite) {
            const response = await send(route, { ...session.headers, ...headers });
            expect(response.statusCode, `${label(route)} as ${who} from ${what}: ${response.body}`).toBe(403);
            expect(response.headers['set-cookie']).toBeUndefined();
          }
          expect(await everything(), `${label(route)} as ${who}: refused requests changed nothing`).toEqual(before);
        }
      }
    },
    ROUTE_WALK_MS,
  );

  it('the token belongs to the session: the same for the same session, another for another one', async () => {
    const visitor = await csrfFor(app);
    expect(visitor.created).toBe(true);
    const again = await csrfFor(app, visitor.cookie);
    expect(again).toMatchObject({ cookie: visitor.cookie, csrfToken: visitor.csrfToken, created: false });
    const other = await csrfFor(app);
    expect(other.cookie).not.toBe(visitor.cookie);
    expect(other.csrfToken).not.toBe(visitor.csrfToken);
    // A token is no session: sent alone it opens nothing.
    const { product } = await catalogueIds(ctx.database.db);
    const payload = { productId: product('Bagasse Cup 200 ml'), quantity: 1 };
    const alone = await app.inject({
      method: 'POST',
      url: '/api/cart',
      payload,
      headers: { [CSRF_HEADER_NAME]: visitor.csrfToken },
    });
    expect(alone.statusCode).toBe(403);
    const added = await app.inject({ method: 'POST', url: '/api/cart', payload, headers: visitor.headers });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('a sign-up (which signs in) re-keys the session: the token changes and the old one is no longer the account', async () => {
    const visitor = await csrfFor(app);
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Meera',
        lastName: 'Nair',
        username: `meera_${kind}`,
        email: `meera.${kind}@example.in`,
        password: PASSWORD,
      },
      headers: visitor.headers,
    });
    expect(register.statusCode, register.body).toBe(201);
    const cookie = sessionCookieOf(register)!;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).not.toBe(visitor.cookie);

    const signedIn = await csrfFor(app, cookie);
    expect(signedIn.created).toBe(false);
    expect(signedIn.csrfToken).not.toBe(visitor.csrfToken);
    const status = await app.inject({ method: 'GET', url: '/api/auth/status', headers: cookieHeader(cookie) });
    expect(status.json()).toMatchObject({ authenticated: true, user: { username: `meera_${kind}` } });

    // The pre-sign-up token is refused with the new cookie, and the old cookie names no session any more: it is an
    // anonymous visitor's signed token again (what anyone gets from the token fetch), never the account.
    const stale = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: csrfHeaders(cookie, visitor.csrfToken) });
    expect(stale.statusCode).toBe(403);
    expect(bodyOf(stale).code).toBe('CSRF');
    const oldStatus = await app.inject({ method: 'GET', url: '/api/auth/status', headers: cookieHeader(visitor.cookie) });
    expect(oldStatus.json()).toMatchObject({ authenticated: false, user: null });
    const oldCookie = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: visitor.headers });
    expect(oldCookie.statusCode).toBeLessThan(500);
    const stillIn = await app.inject({ method: 'GET', url: '/api/auth/status', headers: cookieHeader(cookie) });
    expect(stillIn.json()).toMatchObject({ authenticated: true, user: { username: `meera_${kind}` } });

    // Signing out ends the session: its token goes with it.
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: signedIn.headers });
    expect(logout.statusCode, logout.body).toBe(200);
    const afterLogout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: signedIn.headers });
    expect(afterLogout.statusCode).toBe(403);
    expect(bodyOf(afterLogout).code).toBe('CSRF');
  });

  it('a sign-in re-keys the session: the token changes and the old one is refused', async () => {
    const visitor = await csrfFor(app);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN, headers: visitor.headers });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookieOf(login)!;
    expect(cookie).toBeDefined();
    expect(cookie).not.toBe(visitor.cookie);
    const signedIn = await csrfFor(app, cookie);
    expect(signedIn.created).toBe(false);
    expect(signedIn.csrfToken).not.toBe(visitor.csrfToken);
    const stale = await app.inject({ method: 'DELETE', url: '/api/cart', headers: csrfHeaders(cookie, visitor.csrfToken) });
    expect(stale.statusCode).toBe(403);
    expect(bodyOf(stale).code).toBe('CSRF');
    const fresh = await app.inject({ method: 'DELETE', url: '/api/cart', headers: signedIn.headers });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('GET /api/cart changes nothing: no session, no cart line, and the token fetch stores nothing either', async () => {
    const before = await ctx.services.sessions.count();
    for (let n = 0; n < 2; n++) {
      const response = await app.inject({ method: 'GET', url: '/api/cart' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await ctx.services.sessions.count()).toBe(before);

    const visitor = await csrfFor(app);
    expect(await ctx.services.sessions.count()).toBe(before);
    const lines = await everything();
    for (let n = 0; n < 2; n++) {
      const response = await app.inject({ method: 'GET', url: '/api/cart', headers: cookieHeader(visitor.cookie) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await ctx.services.sessions.count()).toBe(before);
    expect(await everything()).toEqual(lines);
  });

  it('no GET route changes anything, with or without a session; only the token fetch sets a cookie (storing nothing)', async () => {
    const admin = await signedInAdmin();
    const visitor = await csrfFor(app);
    const before = await everything();
    for (const route of readRoutes.filter((r) => r.path !== '/api/auth/csrf-token')) {
      for (const [who, headers] of [
        ['no session', {}],
        ['a dead session', cookieHeader('D'.repeat(43))],
        ['a visitor', cookieHeader(visitor.cookie)],
        ['a signed-in administrator', cookieHeader(admin.cookie)],
      ] as const) {
        const response = await app.inject({ method: 'GET', url: urlOf(route), headers });
        expect(response.statusCode, `${label(route)} with ${who}`).toBeLessThan(500);
        expect(
          response.cookies.filter((c) => c.name === SESSION_COOKIE_NAME),
          `${label(route)} with ${who}`,
        ).toEqual([]);
      }
    }
    expect(await everything()).toEqual(before);

    // The token fetch reads the session it is given and starts one only for a visitor without any.
    expect(await csrfFor(app, visitor.cookie)).toMatchObject({ cookie: visitor.cookie, created: false });
    expect(await csrfFor(app, admin.cookie)).toMatchObject({ cookie: admin.cookie, csrfToken: admin.csrfToken, created: false });
    expect(await everything()).toEqual(before);
    const sessions = await ctx.services.sessions.count();
    expect((await csrfFor(app)).created).toBe(true);
    expect(await ctx.services.sessions.count()).toBe(sessions);
  });
});
