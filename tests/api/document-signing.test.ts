// The shop's digital signature certificate, on both databases: an administrator uploads a .p12 the test makes (a
// self-signed certificate, as a certifying authority's would be, only untrusted), and the invoice and credit note
// PDFs the staff and the customer download are signed with it, as poppler's pdfsig verifies; a wrong password, a file
// that is no PKCS#12 and the staff are refused; an expired certificate signs nothing and says so.
import { beforeAll, describe, expect, it } from 'vitest';

import type { OrderInvoice } from '#domains/invoice/model.ts';
import { NOT_PKCS12, WRONG_PASSWORD } from '#domains/settings/pdf-signing.server.ts';
import type { SettingsHistoryPage, SigningCertificate } from '#domains/settings/schema.ts';
import { settingsVersions } from '#domains/settings/tables.ts';
import { type Client, expectBody, signedIn } from '#tests/support/accounts.ts';
import { DAY, makeP12 } from '#tests/support/certificate.ts';
import { TestClock } from '#tests/support/clock.ts';
import { databaseKinds } from '#tests/support/databases.ts';
import { browserLine, enquiryPayload } from '#tests/support/enquiry.ts';
import { pdfSignatures } from '#tests/support/pdf.ts';
import { quoteBody, SHOP_PAYMENTS, type StaffApp, steps, useStaffApp } from '#tests/support/staff-app.ts';

/** 12 January 2032, noon in India: a month no other test file uses. */
const START = Date.UTC(2032, 0, 12, 6, 30);
const PASSWORD = 'Areca-DSC#2032';
const SIGNER = 'Green Leaf Eco Tableware';

describe.each(databaseKinds())('document signing on %s', (kind) => {
  let { ctx, ids, admin, visitor } = {} as StaffApp;
  let staff: Client;
  const clock = new TestClock(START);

  useStaffApp(kind, { clock, config: { payments: SHOP_PAYMENTS } }, (app) => ({ ctx, ids, admin, visitor } = app));
  beforeAll(async () => {
    staff = await signedIn(ctx, { username: 'signing_staff', role: 'staff' });
  });

  const upload = (payload: object, client = admin) =>
    client.request<{ certificate: SigningCertificate; message?: string; errors?: Record<string, string> }>(
      'PUT',
      '/api/admin/settings/signing',
      { payload },
    );
  const download = async (url: string, client: Client) => {
    const response = await client.download(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return new Uint8Array(response.rawPayload);
  };
  const invoiced = async (name: string) => {
    const lines = [browserLine(ids, 'Areca Leaf Round Plate', '8 inch', 3), browserLine(ids, 'Bagasse Cup 200 ml', null, 2)];
    const payload = enquiryPayload(lines, {
      customerName: name,
      customerEmail: 'signing@example.in',
      deliveryLocation: 'Temple Road, Aluva, Kerala 683101',
    });
    const sent = await steps.enquiry(visitor, payload);
    await steps.quoteAndAccept({ admin, visitor }, sent, quoteBody(clock, { placeOfSupply: '32' }));
    await steps.invoice<OrderInvoice>(admin, sent.id);
    return sent;
  };

  it('signs the invoice and credit note PDFs with the uploaded certificate; unsigned before and after it is removed', async () => {
    const sent = await invoiced('Signing Customer');
    const invoiceUrls = [
      [`/api/admin/orders/${sent.id}/invoice/pdf`, admin],
      [`/api/enquiries/status/${sent.statusToken}/invoice/pdf`, visitor],
    ] as const;
    expect(pdfSignatures(await download(invoiceUrls[0][0], admin))).toMatch(/does not contain any signatures/);
    expect(await expectBody(admin.get('/api/admin/settings/signing'), 200)).toEqual({ certificate: null });

    const answer = await expectBody(upload({ file: makeP12(SIGNER, PASSWORD, START - DAY, 365), password: PASSWORD }), 200);
    expect(answer.certificate).toEqual({
      subject: `CN=${SIGNER}, O=${SIGNER}, C=IN`,
      issuer: `CN=${SIGNER}, O=${SIGNER}, C=IN`,
      validFrom: new Date(START - DAY).toISOString(),
      validTo: new Date(START + 364 * DAY).toISOString(),
      expired: false,
    });
    const read = await admin.get<Record<string, unknown>>('/api/admin/settings/signing');
    expect(read.body).toEqual(answer);
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);

    const note = await admin.post(`/api/admin/orders/${sent.id}/credit-notes`, {
      reason: 'One carton returned damaged',
      lines: [{ line: 2, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    for (const [url, client] of [
      ...invoiceUrls,
      [`/api/admin/orders/${sent.id}/credit-notes/1/pdf`, admin],
      [`/api/enquiries/status/${sent.statusToken}/credit-notes/1/pdf`, visitor],
    ] as const) {
      const verdict = pdfSignatures(await download(url, client));
      expect(verdict, url).toContain('Signature Validation: Signature is Valid.');
      expect(verdict, url).toContain(`Signer Certificate Common Name: ${SIGNER}`);
      expect(verdict, url).toContain('Signature Type: ETSI.CAdES.detached');
    }

    // At rest: the file and password sealed, never as uploaded.
    const stored = JSON.stringify(await ctx.database.db.select().from(settingsVersions));
    expect(stored).not.toContain(PASSWORD);

    expect(await expectBody(admin.request('DELETE', '/api/admin/settings/signing'), 200)).toEqual({ certificate: null });
    expect(pdfSignatures(await download(invoiceUrls[1][0], visitor))).toMatch(/does not contain any signatures/);
    // Removed means gone: no version keeps the sealed key; the history keeps who set and removed it.
    expect(JSON.stringify(await ctx.database.db.select().from(settingsVersions))).not.toContain('"sealed"');
    const history = await expectBody(admin.get<SettingsHistoryPage>('/api/admin/settings/history?section=signing'), 200);
    expect(history.items.map((item) => [item.section, item.savedBy])).toEqual([
      ['signing', 'staff_admin'],
      ['signing', 'staff_admin'],
    ]);
  });

  it('refuses a wrong password, a file that is no PKCS#12, and the staff', async () => {
    const file = makeP12(SIGNER, PASSWORD, START - DAY, 365);
    const wrong = await upload({ file, password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: WRONG_PASSWORD });
    const notP12 = await upload({ file: Buffer.from('%PDF-1.7 not a certificate').toString('base64'), password: PASSWORD });
    expect(notP12.status).toBe(400);
    expect(notP12.body.errors).toEqual({ file: NOT_PKCS12 });
    expect((await upload({ file: 'not base64!', password: PASSWORD })).status).toBe(400);
    expect((await upload({ file, password: PASSWORD }, staff)).status).toBe(403);
    expect((await staff.get('/api/admin/settings/signing')).status).toBe(403);
    expect((await staff.request('DELETE', '/api/admin/settings/signing')).status).toBe(403);
    expect(await expectBody(admin.get('/api/admin/settings/signing'), 200)).toEqual({ certificate: null });
  });

  it('an expired certificate signs nothing and says so', async () => {
    const sent = await invoiced('Expired Certificate Customer');
    const answer = await expectBody(upload({ file: makeP12(SIGNER, PASSWORD, START - 400 * DAY, 365), password: PASSWORD }), 200);
    expect(answer.certificate.expired).toBe(true);
    expect(pdfSignatures(await download(`/api/admin/orders/${sent.id}/invoice/pdf`, admin))).toMatch(
      /does not contain any signatures/,
    );
    await expectBody(admin.request('DELETE', '/api/admin/settings/signing'), 200);
  });
});
