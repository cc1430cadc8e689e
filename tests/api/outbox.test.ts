// The e-mail outbox: what each enquiry and message queues, and its delivery.
import fs from 'node:fs';
import path from 'node:path';

import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { customerAcknowledgementMail, shopEnquiryMail } from '#domains/enquiry/mail.server.ts';
import { enquiryPayloadSchema } from '#domains/enquiry/schema.ts';
import { shopContactMail } from '#domains/message/mail.server.ts';
import { backoffMs, enqueueMail, MailSender } from '#platform/mail/outbox.ts';
import { outbox } from '#platform/mail/tables.ts';
import { buildApp } from '#server/app.ts';
import { createServices } from '#server/services.ts';
import { csrfFor, type WriteCredentials } from '#tests/support/csrf.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { parseEml } from '#tests/support/eml.ts';
import {
  browserLine,
  call,
  type CatalogueIds,
  catalogueIds,
  CONTACT_MESSAGE,
  CUSTOMER,
  enquiryPayload,
} from '#tests/support/enquiry.ts';
import { type FakeSmtp, startFakeSmtp } from '#tests/support/fake-smtp.ts';

const SHOP_EMAIL = 'orders@areca-shop.test';
const ROUND = 'Areca Leaf Round Plate';
const CUP = 'Bagasse Cup 200 ml';
const RAISED = { orders: { max: 100_000, timeWindow: 900_000 }, contact: { max: 100_000, timeWindow: 900_000 } };

type Created = { id: number; displayId: number };
type OutboxRow = typeof outbox.$inferSelect;

describe.each(databaseKinds())('the outbox on %s', (kind) => {
  let ids: CatalogueIds;
  let outboxDir: string;
  /** The visitor sending the enquiries and messages: its session and CSRF token. */
  let visitor: WriteCredentials;

  const ctx = suiteApp(kind, { config: { shopEmail: SHOP_EMAIL, rateLimits: RAISED } });
  beforeAll(async () => {
    // The app's own sender stays idle here: each test drives delivery itself.
    await ctx.services.mail.stop();
    ids = await catalogueIds(ctx.database.db);
    outboxDir = path.join(ctx.config.dataDir, 'outbox');
    visitor = await csrfFor(ctx.app);
  });
  beforeEach(async () => {
    await ctx.database.db.delete(outbox);
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  const mails = () => ctx.database.db.select().from(outbox).orderBy(asc(outbox.id));
  const postEnquiry = async (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const response = await call<Created>(ctx.app, 'POST', '/api/orders', {
      payload,
      headers: { ...visitor.headers, ...headers },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const postContact = async (payload: Record<string, unknown> = CONTACT_MESSAGE) => {
    const response = await call<{ id: number }>(ctx.app, 'POST', '/api/contact', { payload, headers: visitor.headers });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const twoLines = () => enquiryPayload([browserLine(ids, ROUND, '8 inch', 3), browserLine(ids, CUP, null, 2)]);

  describe('what is queued', () => {
    it("queues exactly two e-mails per enquiry: the shop's with lines and customer details, and the customer's acknowledgement", async () => {
      // Prices tampered in the browser: the e-mails, like the enquiry, carry the catalogue's.
      const payload = twoLines();
      (payload.items as Array<Record<string, unknown>>).forEach((item) =>
        Object.assign(item, { price: '0.01', unitsPerCarton: 1 }),
      );
      const { displayId } = await postEnquiry({ ...payload, subtotal: '0.05', total: '0.05' });
      const queued = await mails();
      expect(queued).toHaveLength(2);
      const [shop, customer] = queued as [OutboxRow, OutboxRow];
      const lineRound = `- ${ROUND} (Size: 8 inch)\n  3 cartons × 100 plates = 300 plates, ₹560.00 a carton: ₹1,680.00`;
      const lineCup = `- ${CUP}\n  2 cartons × 100 items = 200 items, ₹260.00 a carton: ₹520.00`;

      expect(shop).toMatchObject({
        to: SHOP_EMAIL,
        replyTo: CUSTOMER.customerEmail,
        subject: `New enquiry #${displayId} from ${CUSTOMER.customerName}`,
      });
      const shopLines = shop.text.split('\n');
      expect(shopLines).toEqual(
        expect.arrayContaining([
          `Enquiry #${displayId} (guest)`,
          `Name: ${CUSTOMER.customerName}`,
          `E-mail: ${CUSTOMER.customerEmail}`,
          `Phone: ${CUSTOMER.customerPhone}`,
          `Delivery address: ${CUSTOMER.deliveryLocation}`,
          'Special requests: Please deliver before the wedding on Sunday.',
        ]),
      );
      expect(shop.text).toContain(`${lineRound}\n${lineCup}`);
      expect(shop.text).toContain('Estimated total (before GST and delivery): ₹2,200.00');

      expect(customer).toMatchObject({ to: CUSTOMER.customerEmail, subject: expect.stringContaining(`#${displayId}`) });
      expect(customer.text).toContain(`enquiry #${displayId}`);
      // The promise as it is: 'within 24 hours' only when those 24 hours end while the shop is open.
      expect(customer.text).toMatch(
        /We will contact you (within 24 hours, by \w+day \d+ \w+, [\d:]+ [AP]M IST|by \w+day \d+ \w+, 11 AM IST \(the first working morning after 24 hours\)), to confirm/,
      );
      expect(customer.text).toContain(`Dear ${CUSTOMER.customerName},`);
      expect(customer.text).toContain(`${lineRound}\n${lineCup}`);
      expect(customer.text).toContain('Estimated total: ₹2,200.00');
      // The same lines in the HTML part, as a table.
      expect(customer.html).toContain('₹1,680.00');
      expect(customer.html).toContain('</table>');

      for (const mail of queued) {
        expect(mail.text).not.toContain('0.01');
        expect(mail).toMatchObject({ sentAt: null, attempts: 0, lastError: null });
        expect(mail.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      }
    });

    it('lists every option of a line with options of several types in both e-mails', async () => {
      const name = 'Bagasse Takeaway Container with Lid';
      const size = ids.variation(name, '500 ml');
      const model = ids.variation(name, 'Round');
      await postEnquiry(enquiryPayload([{ ...browserLine(ids, name, '500 ml', 2), optionIds: [size, model] }]));
      const [shop, customer] = (await mails()) as [OutboxRow, OutboxRow];
      const line = `- ${name} (Size: 500 ml, Model: Round)\n  2 cartons × 50 containers = 100 containers, ₹380.00 a carton: ₹760.00`;
      expect(shop.text).toContain(line);
      expect(customer.text).toContain(line);
    });

    it('says registered user for an enquiry from an account', async () => {
      // The server decides who is signed in (the browser's userId is not trusted), so go through the service.
      // orders.user_id now references users: the account must exist.
      const account = await ctx.services.users.create({
        username: `outbox-${kind}`,
        email: `outbox-${kind}@example.in`,
        password: 'Palm-Leaf#Kochi42',
        firstName: 'Anitha',
        lastName: 'Menon',
        role: 'user',
      });
      const { session } = await ctx.services.sessions.create();
      const payload = enquiryPayloadSchema.parse({ ...twoLines(), isGuest: false, userId: account.id, sessionId: null });
      const { displayId } = await ctx.services.enquiries.create(payload, {
        visitorSessionId: session.id,
        idempotencyKey: null,
        siteUrl: 'http://shop.test',
        userId: account.id,
      });
      const [shop] = await mails();
      expect(shop!.text.split('\n')[0]).toBe(`Enquiry #${displayId} (registered user)`);
    });

    it('queues one e-mail to the shop per contact message', async () => {
      const { id } = await postContact();
      const queued = await mails();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        to: SHOP_EMAIL,
        replyTo: CONTACT_MESSAGE.email,
        subject: 'New message (Bulk Order Quote) from Suresh Nair',
        sentAt: null,
        attempts: 0,
      });
      expect(queued[0]!.text.split('\n')).toEqual(
        expect.arrayContaining([
          `Message #${id}: Bulk Order Quote`,
          'Name: Suresh Nair',
          `E-mail: ${CONTACT_MESSAGE.email}`,
          `Phone: ${CONTACT_MESSAGE.phone}`,
          'Company: Nair Caterers',
          CONTACT_MESSAGE.message,
        ]),
      );
    });

    it('queues nothing for a refused enquiry or message, nor for a repeated Idempotency-Key', async () => {
      const headers = visitor.headers;
      expect(
        (await call(ctx.app, 'POST', '/api/orders', { payload: { ...twoLines(), customerPhone: '123' }, headers })).status,
      ).toBe(400);
      const outOfStock = enquiryPayload([browserLine(ids, CUP, null, 1), browserLine(ids, 'Birch Wooden Knife 165 mm', null, 1)]);
      expect((await call(ctx.app, 'POST', '/api/orders', { payload: outOfStock, headers })).status).toBe(409);
      expect(
        (await call(ctx.app, 'POST', '/api/contact', { payload: { ...CONTACT_MESSAGE, website: 'x' }, headers })).status,
      ).toBe(400);
      expect(await mails()).toEqual([]);
      await postEnquiry(twoLines(), { 'idempotency-key': 'outbox-key-1234-5678' });
      await postEnquiry(twoLines(), { 'idempotency-key': 'outbox-key-1234-5678' });
      expect(await mails()).toHaveLength(2);
    });
  });

  describe('delivery', () => {
    let smtp: FakeSmtp | null = null;
    let sender: MailSender | null = null;
    afterEach(async () => {
      smtp?.destroyConnections();
      await sender?.stop();
      await smtp?.close();
      smtp = null;
      sender = null;
    });

    it('without smtpUrl writes one .eml per message into <dataDir>/outbox and marks each sent, once', async () => {
      const { displayId } = await postEnquiry(twoLines());
      await postContact();
      const queued = await mails();
      expect(queued).toHaveLength(3);

      expect(await ctx.services.mail.sendDue()).toBe(3);
      const files = fs.readdirSync(outboxDir).sort();
      expect(files).toEqual(queued.map((row) => `${String(row.id).padStart(8, '0')}.eml`));
      for (const row of queued) {
        const { headers, text, html } = parseEml(
          fs.readFileSync(path.join(outboxDir, `${String(row.id).padStart(8, '0')}.eml`), 'utf8'),
        );
        expect(headers).toEqual(
          expect.arrayContaining([`To: ${row.to}`, `Subject: ${row.subject}`, `From: ${ctx.config.mailFrom}`]),
        );
        // HTML with its plain-text alternative, both as queued.
        expect(headers.join('\n')).toMatch(/^Content-Type: multipart\/alternative/m);
        expect(text).toBe(row.text);
        expect(html).toBe(row.html);
      }
      const shopEml = parseEml(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8'));
      expect(shopEml.headers).toContain(`Subject: New enquiry #${displayId} from ${CUSTOMER.customerName}`);
      expect(shopEml.text).toContain('₹1,680.00');
      expect(shopEml.html).toContain('₹1,680.00');

      const sent = await mails();
      for (const row of sent) {
        expect(row.sentAt).toBeInstanceOf(Date);
        expect(row).toMatchObject({ attempts: 1, lastError: null });
      }
      expect(await ctx.services.mail.sendDue()).toBe(0);
      expect(fs.readdirSync(outboxDir).sort()).toEqual(files);
      expect(await mails()).toEqual(sent);
    });

    it.runIf(kind === 'postgres')(
      'a sender leaves the messages another process is delivering to it, and takes the rest',
      async () => {
        const messages = Array.from({ length: 25 }, (_, n) => ({ to: `held-${n}@example.in`, subject: `No. ${n}`, text: 'Hi' }));
        await enqueueMail(ctx.database.db, messages[0]!, ...messages.slice(1));
        const held = (await mails()).slice(0, 5).map((row) => row.id);
        const dir = path.join(ctx.config.dataDir, 'outbox-second');
        fs.rmSync(dir, { recursive: true, force: true });
        const second = new MailSender(ctx.database.db, { from: ctx.config.mailFrom, outboxDir: dir });
        // Another process's transaction holds five rows (as a sender does while it claims them): the second sender
        // neither waits for them nor takes them.
        const whileHeld = await ctx.database.db.transaction(async (tx) => {
          await tx.select({ id: outbox.id }).from(outbox).where(inArray(outbox.id, held)).for('update');
          const stuck = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000).unref());
          return Promise.race([second.sendDue(), stuck]);
        });
        expect(whileHeld).toBe(20);
        expect(fs.readdirSync(dir)).toHaveLength(20);
        expect((await mails()).filter((row) => row.sentAt === null).map((row) => row.id)).toEqual(held);
        expect(await second.sendDue()).toBe(5);
        expect((await mails()).map((row) => [row.attempts, row.sentAt instanceof Date])).toEqual(messages.map(() => [1, true]));
      },
    );

    it('a message with a file (an invoice PDF) is written with it as an attachment, byte for byte', async () => {
      const pdf = Buffer.from('%PDF-1.7 an invoice\n%%EOF\n');
      await enqueueMail(ctx.database.db, {
        to: 'files@example.in',
        subject: 'With a file',
        text: 'See the file.',
        attachments: [
          { filename: 'Tax-invoice-GL-2026-27-0001.pdf', contentType: 'application/pdf', base64: pdf.toString('base64') },
        ],
      });
      const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.to, 'files@example.in'));
      await ctx.services.mail.sendDue();
      const eml = fs.readFileSync(path.join(outboxDir, `${String(row!.id).padStart(8, '0')}.eml`), 'utf8');
      expect(eml).toMatch(/^Content-Type: multipart\/mixed/m);
      expect(eml).toContain('Content-Disposition: attachment; filename=Tax-invoice-GL-2026-27-0001.pdf');
      expect(eml).toContain(pdf.toString('base64'));
    });

    it('a line break in a customer name cannot add a mail header', async () => {
      // The API refuses such a name now (lib/schemas/text.ts)...
      const refusedEnquiry = await call(ctx.app, 'POST', '/api/orders', {
        payload: { ...twoLines(), customerName: 'Evil\r\nBcc: victim@example.com' },
        headers: visitor.headers,
      });
      expect(refusedEnquiry.status).toBe(400);
      const refusedContact = await call(ctx.app, 'POST', '/api/contact', {
        payload: { ...CONTACT_MESSAGE, name: 'Evil\nBcc: victim@example.com' },
        headers: visitor.headers,
      });
      expect(refusedContact.status).toBe(400);
      // ...and the sender still cannot be made to add a header by one that is stored (from before that rule).
      const enquiry = {
        displayId: 1001,
        customerName: 'Evil\r\nBcc: victim@example.com',
        customerEmail: 'evil@example.com',
        customerPhone: null,
        deliveryLocation: 'Somewhere 682001',
        specialRequests: null,
        isGuest: true,
        total: '1.00',
        sentAt: new Date(),
        statusUrl: 'http://shop.test/enquiry/x',
        panelUrl: 'http://shop.test/admin/orders?q=%231001',
        lines: [],
      };
      const shop = await ctx.services.settings.publicShop();
      await enqueueMail(ctx.database.db, shopEnquiryMail(shop, enquiry));
      await enqueueMail(ctx.database.db, customerAcknowledgementMail(shop, enquiry));
      const contact = { id: 1, name: 'Evil\nBcc: victim@example.com', email: 'evil@example.com', phone: null, company: null };
      await enqueueMail(ctx.database.db, shopContactMail(shop, { ...contact, inquiryType: 'general', message: 'Hello' }));
      expect(await ctx.services.mail.sendDue()).toBe(3);
      for (const file of fs.readdirSync(outboxDir)) {
        const { headers } = parseEml(fs.readFileSync(path.join(outboxDir, file), 'utf8'));
        expect(headers.filter((h) => /^bcc:/i.test(h))).toEqual([]);
        expect(headers.filter((h) => /^subject:/i.test(h))).toHaveLength(1);
      }
    });

    it('retries a failing SMTP server with backoff and delivers once it recovers', async () => {
      smtp = await startFakeSmtp('fail');
      let clock = Date.now() + 60_000;
      sender = new MailSender(ctx.database.db, {
        from: ctx.config.mailFrom,
        smtpUrl: smtp.url,
        outboxDir,
        now: () => new Date(clock),
      });
      const { id: messageId } = await postContact();
      const [queued] = await mails();

      // 451: not sent, retried 30 s later.
      expect(await sender.sendDue()).toBe(0);
      expect(smtp.connections).toBe(1);
      let [row] = await mails();
      expect(row).toMatchObject({ id: queued!.id, sentAt: null, attempts: 1 });
      expect(row!.lastError).toMatch(/451/);
      expect(row!.nextAttemptAt.getTime()).toBe(clock + backoffMs(1));
      expect(row!.nextAttemptAt.getTime()).toBe(clock + 30_000);

      // Not due yet: nothing is tried.
      smtp.mode = 'ok';
      clock += 29_999;
      expect(await sender.sendDue()).toBe(0);
      expect(smtp.connections).toBe(1);

      // Due, but the server drops the connection: the second failure waits 60 s.
      smtp.mode = 'drop';
      clock += 1;
      expect(await sender.sendDue()).toBe(0);
      expect(smtp.connections).toBe(2);
      [row] = await mails();
      expect(row).toMatchObject({ sentAt: null, attempts: 2 });
      expect(row!.lastError).toEqual(expect.any(String));
      expect(row!.nextAttemptAt.getTime()).toBe(clock + 60_000);

      // Recovered and due: delivered, exactly once.
      smtp.mode = 'ok';
      clock += 60_000;
      expect(await sender.sendDue()).toBe(1);
      [row] = await mails();
      expect(row).toMatchObject({ attempts: 3, lastError: null });
      expect(row!.sentAt!.getTime()).toBe(clock);
      expect(smtp.received).toHaveLength(1);
      const received = smtp.received[0]!;
      expect(received.to).toEqual([SHOP_EMAIL]);
      expect(ctx.config.mailFrom).toContain(`<${received.from}>`);
      const { headers, text: body } = parseEml(received.data);
      expect(headers).toEqual(
        expect.arrayContaining([
          `To: ${SHOP_EMAIL}`,
          `Reply-To: ${CONTACT_MESSAGE.email}`,
          'Subject: New message (Bulk Order Quote) from Suresh Nair',
        ]),
      );
      expect(body).toContain(`Message #${messageId}: Bulk Order Quote`);
      expect(body).toContain(CONTACT_MESSAGE.message);

      clock += backoffMs(10);
      expect(await sender.sendDue()).toBe(0);
      expect(smtp.received).toHaveLength(1);
      expect(fs.existsSync(outboxDir)).toBe(false); // SMTP, not files
    });

    it('a hanging SMTP server never slows or fails POST /api/orders', async () => {
      smtp = await startFakeSmtp('hang');
      // A second app on the same database whose sender delivers by SMTP to a server that never answers.
      const config = { ...ctx.config, smtpUrl: smtp.url };
      const services = createServices(ctx.database.db, config);
      const app = await buildApp({ config, database: ctx.database, services });
      try {
        const { headers } = await csrfFor(app);
        services.mail.start();
        const order = () => enquiryPayload([browserLine(ids, CUP, null, 2)]);
        // Fails at the 2 s mark rather than waiting for nodemailer's 30 s greeting timeout.
        const timed = async (url: string, payload: Record<string, unknown>) => {
          const started = performance.now();
          let timer: NodeJS.Timeout | undefined;
          const deadline = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`POST ${url} took more than 2 s while the SMTP server hangs`)), 2_000);
          });
          try {
            const response = await Promise.race([app.inject({ method: 'POST', url, payload, headers }), deadline]);
            return { status: response.statusCode, ms: performance.now() - started };
          } finally {
            clearTimeout(timer);
          }
        };

        const first = await timed('/api/orders', order());
        expect(first.status).toBe(201);
        expect(first.ms).toBeLessThan(2_000);
        await smtp.connected(1); // the sender is now waiting on a server that never answers
        const second = await timed('/api/orders', order());
        expect(second.status).toBe(201);
        expect(second.ms).toBeLessThan(2_000);
        const contact = await timed('/api/contact', CONTACT_MESSAGE);
        expect(contact.status).toBe(201);
        expect(contact.ms).toBeLessThan(2_000);
        expect(smtp.received).toEqual([]);

        // Let the stuck delivery fail so the sender can stop; the queue keeps every message for later.
        smtp.mode = 'drop';
        smtp.destroyConnections();
        await services.mail.stop();
        const rows = await mails();
        expect(rows).toHaveLength(5);
        expect(rows.filter((r) => r.sentAt !== null)).toEqual([]);
        expect(rows.filter((r) => r.attempts === 1 && r.lastError !== null)).toHaveLength(5);
      } finally {
        smtp.destroyConnections();
        await app.close();
        await services.mail.stop();
      }
    });
  });

  // BUG (platform/mail/outbox.ts): MailSender starts with `stopped = false`, so poke() runs the
  // sender in the background before start() was ever called. services.ts says the sender is "Started
  // by main.ts; tests start it when they check delivery"; instead every enquiry in a test app (or any
  // process that created the services without starting the sender) starts delivering and then polls.
  it('delivers nothing until the sender is started', async () => {
    const services = createServices(ctx.database.db, ctx.config);
    const { id } = await services.contact.create({ ...CONTACT_MESSAGE, inquiryType: 'general' });
    await services.mail.stop(); // waits for any delivery the new message set off
    const [row] = await ctx.database.db.select().from(outbox);
    expect(row).toMatchObject({ sentAt: null, attempts: 0 });
    expect(row!.text).toContain(`Message #${id}`);
    expect(fs.existsSync(outboxDir)).toBe(false);
    const [left] = await ctx.database.db.select({ n: count() }).from(outbox).where(eq(outbox.attempts, 0));
    expect(left!.n).toBe(1);
  });
});

describe('backoffMs', () => {
  it('waits 30 s after the first failure and doubles after each one', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
  });

  it('never waits more than 6 hours', () => {
    const sixHours = 6 * 60 * 60 * 1000;
    expect(backoffMs(10)).toBe(30_000 * 512); // 4 h 16 min
    expect(backoffMs(11)).toBe(sixHours);
    expect(backoffMs(12)).toBe(sixHours);
    expect(backoffMs(1000)).toBe(sixHours);
    for (let attempts = 1; attempts < 60; attempts++) {
      expect(backoffMs(attempts)).toBeLessThanOrEqual(sixHours);
      expect(backoffMs(attempts + 1)).toBeGreaterThanOrEqual(backoffMs(attempts));
    }
  });

  it('treats 0 attempts like the first', () => {
    expect(backoffMs(0)).toBe(30_000);
  });
});
