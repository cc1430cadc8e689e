// Logs hold no personal data or secrets: marker values go through every write route, accepted,
// refused and failing in the database, with the server's own logger options; the captured log is searched for them.
import { desc, eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import type { BankStatementUpload } from '#domains/bank/schema.ts';
import { MAX_CUSTOMER_NOTE } from '#domains/customer/model.ts';
import { orders } from '#domains/enquiry/tables.ts';
import { irpAnswerFor } from '#domains/handoff/irp-answer.fixture.ts';
import type { OrderInvoice } from '#domains/invoice/model.ts';
import { addDays, istDate } from '#lib/india-time.ts';
import { toDecimalString } from '#lib/money.ts';
import { loggedUrl, loggerOptions, serializeError, withoutStatusTokens } from '#platform/logging.ts';
import { outbox } from '#platform/mail/tables.ts';
import { statementFile } from '#tests/fixtures/bank-statements.ts';
import { Client, signedIn } from '#tests/support/accounts.ts';
import { makeP12 } from '#tests/support/certificate.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { browserLine, catalogueIds, enquiryPayload } from '#tests/support/enquiry.ts';
import { multipart, plainPicture } from '#tests/support/multipart.ts';
import { codeAt } from '#tests/support/two-factor.ts';

const RAISED = { max: 1_000_000, timeWindow: 60_000 };
const MARK = {
  name: 'Zyxqmark Nameson',
  firstName: 'Zyxqfirst',
  lastName: 'Zyxqlast',
  email: 'zyxqmark@example.in',
  phone: '9812398123',
  address: '7 Zyxqmark Lane, Kochi, Kerala 682099',
  requests: 'Zyxqrequest: leave at the gate',
  company: 'Zyxqcompany Caterers',
  message: 'Zyxqmessage about cartons of plates',
  username: 'zyxquser',
  password: 'Zyxq-Password#2026',
  newPassword: 'Zyxq-Newword#2027',
  wrongPassword: 'Zyxq-Wrongword#1',
  gstin: '27AAPFU0939F1ZV',
};
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe.each(databaseKinds())('the log on %s', (kind) => {
  const lines: string[] = [];
  const writeRoutes = new Set<string>();
  const reached = new Set<string>();
  const secrets: string[] = [];
  const clock = new TestClock();
  const ctx = suiteApp(kind, {
    now: clock.now,
    config: { rateLimits: { orders: RAISED, contact: RAISED, cart: RAISED, register: RAISED } },
    logger: { ...loggerOptions('trace'), stream: { write: (line: string) => void lines.push(line) } },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        // The catch-all for unknown paths is no write route of its own.
        if (!WRITES.has(method) || route.url.endsWith('*') || route.url === '/api') continue;
        const key = `${method} ${route.url}`;
        writeRoutes.add(key);
        const handler = route.handler;
        route.handler = function (this: unknown, ...args: Parameters<typeof handler>) {
          if (args[0].method === method) reached.add(key);
          return handler.apply(this as ThisParameterType<typeof handler>, args);
        };
      }
    },
  });

  beforeAll(async () => {
    await ctx.services.mail.stop();
  });

  it('sends the markers through every write route: accepted, refused, and failing in the database', async () => {
    const ids = await catalogueIds(ctx.database.db);
    const line = browserLine(ids, 'Bagasse Cup 200 ml', null, 2);
    const order = enquiryPayload([line], {
      customerName: MARK.name,
      customerEmail: MARK.email,
      customerPhone: MARK.phone,
      deliveryLocation: MARK.address,
      specialRequests: MARK.requests,
      customerGstin: MARK.gstin,
      customerBusinessName: MARK.company,
    });
    const contact = {
      name: MARK.name,
      email: MARK.email,
      phone: MARK.phone,
      company: MARK.company,
      inquiryType: 'general',
      message: MARK.message,
    };
    const registration = {
      firstName: MARK.firstName,
      lastName: MARK.lastName,
      username: MARK.username,
      email: MARK.email,
      password: MARK.password,
    };

    const visitor = new Client(ctx.app);
    secrets.push(await visitor.csrfToken(), visitor.token!);
    expect((await visitor.post('/api/cart', { productId: line.productId, quantity: 2 })).status).toBe(201);
    expect((await visitor.request('PUT', `/api/cart/${line.productId}`, { payload: { quantity: 3 } })).status).toBe(200);
    expect((await visitor.request('PUT', `/api/cart/${line.productId}/1`, { payload: { quantity: 3 } })).status).toBe(404);
    expect((await visitor.request('DELETE', `/api/cart/${line.productId}/1`)).status).toBe(404);
    expect((await visitor.request('DELETE', `/api/cart/${line.productId}`)).status).toBe(200);
    expect((await visitor.request('DELETE', '/api/cart')).status).toBe(200);
    expect((await visitor.post('/api/orders', order)).status).toBe(201);
    expect((await visitor.post('/api/orders', { ...order, customerPhone: `${MARK.phone}0` })).status).toBe(400);
    expect((await visitor.post('/api/contact', contact)).status).toBe(201);
    expect((await visitor.post('/api/contact', { ...contact, email: `${MARK.email}@` })).status).toBe(400);

    // The staff's changes to the marked enquiry and message.
    const admin = await signedIn(ctx, { username: 'logs_admin', role: 'admin' });
    const [enquiry] = (await admin.get<Array<{ id: number }>>('/api/admin/orders')).body;
    const [message] = (await admin.get<Array<{ id: number }>>('/api/admin/contacts')).body;
    const orderPath = `/api/admin/orders/${enquiry!.id}`;
    const contactPath = `/api/admin/contacts/${message!.id}`;
    expect((await admin.request('PATCH', `${orderPath}/seen`, { payload: { seen: true } })).status).toBe(200);
    expect((await admin.request('PATCH', `${orderPath}/status`, { payload: { status: MARK.name } })).status).toBe(400);
    expect((await admin.request('PATCH', `${orderPath}/status`, { payload: { status: 'confirmed' } })).status).toBe(200);
    expect((await admin.request('PATCH', `${contactPath}/seen`, { payload: { seen: true } })).status).toBe(200);
    // A quote to the marked customer is reviewed (its e-mail with their name and address), sent, and declined by
    // status link with a marked reason.
    // The lines, delivery and marked billing details of both the quote and, later, the confirmed invoice.
    const billed = {
      lines: [{ price: '260', hsnCode: '4823', gstRate: 18 }],
      delivery: '50',
      placeOfSupply: '32',
      customerGstin: MARK.gstin,
      billingName: MARK.company,
      billingAddress: MARK.address,
    };
    const quote = { ...billed, validUntil: addDays(istDate(clock.now()), 7), note: MARK.message };
    expect((await admin.post(`${orderPath}/quotes/preview`, quote)).status).toBe(200);
    const quoted = await admin.post(`${orderPath}/quotes`, quote);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    const [marked] = await ctx.database.db.select().from(orders).where(eq(orders.id, enquiry!.id));
    const token = ctx.services.statusLinks.token(enquiry!.id, marked!.statusLinkVersion);
    secrets.push(token);
    expect((await visitor.get(`/api/enquiries/status/${token}`)).status).toBe(200);
    // Tokens and a customer's details in query strings: a link pasted with ?token=, the staff's search for a name.
    const inQuery = `token=${token}&ref=${encodeURIComponent(MARK.email)}`;
    expect((await visitor.get(`/api/enquiries/status/${token}?${inQuery}`)).status).toBe(200);
    expect((await visitor.get(`/api/nowhere?${inQuery}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/orders?q=Zyxqmark`)).status).toBe(200);
    secrets.push('Zyxqmark', encodeURIComponent(MARK.email));
    const decline = { version: 1, reason: MARK.requests };
    expect((await visitor.post(`/api/enquiries/status/${token}/quote/decline`, decline)).status).toBe(200);
    expect((await visitor.post(`/api/enquiries/status/${token}/quote/accept`, { version: 1 })).status).toBe(409);
    // After the yes, another marked enquiry: invoiced with marked lines, paid, credited, shipped with marked details.
    const invoiced = await visitor.post<{ id: number }>('/api/orders', order);
    const afterYes = `/api/admin/orders/${invoiced.body.id}`;
    const confirmed = billed;
    expect((await admin.post(`${afterYes}/invoice`, { confirmed: { ...confirmed, lines: [] } })).status).toBe(400);
    expect((await admin.post(`${afterYes}/invoice`, { confirmed })).status).toBe(201);
    const payment = { amount: '100', receivedOn: istDate(clock.now()), method: 'bank-transfer', reference: 'ZYXQ12345678' };
    expect((await admin.post(`${afterYes}/payments`, payment)).status).toBe(201);
    expect((await admin.post(`${afterYes}/payments`, { ...payment, amount: '99999' })).status).toBe(409);
    // The bank's statement naming the marked customer: uploaded (and a file that is none), one credit confirmed onto
    // the marked invoice, one refused.
    const { invoice } = (await admin.get<OrderInvoice>(`${afterYes}/invoice`)).body;
    const statement = await statementFile('hdfc', [
      {
        day: istDate(clock.now()),
        narration: `UPI-${MARK.name}-${MARK.email}-${MARK.phone}-412398123981-${invoice.number}, ${MARK.address}`,
        reference: '412398123981',
        credit: 100,
      },
    ]);
    const sendFile = (bytes: Buffer) =>
      admin.request<BankStatementUpload>(
        'POST',
        '/api/admin/bank-statements',
        multipart([{ ...statement, bytes, field: 'file' }]),
      );
    expect((await sendFile(Buffer.from(`${MARK.name},${MARK.email}\n`))).status).toBe(400);
    const banked = await sendFile(statement.bytes);
    expect(banked.status).toBe(200);
    const bankCredit = `/api/admin/bank-statements/credits/${banked.body.credits[0]!.id}/confirm`;
    expect((await admin.post(bankCredit, { allocations: [{ invoice: MARK.message, amount: '1' }] })).status).toBe(400);
    expect((await admin.post(bankCredit, { allocations: [{ invoice: invoice.number, amount: '1' }] })).status).toBe(200);
    // Paid in full before the credit note, so that it leaves a refund due, paid out below with a marked note.
    const owed = (await admin.get<OrderInvoice>(`${afterYes}/invoice`)).body.payment.balance;
    const rest = { amount: toDecimalString(owed), receivedOn: istDate(clock.now()), method: 'cash' };
    expect((await admin.post(`${afterYes}/payments`, rest)).status).toBe(201);
    const credit = { reason: MARK.message, lines: [{ line: 1, quantity: 1 }] };
    expect((await admin.post(`${afterYes}/credit-notes/preview`, { lines: [{ line: 9, quantity: 1 }] })).status).toBe(400);
    expect((await admin.post(`${afterYes}/credit-notes/preview`, { lines: credit.lines })).status).toBe(200);
    expect((await admin.post(`${afterYes}/credit-notes`, credit)).status).toBe(201);
    const refund = {
      amount: '1',
      paidOn: istDate(clock.now()),
      method: 'bank-transfer',
      reference: 'ZYXQ87654321',
      note: MARK.message,
    };
    expect((await admin.post(`${afterYes}/refunds`, { ...refund, amount: '99999' })).status).toBe(409);
    expect((await admin.post(`${afterYes}/refunds`, refund)).status).toBe(201);
    // The e-invoice portal's answer for the marked buyer's invoice: refused naming another IRN, recorded, cancelled.
    const { invoice: issued } = (await admin.get<OrderInvoice>(`${afterYes}/invoice`)).body;
    const irp = irpAnswerFor({
      number: issued.number,
      date: issued.date,
      total: issued.totals.total,
      seller: issued.supplier.gstin ?? '',
      buyer: MARK.gstin,
    });
    const portal = {
      Irn: irp.irn,
      AckNo: irp.ackNo,
      AckDt: irp.ackDate,
      SignedInvoice: irp.signedInvoice,
      SignedQRCode: irp.signedQrCode,
    };
    expect((await admin.post(`${afterYes}/e-invoice/answer`, { answer: { ...portal, Irn: 'c'.repeat(64) } })).status).toBe(400);
    expect((await admin.post(`${afterYes}/e-invoice/answer`, { answer: portal })).status).toBe(200);
    const cancel = { Irn: irp.irn, CancelDate: `${issued.date} 12:00:00`, reason: '4', remark: MARK.company };
    expect((await admin.post(`${afterYes}/e-invoice/cancel`, cancel)).status).toBe(200);
    // The marked customer's statement, e-mailed to them.
    const [ofCustomer] = await ctx.database.db.select().from(orders).where(eq(orders.id, invoiced.body.id));
    const statementPath = `/api/admin/customers/${ofCustomer!.customerId}/statement/email`;
    expect((await admin.post(statementPath, { from: istDate(clock.now()), to: MARK.message })).status).toBe(400);
    expect((await admin.post(statementPath, {})).status).toBe(200);
    // The shop's own details saved as the marked business, and refused with a marked GSTIN that is not one.
    const business = {
      tradingName: MARK.company,
      legalName: MARK.company,
      gstin: '32ABCDE1234F1Z9',
      address: { street: MARK.address, locality: 'Kochi', city: 'Ernakulam', state: 'Kerala', postalCode: '682099' },
      phone: MARK.phone,
      whatsapp: MARK.phone,
      email: MARK.email,
    };
    const settingsPath = '/api/admin/settings/business';
    expect((await admin.request('PUT', settingsPath, { payload: { ...business, gstin: MARK.gstin } })).status).toBe(400);
    expect((await admin.request('PUT', settingsPath, { payload: business })).status).toBe(200);
    // The shop's digital signature certificate in the marked company's name: refused with a marked wrong password,
    // taken with its own (a secret), then removed.
    const signingPath = '/api/admin/settings/signing';
    const certificatePassword = 'Zyxq-DSC-secret#1';
    secrets.push(certificatePassword);
    const certificate = makeP12(MARK.company, certificatePassword);
    const refusedUpload = await admin.request('PUT', signingPath, {
      payload: { file: certificate, password: MARK.wrongPassword },
    });
    expect(refusedUpload.status).toBe(400);
    const certificateSaved = await admin.request('PUT', signingPath, {
      payload: { file: certificate, password: certificatePassword },
    });
    expect(certificateSaved.status, JSON.stringify(certificateSaved.body)).toBe(200);
    expect((await admin.request('DELETE', signingPath)).status).toBe(200);
    const dispatch = { transporter: MARK.company, docketNumber: 'ZYXQ/1', expectedOn: istDate(clock.now()) };
    const shipped = await admin.request('PATCH', `${afterYes}/status`, { payload: { status: 'shipped', dispatch } });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    // A new status link is e-mailed to the marked customer; then it is revoked.
    expect((await admin.post(`${orderPath}/status-link`)).status).toBe(200);
    expect((await admin.request('DELETE', `${orderPath}/status-link`)).status).toBe(200);
    expect((await admin.request('DELETE', orderPath)).status).toBe(200);
    expect((await admin.request('DELETE', contactPath)).status).toBe(200);

    // A marked message made into an enquiry.
    expect((await visitor.post('/api/contact', contact)).status).toBe(201);
    const [fresh] = (await admin.get<Array<{ id: number }>>('/api/admin/contacts')).body;
    const fromMessage = `/api/admin/contacts/${fresh!.id}/enquiry`;
    expect((await admin.post(fromMessage, { items: [] })).status).toBe(400);
    const made = await admin.post(fromMessage, {
      deliveryLocation: MARK.address,
      items: [{ productId: line.productId, quantity: 2 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    // A marked colleague: invited (sent again, withdrawn, invited again), joins through the e-mailed link, has their role
    // changed, is signed out, has two-factor and the password reset (a new one chosen through the link), and is removed.
    const colleague = { email: 'zyxqstaff@example.in', firstName: MARK.firstName, role: 'staff' };
    secrets.push(colleague.email, 'zyxqstaff');
    const linkTo = async (to: string, page: string) => {
      const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
      const token = new RegExp(`${page}#([A-Za-z0-9_-]{43})`).exec(mail!.text)![1]!;
      secrets.push(token);
      return token;
    };
    const first = await admin.post<{ id: number }>('/api/admin/staff', colleague);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((await admin.post('/api/admin/staff', { ...colleague, email: `${colleague.email}@` })).status).toBe(400);
    expect((await admin.post(`/api/admin/staff/invitations/${first.body.id}/resend`)).status).toBe(200);
    expect((await admin.request('DELETE', `/api/admin/staff/invitations/${first.body.id}`)).status).toBe(200);
    expect((await admin.post('/api/admin/staff', colleague)).status).toBe(201);
    const inviteToken = await linkTo(colleague.email, '/join');
    const joiner = new Client(ctx.app);
    expect((await joiner.post('/api/auth/invitation', { token: inviteToken })).status).toBe(200);
    const join = { token: inviteToken, username: 'zyxqstaff', password: MARK.wrongPassword.slice(0, 8) };
    expect((await joiner.post('/api/auth/accept-invite', join)).status).toBe(400);
    const joined = await joiner.post<{ user: { id: number } }>('/api/auth/accept-invite', { ...join, password: MARK.password });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    const staffPath = `/api/admin/staff/${joined.body.user.id}`;
    expect((await admin.request('PATCH', staffPath, { payload: { role: MARK.name } })).status).toBe(400);
    expect((await admin.request('PATCH', staffPath, { payload: { role: 'admin' } })).status).toBe(200);
    expect((await admin.post(`${staffPath}/sign-out`)).status).toBe(200);
    expect((await admin.post(`${staffPath}/reset-2fa`)).status).toBe(200);
    expect((await admin.post(`${staffPath}/reset-password`)).status).toBe(200);
    const resetToken = await linkTo(colleague.email, '/reset-password');
    expect((await joiner.post('/api/auth/password-reset', { token: resetToken })).status).toBe(200);
    expect((await joiner.post('/api/auth/reset-password', { token: resetToken, password: MARK.newPassword })).status).toBe(200);
    expect((await admin.request('DELETE', staffPath)).status).toBe(200);

    // The customers: the note the staff keep about one, kept and refused (too long).
    const people = await admin.get<{ items: Array<{ id: number }> }>(`/api/admin/customers?q=${encodeURIComponent(MARK.email)}`);
    const notePath = `/api/admin/customers/${people.body.items[0]!.id}/note`;
    expect((await admin.request('PUT', notePath, { payload: { note: MARK.message } })).status).toBe(200);
    expect(
      (await admin.request('PUT', notePath, { payload: { note: `${MARK.message} ${'x'.repeat(MAX_CUSTOMER_NOTE)}` } })).status,
    ).toBe(400);
    // Their reminders stopped and resumed, and a round of the reminders (the marked customer's invoice and quote).
    const remindersPath = `/api/admin/customers/${people.body.items[0]!.id}/reminders`;
    expect((await admin.request('PUT', remindersPath, { payload: { stopped: true } })).status).toBe(200);
    expect((await admin.request('PUT', remindersPath, { payload: { stopped: false } })).status).toBe(200);
    expect((await admin.request('PUT', remindersPath, { payload: { stopped: MARK.message } })).status).toBe(400);
    await ctx.services.reminders.runDue();
    // A price group named with a marker: made, the marked customer put in it, changed, refused, deleted.
    const group = await admin.post<{ id: number }>('/api/admin/price-groups', {
      name: MARK.company,
      kind: 'percent',
      percentOff: '5',
    });
    expect(group.status).toBe(201);
    const groupPath = `/api/admin/customers/${people.body.items[0]!.id}/price-group`;
    expect((await admin.request('PUT', groupPath, { payload: { groupId: group.body.id } })).status).toBe(200);
    expect((await admin.request('PUT', groupPath, { payload: { groupId: MARK.message } })).status).toBe(400);
    const groupUrl = `/api/admin/price-groups/${group.body.id}`;
    expect(
      (await admin.request('PUT', groupUrl, { payload: { name: MARK.company, kind: 'prices', percentOff: null } })).status,
    ).toBe(200);
    expect((await admin.request('PUT', groupUrl, { payload: { name: MARK.message, kind: 'percent' } })).status).toBe(400);
    expect((await admin.request('DELETE', groupUrl)).status).toBe(200);

    // The catalogue: a product through create, toggle, edit and delete; an image through upload and delete.
    const plate = { name: 'Zyxq Plate', description: MARK.message, price: '100', category: 'plates' };
    const created = await admin.post<{ id: number }>('/api/admin/products', plate);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const productPath = `/api/admin/products/${created.body.id}`;
    expect((await admin.request('PATCH', productPath, { payload: { inStock: false } })).status).toBe(200);
    expect((await admin.request('PATCH', productPath, { payload: { ...plate, price: '-1' } })).status).toBe(400);
    expect((await admin.request('PATCH', productPath, { payload: { ...plate, price: '120' } })).status).toBe(200);
    expect((await admin.request('DELETE', productPath)).status).toBe(200);
    const photo = await plainPicture(64, 64, '#7a9a55');
    const uploaded = await admin.request<{ imageUrls: string[] }>(
      'POST',
      '/api/admin/upload-images',
      multipart([{ filename: `${MARK.name}.jpg`, type: 'image/jpeg', bytes: photo }]),
    );
    expect(uploaded.status).toBe(200);
    const imageUrl = uploaded.body.imageUrls[0];
    expect((await admin.request('DELETE', '/api/admin/delete-image', { payload: { imageUrl } })).status).toBe(200);
    // The shop's logo, through the settings' own upload.
    const logo = multipart([{ filename: `${MARK.name}-logo.jpg`, type: 'image/jpeg', bytes: photo }]);
    expect((await admin.request('POST', '/api/admin/settings/images', logo)).status).toBe(200);
    // A pasted photo address can carry a shared drive's key: refused here (not public), and never logged either way.
    const address = `http://10.0.0.1/${MARK.name}.jpg?key=${MARK.email}`;
    expect((await admin.post('/api/admin/fetch-image', { url: address })).status).toBe(400);

    const customer = new Client(ctx.app);
    expect((await customer.post('/api/auth/register', registration)).status).toBe(201);
    expect((await customer.post('/api/auth/register', { ...registration, username: 'x' })).status).toBe(400);
    expect((await customer.post('/api/auth/logout')).status).toBe(200);
    expect((await customer.login(MARK.username, MARK.wrongPassword)).status).toBe(401);
    expect((await customer.login(MARK.username, MARK.password)).status).toBe(200);
    // The customer's own reset link is asked for by their address (and refused for one that is not an address).
    const forgetful = new Client(ctx.app);
    expect((await forgetful.post('/api/auth/forgot-password', { email: `${MARK.email}@` })).status).toBe(400);
    expect((await forgetful.post('/api/auth/forgot-password', { email: MARK.email })).status).toBe(202);
    await linkTo(MARK.email, '/reset-password');
    secrets.push(customer.token!, await customer.csrfToken());
    const setup = await customer.post<{ manualEntryKey: string }>('/api/auth/setup-2fa');
    expect(setup.status).toBe(200);
    secrets.push(setup.body.manualEntryKey);
    const enabled = await customer.post<{ backupCodes?: string[] }>('/api/auth/enable-2fa', {
      token: codeAt(setup.body.manualEntryKey, clock.now()),
    });
    expect(enabled.status).toBe(200);
    secrets.push(...(enabled.body.backupCodes ?? []));
    clock.nextTotpStep();
    const change = await customer.post('/api/auth/change-password', {
      currentPassword: MARK.password,
      newPassword: MARK.newPassword,
      confirmPassword: MARK.newPassword,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    expect((await customer.post('/api/auth/logout')).status).toBe(200);
    expect((await customer.login(MARK.username, MARK.newPassword)).status).toBe(200);
    expect((await customer.verify('000000')).status).toBeGreaterThanOrEqual(400);
    expect((await customer.verify(codeAt(setup.body.manualEntryKey, clock.now()))).status).toBe(200);
    clock.nextTotpStep();
    const renewed = await customer.post<{ backupCodes: string[] }>('/api/auth/backup-codes', {
      token: codeAt(setup.body.manualEntryKey, clock.now()),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    secrets.push(...renewed.body.backupCodes);
    const own = await customer.post<{ displayId: number }>('/api/orders', order);
    expect(own.status).toBe(201);
    const again = await customer.post(`/api/account/enquiries/${own.body.displayId}/enquire-again`);
    expect(again.status).toBe(200);
    const ownAnswer = `/api/account/enquiries/${own.body.displayId}/quote`;
    expect((await customer.post(`${ownAnswer}/accept`, { version: 1 })).status).toBe(404);
    expect((await customer.post(`${ownAnswer}/decline`, { version: 1, reason: MARK.requests })).status).toBe(404);

    // Every insert of a customer's data now fails in the database, quoting the row in PostgreSQL's detail.
    for (const table of ['orders', 'contact_messages', 'users']) {
      await ctx.database.db.execute(`alter table ${table} add constraint logs_test_refuse check (false) not valid`);
    }
    expect((await visitor.post('/api/orders', { ...order, specialRequests: 'other' })).status).toBe(500);
    expect((await visitor.post('/api/contact', contact)).status).toBe(500);
    const second = new Client(ctx.app);
    const failed = await second.post('/api/auth/register', { ...registration, username: 'zyxquser2', email: 'zyxq2@example.in' });
    expect(failed.status).toBe(500);
    for (const table of ['orders', 'contact_messages', 'users']) {
      await ctx.database.db.execute(`alter table ${table} drop constraint logs_test_refuse`);
    }

    const missed = [...writeRoutes].filter((route) => !reached.has(route));
    expect(missed, 'every write route was called').toEqual([]);
  });

  it('the log has the failures, without the values', () => {
    const log = lines.join('');
    const failures = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request failed');
    expect(failures).toHaveLength(3);
    // The query is there (what failed); its parameters are not.
    expect(JSON.stringify(failures)).toMatch(/insert into/i);
    expect(JSON.stringify(failures)).toContain('params: [withheld]');
    for (const marker of [...Object.values(MARK), 'zyxq2@example.in', ...secrets]) {
      expect(log.includes(marker), `the log holds ${marker}`).toBe(false);
    }
    // The requests are there, by path and the names of their query parameters.
    expect(log).toContain('"url":"/api/enquiries/status/[token]?token&ref"');
    expect(log).toContain('"url":"/api/admin/orders?q"');
    expect(log).not.toMatch(/\$argon2id\$/);
    expect(log).not.toContain('Failing row');
  });
});

describe('loggedUrl', () => {
  it('keeps the path without status tokens and the query by its names only', () => {
    const token = 'h6OEeNhdGR2HnsvYZnOa38Id-4WFmQBFXgn6GU7kjEk';
    expect(loggedUrl(`/enquiry/${token}?token=${token}&utm_source=mail`)).toBe('/enquiry/[token]?token&utm_source');
    expect(loggedUrl(`/api/admin/orders?search=Asha%20Rao&page=2`)).toBe('/api/admin/orders?search&page');
    expect(loggedUrl('/products?')).toBe('/products');
    expect(loggedUrl('/products?&&flag')).toBe('/products?flag');
    expect(loggedUrl(`/x?${encodeURIComponent('a@b.in')}=1&<script>=2`)).toBe('/x?[name]&[name]');
    expect(loggedUrl('/api/account/enquiries/1042')).toBe('/api/account/enquiries/1042');
  });
});

describe('withoutStatusTokens', () => {
  it('takes the token out of status pages, their API and its quote paths, and leaves other paths alone', () => {
    const token = 'h6OEeNhdGR2HnsvYZnOa38Id-4WFmQBFXgn6GU7kjEk';
    expect(withoutStatusTokens(`/enquiry/${token}?x=1`)).toBe('/enquiry/[token]?x=1');
    expect(withoutStatusTokens(`/api/enquiries/status/${token}/quotes/2/pdf`)).toBe('/api/enquiries/status/[token]/quotes/2/pdf');
    expect(withoutStatusTokens('/api/account/enquiries/1042')).toBe('/api/account/enquiries/1042');
  });
});

describe('serializeError', () => {
  it('keeps the query and the codes, withholds the parameters, the detail and any e-mail address', () => {
    const cause = Object.assign(new Error('new row violates check constraint "x"'), {
      code: '23514',
      table: 'users',
      detail: 'Failing row contains (1, alice, alice@example.in, $argon2id$v=19$...)',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("username", "email") values ($1, $2)\nparams: alice,alice@example.in\nsecond line of a param',
      ),
      { query: 'insert into "users" ("username", "email") values ($1, $2)', params: ['alice', 'alice@example.in'] },
    );
    error.cause = cause;
    const logged = serializeError(error);
    expect(logged.message).toBe('Failed query: insert into "users" ("username", "email") values ($1, $2)\nparams: [withheld]');
    expect(logged.query).toBe('insert into "users" ("username", "email") values ($1, $2)');
    expect(logged.stack).toContain('params: [withheld]\n    at ');
    expect(JSON.stringify(logged)).not.toMatch(/alice|argon2|Failing row/);
    expect(logged.cause).toMatchObject({ code: '23514', table: 'users', message: 'new row violates check constraint "x"' });
    expect(serializeError('mail to bob@example.in refused').message).toBe('mail to [address] refused');
  });
});
