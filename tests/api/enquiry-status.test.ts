// After the enquiry: the private status page by its link's token, the staff revoking and replacing
// the link, 'My enquiries' showing only the signed-in customer's own, and 'Enquire again', on both databases.
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { CartItem } from '#domains/cart/model.ts';
import { products } from '#domains/catalogue/tables.ts';
import { replyBy } from '#domains/enquiry/reply-promise.ts';
import type { CheckoutDetails } from '#domains/enquiry/status-link.ts';
import type { CustomerEnquiry, CustomerEnquirySummary, EnquireAgainResult } from '#domains/order-file/customer-view.ts';
import type { AuditEntry } from '#lib/audit.ts';
import { outbox } from '#platform/mail/tables.ts';
import { Client, createAccount, signedIn, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { type StaffApp, useStaffApp } from '#tests/support/staff-app.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
type Sent = { id: number; displayId: number; statusToken: string | null };
type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

describe.each(databaseKinds())('status links and My enquiries on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  let other: Client;

  useStaffApp(kind, {}, (app) => ({ ctx, ids, admin, user, visitor } = app));
  beforeAll(async () => {
    other = await signedIn(ctx, { username: 'other_user' });
  });

  const send = async (client: Client, lines = [browserLine(ids, ROUND, '10 inch', 3)], headers = {}) => {
    const response = await client.post<Sent>('/api/orders', enquiryPayload(lines), { headers });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const statusOf = (token: string) => visitor.get<CustomerEnquiry & { message?: string }>(`/api/enquiries/status/${token}`);
  const lastMailTo = async (to: string) => {
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
    return mail!;
  };

  it('a sent enquiry answers its status token; the link opens the lines and the reply promise, no personal data', async () => {
    const sent = await send(visitor, [browserLine(ids, ROUND, '10 inch', 3), browserLine(ids, CUP, null, 2)]);
    expect(sent.statusToken).toMatch(TOKEN);
    const response = await statusOf(sent.statusToken!);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const view = response.body;
    expect(view).toMatchObject({ displayId: sent.displayId, status: 'pending' });
    expect(view.lines.map((line) => [line.productName, line.options, line.quantity])).toEqual([
      [ROUND, 'Size: 10 inch', 3],
      [CUP, '', 2],
    ]);
    expect(view.reply?.by).toBe(replyBy(new Date(view.createdAt), (await ctx.services.settings.current()).hours).toISOString());
    expect(view.reply?.text).toMatch(/^We will call you by /);
    const body = JSON.stringify(view);
    for (const personal of ['customerEmail', 'customerPhone', 'customerName', 'deliveryLocation', 'sessionId']) {
      expect(body).not.toContain(personal);
    }
  });

  it("the customer's e-mail carries the link, on the shop's configured address whatever the Host header says", async () => {
    const sent = await send(visitor, undefined, { host: 'shop.example.in' });
    const mail = await lastMailTo('anitha@example.in');
    expect(mail.text).toContain(`http://localhost:3000/enquiry/${sent.statusToken}`);
    expect(mail.text).not.toContain('shop.example.in');
  });

  it('a retried send (same Idempotency-Key) answers the same link', async () => {
    const headers = { 'idempotency-key': 'retry-status-link-1' };
    const first = await send(visitor, undefined, headers);
    const again = await visitor.post<Sent>('/api/orders', enquiryPayload([browserLine(ids, ROUND, '10 inch', 3)]), {
      headers,
    });
    expect(again.body).toEqual(first);
  });

  it('a retried send after the staff revoked the link or made a new one never answers a token', async () => {
    const headers = { 'idempotency-key': 'retry-after-new-link-0001' };
    const first = await send(visitor, undefined, headers);
    expect((await admin.request('DELETE', `/api/admin/orders/${first.id}/status-link`)).status).toBe(200);
    expect(await send(visitor, undefined, headers)).toEqual({ ...first, statusToken: null });
    expect((await admin.post(`/api/admin/orders/${first.id}/status-link`)).status).toBe(200);
    const mailed = /\/enquiry\/([A-Za-z0-9_-]{43})/.exec((await lastMailTo('anitha@example.in')).text)?.[1];
    const again = await send(visitor, undefined, headers);
    expect(again).toEqual({ ...first, statusToken: null });
    expect(JSON.stringify(again)).not.toContain(mailed);
    // Another session with the same key: a new enquiry, with its own link.
    const elsewhere = await send(new Client(ctx.app), undefined, headers);
    expect(elsewhere.id).not.toBe(first.id);
    expect([first.statusToken, mailed]).not.toContain(elsewhere.statusToken);
  });

  it('a wrong, malformed or overlong token is 404 with a message, never the enquiry', async () => {
    const sent = await send(visitor);
    const wrong = sent.statusToken!.slice(0, -1) + (sent.statusToken!.endsWith('A') ? 'B' : 'A');
    for (const token of [wrong, 'short', '1001', encodeURIComponent('../../admin/orders')]) {
      const response = await statusOf(token);
      expect(response.status, token).toBe(404);
      expect(response.body.message).toMatch(/not valid/);
    }
    expect((await statusOf('x'.repeat(5000))).status).toBe(404);
  });

  it('the staff revoke a link (404 afterwards) and send a new one by e-mail; the history says who did it', async () => {
    const sent = await send(visitor);
    expect((await admin.get<{ statusLink: boolean }>(`/api/admin/orders/${sent.id}`)).body.statusLink).toBe(true);
    // 'Copy status link': the address the customer was e-mailed.
    const copied = await admin.get<{ url: string }>(`/api/admin/orders/${sent.id}/status-link`);
    expect(copied.body.url).toMatch(new RegExp(`/enquiry/${sent.statusToken}$`));
    expect(copied.headers['cache-control']).toBe('no-store');
    expect((await user.get(`/api/admin/orders/${sent.id}/status-link`)).status).toBe(403);
    expect((await admin.request('DELETE', `/api/admin/orders/${sent.id}/status-link`)).status).toBe(200);
    expect((await statusOf(sent.statusToken!)).status).toBe(404);
    const none = await admin.get<{ message: string }>(`/api/admin/orders/${sent.id}/status-link`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No link opens this enquiry: send the customer a new one first');
    expect((await admin.get<{ statusLink: boolean }>(`/api/admin/orders/${sent.id}`)).body.statusLink).toBe(false);

    expect((await admin.post(`/api/admin/orders/${sent.id}/status-link`)).status).toBe(200);
    const mail = await lastMailTo('anitha@example.in');
    expect(mail.subject).toBe(`A new link to follow your enquiry #${sent.displayId}`);
    const token = /\/enquiry\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(sent.statusToken);
    expect((await statusOf(token!)).body.displayId).toBe(sent.displayId);
    expect((await statusOf(sent.statusToken!)).status).toBe(404);

    const details = await admin.get<{ history: AuditEntry[] }>(`/api/admin/orders/${sent.id}`);
    expect(details.body.history.map((entry) => [entry.action, entry.actor, entry.after])).toEqual(
      expect.arrayContaining([
        ['status-link', 'staff_admin', { statusLink: false }],
        ['status-link', 'staff_admin', { statusLink: true }],
      ]),
    );
  });

  it('only administrators touch links; a customer cannot', async () => {
    const sent = await send(visitor);
    expect((await user.request('DELETE', `/api/admin/orders/${sent.id}/status-link`)).status).toBe(403);
    expect((await visitor.post(`/api/admin/orders/${sent.id}/status-link`)).status).toBe(401);
    expect((await admin.post('/api/admin/orders/999999/status-link')).status).toBe(404);
    expect((await statusOf(sent.statusToken!)).status).toBe(200);
  });

  it('the status in words follows the staff; the reply promise goes once the enquiry is answered', async () => {
    const sent = await send(visitor);
    await admin.request('PATCH', `/api/admin/orders/${sent.id}/status`, { payload: { status: 'confirmed' } });
    const view = (await statusOf(sent.statusToken!)).body;
    expect(view.status).toBe('confirmed');
    expect(view.reply).toBeNull();
  });

  it('My enquiries lists only the signed-in customer’s own, newest first, and opens each; others are 404', async () => {
    const first = await send(user, [browserLine(ids, CUP, null, 4)]);
    const second = await send(user, [browserLine(ids, ROUND, '10 inch', 2), browserLine(ids, CUP, null, 1)]);
    const theirs = await send(other);
    const guests = await send(visitor);

    const list = await user.get<Page<CustomerEnquirySummary>>('/api/account/enquiries');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.items.map((row) => [row.displayId, row.lineCount, row.status])).toEqual([
      [second.displayId, 2, 'pending'],
      [first.displayId, 1, 'pending'],
    ]);
    expect(list.body.total).toBe(2);

    const own = await user.get<CustomerEnquiry>(`/api/account/enquiries/${first.displayId}`);
    expect(own.status).toBe(200);
    expect(own.body.lines[0]).toMatchObject({ productName: CUP, quantity: 4 });
    for (const number of [theirs.displayId, guests.displayId, 999_999, 5]) {
      expect((await user.get(`/api/account/enquiries/${number}`)).status, String(number)).toBe(404);
    }
    expect((await user.get('/api/account/enquiries/abc')).status).toBe(400);
    expect((await user.get('/api/account/enquiries?page=0')).status).toBe(400);
    expect((await visitor.get('/api/account/enquiries')).status).toBe(401);
    expect((await visitor.get(`/api/account/enquiries/${first.displayId}`)).status).toBe(401);
  });

  it('a returning customer’s checkout starts from the phone and address of their last enquiry and their last business name and GSTIN, never anyone else’s', async () => {
    const customer = new Client(ctx.app);
    await createAccount(ctx.services, { username: 'returning_user' });
    await customer.signIn('returning_user', STRONG_PASSWORD);
    const details = () => customer.get<CheckoutDetails>('/api/account/checkout-details');
    expect((await details()).body).toEqual({
      customerPhone: null,
      deliveryLocation: null,
      customerGstin: null,
      customerBusinessName: null,
    });

    const lines = [browserLine(ids, CUP, null, 1)];
    // The business name and GSTIN are given on the first enquiry only: the second, sent without, does not forget them.
    for (const [phone, address, gstin, business] of [
      ['9847012345', 'Door 1, Market Road, Aluva, Kerala 683101', '32aaacg1234a1zn', ' Green Caterers LLP '],
      ['9447098765', 'Hall 2, Temple Road, Edappally, Kochi, Kerala 682 024', '', ''],
    ] as const) {
      const response = await customer.post<Sent>(
        '/api/orders',
        enquiryPayload(lines, {
          customerPhone: phone,
          deliveryLocation: address,
          customerGstin: gstin,
          customerBusinessName: business,
        }),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    // Someone else's later enquiry, with their own GSTIN.
    const theirs = await other.post<Sent>('/api/orders', enquiryPayload(lines, { customerGstin: '27AAPFU0939F1ZV' }));
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const answer = await details();
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      customerPhone: '9447098765',
      deliveryLocation: 'Hall 2, Temple Road, Edappally, Kochi, Kerala 682 024',
      customerGstin: '32AAACG1234A1ZN',
      customerBusinessName: 'Green Caterers LLP',
    });
    expect((await other.get<CheckoutDetails>('/api/account/checkout-details')).body.customerGstin).toBe('27AAPFU0939F1ZV');
    expect((await visitor.get('/api/account/checkout-details')).status).toBe(401);
  });

  it('Enquire again fills the cart with the same lines at today’s prices and names what it could not add', async () => {
    const customer = new Client(ctx.app);
    await createAccount(ctx.services, { username: 'again_user' });
    await customer.signIn('again_user', STRONG_PASSWORD);
    const sent = await send(customer, [browserLine(ids, ROUND, '10 inch', 3), browserLine(ids, CUP, null, 2)]);
    await ctx.database.db
      .update(products)
      .set({ inStock: false })
      .where(eq(products.id, ids.product(CUP)));
    try {
      const again = await customer.post<EnquireAgainResult>(`/api/account/enquiries/${sent.displayId}/enquire-again`);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toEqual({
        added: 1,
        alreadyInCart: 0,
        unavailable: [{ name: CUP, reason: `${CUP} is out of stock` }],
      });
      const cart = (await customer.get<CartItem[]>('/api/cart')).body;
      expect(cart.map((line) => [line.productId, line.variationId, line.quantity])).toEqual([
        [ids.product(ROUND), ids.variation(ROUND, '10 inch'), 3],
      ]);
      // A second tap leaves the cart as the first did (3 cartons, not 6), and says so.
      const twice = await customer.post<EnquireAgainResult>(`/api/account/enquiries/${sent.displayId}/enquire-again`);
      expect(twice.body).toMatchObject({ added: 0, alreadyInCart: 1 });
      const after = (await customer.get<CartItem[]>('/api/cart')).body;
      expect(after.map((line) => [line.productId, line.quantity])).toEqual([[ids.product(ROUND), 3]]);
    } finally {
      await ctx.database.db
        .update(products)
        .set({ inStock: true })
        .where(eq(products.id, ids.product(CUP)));
    }
    expect((await other.post(`/api/account/enquiries/${sent.displayId}/enquire-again`)).status).toBe(404);
    expect(
      (await customer.post(`/api/account/enquiries/${sent.displayId}/enquire-again`, undefined, { csrf: false })).status,
    ).toBe(403);
  });
});
