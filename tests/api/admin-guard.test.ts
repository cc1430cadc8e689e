// The panel's guard (platform/http/require-admin.ts): every /api/admin route, collected as the app adds them (onRoute),
// for every method: visitor 401, user 403, admin with a pending code 403, admin fully signed in allowed; the staff role
// allowed exactly on the staff's areas (enquiries and their quotes, messages, products and images, the dashboard's
// figures, the today list, the customers), refused on the rest (accounts, the security log, exports of customers' data, any route not written yet),
// and refused everywhere until its two-factor authentication is on.
import { beforeAll, describe, expect, it } from 'vitest';

import { Client, signedIn, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { SESSION_COOKIE_NAME } from '#tests/support/enquiry.ts';
import { type Route, routeCollector } from '#tests/support/routes.ts';
import { accountWithTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

const isAdminPath = (path: string) => path === '/api/admin' || path.startsWith('/api/admin/');

/**
 * The staff role's areas, written here independently of the routes' own marks: a route is checked against what the
 * staff should be able to do, not against what it says. A route that fits none is for administrators only.
 */
const STAFF_AREAS =
  /^\/api\/admin\/(orders|contacts|products|upload-images|fetch-image|delete-image|dashboard|today|customers|bank-statements)(\/|$)/;
const CUSTOMER_EXPORTS = /\/export\.csv$/;
/** What the staff may read but not change: the price groups (they put customers in them; administrators set prices). */
const STAFF_READS = /^\/api\/admin\/price-groups(\/|$)/;
const READS = new Set(['GET', 'HEAD']);
const staffMayUse = (path: string, method: string) =>
  (STAFF_AREAS.test(path) && !CUSTOMER_EXPORTS.test(path)) || (STAFF_READS.test(path) && READS.has(method));
/** A concrete URL for a route: every :param (and a wildcard) becomes 1. */
const concrete = (path: string) => path.replace(/:[^/]+/g, '1').replace(/\*/g, '1');

describe.each(databaseKinds())('the admin guard on %s', (kind) => {
  const clock = new TestClock();
  /** Every route of the app, filled in as it is built. */
  const { routes: allRoutes, onRoute } = routeCollector();
  const ctx = suiteApp(kind, { seed: false, now: clock.now, onRoute });
  let adminRoutes: Route[];
  let user: Client;
  let admin: Client;
  let pendingAdmin: Client;
  let verifiedAdmin: Client;
  let staff: Client;
  let staffWithoutCode: Client;

  beforeAll(async () => {
    adminRoutes = allRoutes.filter((r) => isAdminPath(r.path));

    user = await signedIn(ctx, { username: 'ganga' });
    admin = await signedIn(ctx, { username: 'hari_admin', role: 'admin' });
    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'indu_admin', role: 'admin' }, clock);
    pendingAdmin = new Client(ctx.app);
    expect((await pendingAdmin.signIn('indu_admin', STRONG_PASSWORD)).requiresTwoFactor).toBe(true);
    verifiedAdmin = new Client(ctx.app);
    await signInWithCode(verifiedAdmin, 'indu_admin', STRONG_PASSWORD, manualEntryKey, clock);

    const staffKey = (await accountWithTwoFactor(ctx, { username: 'jaya_staff', role: 'staff' }, clock)).manualEntryKey;
    staff = new Client(ctx.app);
    await signInWithCode(staff, 'jaya_staff', STRONG_PASSWORD, staffKey, clock);
    staffWithoutCode = await signedIn(ctx, { username: 'kiran_staff', role: 'staff' });
  });

  /** A request as that browser sends it: its cookie and, when it has a session, its valid CSRF token. */
  async function send(client: Client | null, method: string, url: string) {
    const headers: Record<string, string> = {};
    if (client) {
      headers['x-csrf-token'] = await client.csrfToken();
      headers.cookie = `${SESSION_COOKIE_NAME}=${client.token}`;
    }
    const withBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method);
    return ctx.app.inject({ method: method as 'GET', url, headers, ...(withBody && { payload: {} }) });
  }

  const message = (response: { body: string }) =>
    response.body === '' ? undefined : (JSON.parse(response.body) as { message: string }).message;

  it('the walk of the route table finds the routes, /api/admin/security-logs among them', () => {
    const all = allRoutes;
    // The walk sees nested and parametric routes (routes outside /api/admin it must see too).
    expect(all).toContainEqual({ method: 'GET', path: '/api/auth/status' });
    expect(all).toContainEqual({ method: 'POST', path: '/api/auth/change-password' });
    expect(all).toContainEqual({ method: 'PUT', path: '/api/cart/:productId/:variationId' });
    expect(all).toContainEqual({ method: 'GET', path: '/api/products/:id/variations' });
    expect(adminRoutes).toContainEqual({ method: 'GET', path: '/api/admin/security-logs' });
    expect(adminRoutes.length).toBeGreaterThanOrEqual(1);
  });

  it('a visitor (no cookie) gets 401 on every admin route and method', async () => {
    for (const { method, path } of adminRoutes) {
      const response = await send(null, method, concrete(path));
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      if (method !== 'HEAD') expect(message(response), `${method} ${path}`).toBe('Please log in as an administrator');
    }
  });

  it('a signed-in user gets 403 on every admin route and method', async () => {
    for (const { method, path } of adminRoutes) {
      const response = await send(user, method, concrete(path));
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD') expect(message(response), `${method} ${path}`).toBe('This area is for administrators only');
    }
  });

  it('an admin whose two-factor code is pending gets 403 on every admin route and method', async () => {
    expect(await pendingAdmin.status()).toMatchObject({ isAdmin: true, pendingTwoFactor: true });
    for (const { method, path } of adminRoutes) {
      const response = await send(pendingAdmin, method, concrete(path));
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD') expect(message(response), `${method} ${path}`).toBe('Please enter your two-factor code first');
    }
  });

  it.each([
    ['without two-factor', () => admin],
    ['with a verified code', () => verifiedAdmin],
  ])('an admin %s passes the guard on every admin route and method', async (_label, who) => {
    for (const { method, path } of adminRoutes) {
      const response = await send(who(), method, concrete(path));
      expect([401, 403], `${method} ${path}: ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
    }
  });

  it('the staff role passes on its areas and is refused on every other admin route and method', async () => {
    expect(await staff.status()).toMatchObject({ isAdmin: false, user: { role: 'staff', twoFactorEnabled: true } });
    const allowed = adminRoutes.filter((r) => staffMayUse(r.path, r.method));
    const refusedRoutes = adminRoutes.filter((r) => !staffMayUse(r.path, r.method));
    // Both sides of the line are walked: the accounts, the security log and the CSV exports among the refused.
    expect(allowed.length).toBeGreaterThan(10);
    for (const path of [
      '/api/admin/staff',
      '/api/admin/security-logs',
      '/api/admin/orders/export.csv',
      '/api/admin/contacts/export.csv',
    ])
      expect(refusedRoutes.map((r) => r.path)).toContain(path);
    expect(refusedRoutes).toContainEqual({ method: 'POST', path: '/api/admin/price-groups' });
    expect(allowed).toContainEqual({ method: 'GET', path: '/api/admin/price-groups' });
    for (const { method, path } of allowed) {
      const response = await send(staff, method, concrete(path));
      expect([401, 403], `${method} ${path}: ${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
    }
    for (const { method, path } of refusedRoutes) {
      const response = await send(staff, method, concrete(path));
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD') expect(message(response), `${method} ${path}`).toBe('Only an administrator may do this');
    }
  });

  it('the staff role is refused everywhere until its two-factor authentication is on', async () => {
    for (const { method, path } of adminRoutes.filter((r) => staffMayUse(r.path, r.method))) {
      const response = await send(staffWithoutCode, method, concrete(path));
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      if (method !== 'HEAD') expect(message(response), `${method} ${path}`).toBe('Set up two-factor authentication first');
    }
  });

  it('guards the whole /api/admin path, routes not written yet included, before the CSRF check', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const url = '/api/admin/not-a-route-yet';
      expect((await send(null, method, url)).statusCode, `${method} visitor`).toBe(401);
      // A visitor with a session but no CSRF token still gets the guard's answer.
      const guest = new Client(ctx.app);
      await guest.csrfToken();
      const noToken = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: `${SESSION_COOKIE_NAME}=${guest.token}` },
      });
      expect(noToken.statusCode, `${method} guest without CSRF`).toBe(401);
      expect((await send(user, method, url)).statusCode, `${method} user`).toBe(403);
      expect((await send(pendingAdmin, method, url)).statusCode, `${method} pending admin`).toBe(403);
      // A route added later is for administrators until it says the staff role may use it.
      expect((await send(staff, method, url)).statusCode, `${method} staff`).toBe(403);
      expect((await send(admin, method, url)).statusCode, `${method} admin`).toBe(404);
    }
    expect((await send(null, 'GET', '/api/admin')).statusCode).toBe(401);
  });

  it('cannot be stepped around by spelling the path differently (percent-encoding, trailing slash, query)', async () => {
    for (const { method, path } of adminRoutes) {
      const url = concrete(path);
      const variants = [
        url.replace('/api/admin', '/api/%61dmin'),
        url.replace('/api/admin', '/api/adm%69n'),
        url.replace('/api/admin', '/api/%61%64%6d%69%6e'),
        url.replace('/api/admin', '/%61pi/admin'),
        `${url}/`,
        `${url}?limit=1`,
      ];
      for (const variant of variants) {
        const visitor = await send(null, method, variant);
        expect([400, 401, 404], `visitor ${method} ${variant}: ${visitor.statusCode} ${visitor.body}`).toContain(
          visitor.statusCode,
        );
        const member = await send(user, method, variant);
        expect([400, 403, 404], `user ${method} ${variant}: ${member.statusCode} ${member.body}`).toContain(member.statusCode);
        if (!staffMayUse(path, method)) {
          const colleague = await send(staff, method, variant);
          expect([400, 403, 404], `staff ${method} ${variant}: ${colleague.statusCode} ${colleague.body}`).toContain(
            colleague.statusCode,
          );
        }
        const pending = await send(pendingAdmin, method, variant);
        expect([400, 403, 404], `pending admin ${method} ${variant}: ${pending.statusCode} ${pending.body}`).toContain(
          pending.statusCode,
        );
      }
    }
  });
});
