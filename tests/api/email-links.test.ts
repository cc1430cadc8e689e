// Links in e-mails start with the shop's configured address (PUBLIC_URL, else this machine's in development and
// tests), never with the Host or X-Forwarded-Host a request was sent with, on both databases.
import { asc, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { displayIdOf } from '#domains/enquiry/model.ts';
import { loadConfig, publicUrlWarning, siteUrlOf } from '#platform/config.ts';
import { outbox } from '#platform/mail/tables.ts';
import { adminUserAndVisitor, type Client, createAccount } from '#tests/support/accounts.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { browserLine, type CatalogueIds, catalogueIds, enquiryPayload } from '#tests/support/enquiry.ts';

const RAISED = { max: 1000, timeWindow: 60_000 };
/** What an attacker (or a misconfigured proxy) puts in the headers the links used to follow. */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

describe('the origin of links in e-mails', () => {
  it('is PUBLIC_URL when set, else http://localhost:PORT', () => {
    expect(siteUrlOf(loadConfig({ PUBLIC_URL: 'https://shop.example.in/' }))).toBe('https://shop.example.in');
    expect(siteUrlOf(loadConfig({}))).toBe('http://localhost:3000');
    expect(siteUrlOf(loadConfig({ PORT: '8080' }))).toBe('http://localhost:8080');
  });

  it('a production server without PUBLIC_URL says where its links point, and still starts', () => {
    expect(publicUrlWarning(loadConfig({ PORT: '8080' }), { NODE_ENV: 'production' })).toBe(
      'PUBLIC_URL is not set: links in e-mails will start with http://localhost:8080, which customers cannot open. ' +
        'Set it to the address customers reach the shop at, e.g. PUBLIC_URL=https://shop.example.in',
    );
    expect(publicUrlWarning(loadConfig({ PUBLIC_URL: 'https://shop.example.in' }), { NODE_ENV: 'production' })).toBeNull();
    expect(publicUrlWarning(loadConfig({}), { NODE_ENV: 'development' })).toBeNull();
    expect(publicUrlWarning(loadConfig({}), {})).toBeNull();
  });
});

describe.each(databaseKinds())('links in e-mails on %s', (kind) => {
  describe.each([
    ['PUBLIC_URL set', 'https://shop.example.in', 'https://shop.example.in'],
    ['PUBLIC_URL unset', undefined, 'http://localhost:3000'],
  ])('%s, behind a trusted proxy', (_label, publicUrl, origin) => {
    // trustProxy makes Fastify believe X-Forwarded-Host: the worst case for anything that reads the request's host.
    const ctx = suiteApp(kind, { config: { publicUrl, trustProxy: true, rateLimits: { orders: RAISED, cart: RAISED } } });
    let ids: CatalogueIds;
    let admin: Client;
    let visitor: Client;

    beforeAll(async () => {
      await ctx.services.mail.stop();
      ids = await catalogueIds(ctx.database.db);
      ({ admin, visitor } = await adminUserAndVisitor(ctx.app, ctx.services));
    });

    const lastMailId = async () => {
      const rows = await ctx.database.db.select({ id: outbox.id }).from(outbox);
      return Math.max(0, ...rows.map((row) => row.id));
    };
    /** The e-mails queued since `after`, each with every absolute address in it. */
    const mailsSince = async (after: number) => {
      const rows = await ctx.database.db.select().from(outbox).where(gt(outbox.id, after)).orderBy(asc(outbox.id));
      return rows.map((row) => ({ ...row, all: `${row.text}\n${row.html ?? ''}` }));
    };
    const expectOnOrigin = (mails: Awaited<ReturnType<typeof mailsSince>>, link: RegExp) => {
      expect(mails.length).toBeGreaterThan(0);
      for (const mail of mails) {
        expect(mail.all, mail.subject).not.toContain('evil.example');
        const found = [...mail.all.matchAll(new RegExp(`(https?://[^\\s"'<>]*?)${link.source}`, 'g'))];
        expect(found.length, `${mail.subject}: ${mail.text}`).toBeGreaterThan(0);
        for (const [, start] of found) expect(start, mail.subject).toBe(origin);
      }
    };
    const sendEnquiry = async () => {
      const response = await visitor.post<{ id: number; statusToken: string }>(
        '/api/orders',
        enquiryPayload([browserLine(ids, 'Bagasse Cup 200 ml', null, 2)]),
        { headers: FORGED },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body;
    };

    it("an enquiry sent with Host: evil.example e-mails the customer's status link and the shop's panel link on the configured origin", async () => {
      const before = await lastMailId();
      const sent = await sendEnquiry();
      const mails = await mailsSince(before);
      expect(mails.map((mail) => mail.to)).toContain('anitha@example.in');
      expectOnOrigin(
        mails.filter((mail) => mail.to === 'anitha@example.in'),
        new RegExp(`/enquiry/${sent.statusToken}`),
      );
      const toShop = mails.filter((mail) => mail.to === ctx.config.shopEmail);
      expectOnOrigin(toShop, new RegExp(`/admin/orders\\?q=%23${displayIdOf(sent.id)}`));
      for (const mail of mails) expect(mail.all).not.toContain('evil.example');
    });

    it("the staff's quote, new status link and copied link are on the configured origin", async () => {
      const sent = await sendEnquiry();
      const before = await lastMailId();
      const quote = await admin.post(
        `/api/admin/orders/${sent.id}/quotes`,
        {
          lines: [{ price: '260.00', hsnCode: '48236900', gstRate: 18 }],
          delivery: '50.00',
          placeOfSupply: '32',
          customerGstin: '',
          validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          note: '',
        },
        { headers: FORGED },
      );
      expect(quote.status, JSON.stringify(quote.body)).toBe(201);
      expectOnOrigin(await mailsSince(before), /\/enquiry\/[A-Za-z0-9_-]{43}/);

      const beforeLink = await lastMailId();
      expect((await admin.post(`/api/admin/orders/${sent.id}/status-link`, undefined, { headers: FORGED })).status).toBe(200);
      expectOnOrigin(await mailsSince(beforeLink), /\/enquiry\/[A-Za-z0-9_-]{43}/);

      const copied = await admin.get<{ url: string }>(`/api/admin/orders/${sent.id}/status-link`, { headers: FORGED });
      expect(copied.body.url.startsWith(`${origin}/enquiry/`)).toBe(true);
    });

    it("a colleague's invitation, its resend and a password reset are on the configured origin", async () => {
      const before = await lastMailId();
      const invited = await admin.post<{ id: number }>(
        '/api/admin/staff',
        { email: `new-colleague-${publicUrl ? 'a' : 'b'}@example.in`, firstName: 'Meera', role: 'staff' },
        { headers: FORGED },
      );
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(
        (await admin.post(`/api/admin/staff/invitations/${invited.body.id}/resend`, undefined, { headers: FORGED })).status,
      ).toBe(200);
      const colleague = await createAccount(ctx.services, {
        username: `colleague_${publicUrl ? 'a' : 'b'}`,
        role: 'staff',
        email: `colleague-${publicUrl ? 'a' : 'b'}@example.in`,
      });
      const reset = await admin.post(`/api/admin/staff/${colleague.id}/reset-password`, undefined, { headers: FORGED });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      const mails = await mailsSince(before);
      expect(mails).toHaveLength(3);
      expectOnOrigin(mails, /\/(?:join|reset-password)#[A-Za-z0-9_-]{43}/);
    });
  });
});
