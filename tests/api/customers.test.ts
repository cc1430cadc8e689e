// The customers (GET /api/admin/customers, /customers/{id}, PUT /customers/{id}/note), on both databases: the people
// behind the enquiries, guests and signed-in customers joined by e-mail (any case) and phone (however written); the
// list searched by name, e-mail or phone and paged on the server; a customer's enquiries, quotes, invoices, business,
// GSTINs and addresses as given; each customer's invoiced, credited, paid and owed figures only their own; the note the
// staff keep (audited); the role guard.
import { beforeAll, describe, expect, it } from 'vitest';

import type { CustomerRecord, CustomerSummary } from '#domains/customer/model.ts';
import { istDate } from '#lib/india-time.ts';
import type { AdminPage } from '#lib/schemas/list.ts';
import { Client, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { QUOTE_LINES, quoteBody, type Sent, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';
import { accountWithTwoFactor, signInWithCode } from '#tests/support/two-factor.ts';

const GSTIN = '32BBBCK5678L1Z4';
/** The GSTIN of the business Anitha orders for when signed in, given at checkout. */
const CHECKOUT_GSTIN = '27AAPFU0939F1ZV';
const KOCHI = '14/220 Temple Road, Edappally, Kochi, Kerala 682024';
const ALUVA = 'Near Metro Pillar 12, Aluva, Kerala 683101';

describe.each(databaseKinds())('the customers on %s', (kind) => {
  let { ctx, ids, admin, user, visitor } = {} as StaffApp;
  const clock = new TestClock(Date.UTC(2030, 10, 26, 4, 30));
  const sent: Record<string, Sent> = {};

  const send = async (as: Client, key: string, customer: Record<string, string>, deliveryLocation = KOCHI) => {
    const payload = enquiryPayload([browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 2)], {
      ...customer,
      deliveryLocation,
    });
    sent[key] = await steps.enquiry(as, payload);
    return sent[key];
  };
  const list = async (query: string) => {
    const response = await admin.get<AdminPage<CustomerSummary>>(`/api/admin/customers?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const record = async (id: number) => {
    const response = await admin.get<CustomerRecord>(`/api/admin/customers/${id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  useStaffApp(kind, { clock }, (app) => ({ ctx, ids, admin, user, visitor } = app));
  beforeAll(async () => {
    // Anitha: as a guest; again from her work address with her phone written another way and the GSTIN of her first
    // quote in small letters; then signed in, with her first address in capitals and another GSTIN.
    await send(visitor, 'anitha-guest', {
      customerName: 'Anitha Menon',
      customerEmail: 'anitha@example.in',
      customerPhone: '9847000001',
    });
    await send(
      new Client(ctx.app),
      'anitha-work',
      {
        customerName: 'Anitha Menon',
        customerEmail: 'anitha.menon@work.example',
        customerPhone: '+91 98470 00001',
        customerGstin: GSTIN.toLowerCase(),
      },
      ALUVA,
    );
    await send(user, 'anitha-account', {
      customerName: 'Anitha M.',
      customerEmail: 'ANITHA@example.in',
      customerPhone: '9847000002',
      customerGstin: CHECKOUT_GSTIN,
    });
    await send(new Client(ctx.app), 'biju', {
      customerName: 'Biju Thomas',
      customerEmail: 'biju@example.in',
      customerPhone: '9847000009',
    });

    // Anitha's first enquiry: quoted with her GSTIN, accepted, invoiced.
    const anitha = sent['anitha-guest']!;
    await steps.quoteAndAccept(
      { admin, visitor },
      anitha,
      quoteBody(clock, { lines: QUOTE_LINES.slice(0, 1), customerGstin: GSTIN }),
    );
    await steps.invoice(admin, anitha.id);
  });

  it('joins a guest and a signed-in customer by e-mail (any case) and phone (however written)', async () => {
    const page = await list('page=1');
    expect(page.total).toBe(2);
    // Biju enquired last.
    expect(page.items.map((customer) => customer.name)).toEqual(['Biju Thomas', 'Anitha M.']);
    const anitha = page.items[1]!;
    expect(anitha).toMatchObject({
      id: sent['anitha-guest']!.id,
      emails: ['anitha@example.in', 'anitha.menon@work.example'],
      phones: ['9847000001', '9847000002'],
      enquiryCount: 3,
      registered: true,
      hasNote: false,
    });
    // Her invoice: 2 cartons × ₹560.00 at 5% (₹56.00 GST) and ₹50.00 delivery at the goods' 5% (₹2.50): ₹1,228.50,
    // rounded to ₹1,229.00.
    expect(anitha.business).toBe(122_900);
    expect(page.items[0]).toMatchObject({ enquiryCount: 1, registered: false, business: 0 });
  });

  it('a customer record: enquiries newest first, the quote, the invoice and what is due, GSTINs and addresses as given', async () => {
    const anitha = await record(sent['anitha-guest']!.id);
    expect(anitha.enquiries.map((enquiry) => enquiry.displayId)).toEqual([
      sent['anitha-account']!.displayId,
      sent['anitha-work']!.displayId,
      sent['anitha-guest']!.displayId,
    ]);
    expect(anitha.enquiries.map((enquiry) => enquiry.isGuest)).toEqual([false, true, true]);
    expect(anitha.quotes).toEqual([expect.objectContaining({ displayId: sent['anitha-guest']!.displayId, status: 'accepted' })]);
    expect(anitha.invoices).toHaveLength(1);
    const [invoice] = anitha.invoices;
    expect(invoice).toMatchObject({ displayId: sent['anitha-guest']!.displayId, state: 'unpaid', paid: 0, overdue: false });
    expect(invoice!.balance).toBe(invoice!.total);
    expect(anitha.business).toBe(invoice!.total);
    expect(anitha.outstanding).toBe(invoice!.total);
    // The newest enquiry's first; one given at checkout and on a quote is listed once.
    expect(anitha.gstins).toEqual([CHECKOUT_GSTIN, GSTIN]);
    expect(anitha.addresses).toEqual([KOCHI, ALUVA]);
    expect(anitha.note).toBeNull();
  });

  it('searches by name, e-mail or phone digits, and pages on the server', async () => {
    expect((await list('q=biju')).items.map((c) => c.name)).toEqual(['Biju Thomas']);
    expect((await list('q=work.example')).items.map((c) => c.name)).toEqual(['Anitha M.']);
    expect((await list(`q=${encodeURIComponent('98470 00001')}`)).items.map((c) => c.name)).toEqual(['Anitha M.']);
    expect((await list('q=nobody')).total).toBe(0);
    const second = await list('page=2&pageSize=1');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((c) => c.name)).toEqual(['Anitha M.']);
    // Without parameters: the plain list, its total in a header.
    const plain = await admin.get<CustomerSummary[]>('/api/admin/customers');
    expect(plain.headers['x-total-count']).toBe('2');
    expect(plain.body).toHaveLength(2);
    const wrong = await admin.get('/api/admin/customers?pageSize=1000');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("'pageSize' must be at most 100");
  });

  it('keeps a note about a customer, found from any of their enquiries; an empty note removes it; audited', async () => {
    const id = sent['anitha-guest']!.id;
    const saved = await admin.request<{ note: CustomerRecord['note'] }>('PUT', `/api/admin/customers/${id}/note`, {
      payload: { note: '  Prefers WhatsApp after 6 PM.\nPays by UPI.  ' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.note).toEqual({
      text: 'Prefers WhatsApp after 6 PM.\nPays by UPI.',
      updatedBy: 'staff_admin',
      updatedAt: clock.now().toISOString(),
    });
    expect((await record(id)).note?.text).toBe('Prefers WhatsApp after 6 PM.\nPays by UPI.');
    expect((await list('q=anitha')).items[0]!.hasNote).toBe(true);

    const tooLong = await admin.request('PUT', `/api/admin/customers/${id}/note`, { payload: { note: 'x'.repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('The note must be at most 2000 characters');
    const notText = await admin.request('PUT', `/api/admin/customers/${id}/note`, { payload: { note: 42 } });
    expect(notText.status).toBe(400);

    const removed = await admin.request<{ note: null }>('PUT', `/api/admin/customers/${id}/note`, { payload: { note: '' } });
    expect(removed.body.note).toBeNull();
    expect((await record(id)).note).toBeNull();
    const history = await ctx.services.audit.history('customer', id);
    expect(history.map((entry) => entry.action)).toEqual(['note', 'note']);
  });

  it('an unknown customer is 404, a wrong id 400; customers and visitors are refused; the staff role may use it', async () => {
    expect((await admin.get('/api/admin/customers/999999')).status).toBe(404);
    // A later enquiry of a customer is not their address: their first enquiry is.
    expect((await admin.get(`/api/admin/customers/${sent['anitha-work']!.id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/customers/abc')).status).toBe(400);
    expect((await user.get('/api/admin/customers')).status).toBe(403);
    expect((await new Client(ctx.app).get('/api/admin/customers')).status).toBe(401);
    const noCsrf = await admin.request('PUT', `/api/admin/customers/${sent['biju']!.id}/note`, {
      payload: { note: 'x' },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);

    const { manualEntryKey } = await accountWithTwoFactor(ctx, { username: 'customers_staff', role: 'staff' }, clock);
    const staff = new Client(ctx.app);
    await signInWithCode(staff, 'customers_staff', STRONG_PASSWORD, manualEntryKey, clock);
    expect((await staff.get<AdminPage<CustomerSummary>>('/api/admin/customers?page=1')).body.total).toBe(2);
    const note = await staff.request('PUT', `/api/admin/customers/${sent['biju']!.id}/note`, { payload: { note: 'Canteen' } });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
  });

  it("each customer's invoiced, credited, paid and owed figures are their own, in the list and on the record", async () => {
    const anitha = sent['anitha-guest']!;
    const biju = sent['biju']!;
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await admin.post(path, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
    };
    // Biju's 2 cartons invoiced as confirmed at ₹600.00: 1,200.00 + 60.00 GST, ₹50.00 delivery + 2.50; 1,312.50
    // rounds to ₹1,313.00.
    await steps.invoice(admin, biju.id, {
      confirmed: { lines: [{ ...QUOTE_LINES[0], price: '600.00' }], delivery: '50.00', placeOfSupply: '32', customerGstin: null },
    });
    // A carton back each: Anitha's 560.00 + 28.00 GST = ₹588.00, Biju's 600.00 + 30.00 = ₹630.00.
    await post(`/api/admin/orders/${anitha.id}/credit-notes`, {
      reason: 'One carton damaged',
      lines: [{ line: 1, quantity: 1 }],
    });
    await post(`/api/admin/orders/${biju.id}/credit-notes`, { reason: 'One carton short', lines: [{ line: 1, quantity: 1 }] });
    const receivedOn = istDate(clock.now());
    await post(`/api/admin/orders/${anitha.id}/payments`, { amount: '400.00', method: 'cash', receivedOn });
    await post(`/api/admin/orders/${biju.id}/payments`, { amount: '250.00', method: 'cash', receivedOn });

    const byHand = {
      [anitha.id]: { invoiced: 1_229_00, credited: 588_00, paid: 400_00 },
      [biju.id]: { invoiced: 1_313_00, credited: 630_00, paid: 250_00 },
    };
    const listed = new Map((await list('page=1')).items.map((customer) => [customer.id, customer.business]));
    for (const [id, figures] of Object.entries(byHand).map(([id, figures]) => [Number(id), figures] as const)) {
      const customer = await record(id);
      const [invoice] = customer.invoices;
      expect(customer.invoices).toHaveLength(1);
      expect(invoice).toMatchObject({ total: figures.invoiced, credited: figures.credited, paid: figures.paid });
      const business = figures.invoiced - figures.credited;
      expect(customer.business).toBe(business);
      expect(listed.get(id)).toBe(business);
      expect(customer.paid).toBe(figures.paid);
      expect(customer.outstanding).toBe(business - figures.paid);
    }
  });
});
