// What the Settings screen and the dashboard's 'Set up your shop' read and send, on both databases: the set-up steps
// ticked one by one as an administrator saves the sections and uploads a logo and a signature; the history a page at a
// time, one section's or all; the logo and signature upload for administrators only, a signature's transparency kept,
// and a file that is not a picture refused with its message.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { NOT_AN_IMAGE, type SettingsAnswer, type SettingsHistoryPage } from '#domains/settings/schema.ts';
import { adminUserAndVisitor, type Client, signedIn } from '#tests/support/accounts.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { multipart, plainPicture, type Upload } from '#tests/support/multipart.ts';
import { readSettings, SAVED, signaturePng } from '#tests/support/settings.ts';

type Uploaded = { imageUrls: string[]; message?: string; errors?: Record<string, string> };

describe.each(databaseKinds())('the settings screen’s API on %s', (kind) => {
  const ctx = suiteApp(kind, { seed: false });
  let admin: Client;
  let staff: Client;
  let visitor: Client;
  beforeAll(async () => {
    await ctx.services.mail.stop();
    ({ admin, visitor } = await adminUserAndVisitor(ctx.app, ctx.services));
    staff = await signedIn(ctx, { username: 'jaya_staff', role: 'staff' });
    await ctx.services.settings.ensureSeeded();
  });

  const read = () => readSettings(admin);
  const put = async (section: string, value: unknown) => {
    const response = await admin.request<SettingsAnswer>('PUT', `/api/admin/settings/${section}`, { payload: value as object });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const upload = (files: Upload[], client = admin) =>
    client.request<Uploaded>('POST', '/api/admin/settings/images', multipart(files));
  const history = (query: string, client = admin) =>
    client.get<SettingsHistoryPage & { message?: string }>(`/api/admin/settings/history?${query}`);

  it('uploads a logo and a signature for administrators only, the signature still see-through', async () => {
    const logo = await plainPicture(400, 160, '#3f6b2a', 'webp');
    const signature = await signaturePng();
    expect((await upload([{ filename: 'logo.webp', type: 'image/webp', bytes: logo }], staff)).status).toBe(403);
    expect((await upload([{ filename: 'logo.webp', type: 'image/webp', bytes: logo }], visitor)).status).toBe(401);
    const forged = await admin.request('POST', '/api/admin/settings/images', {
      ...multipart([{ filename: 'logo.webp', type: 'image/webp', bytes: logo }]),
      csrf: false,
    });
    expect(forged.status).toBe(403);

    const uploaded = await upload([{ filename: 'signature.png', type: 'image/png', bytes: signature }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const [url] = uploaded.body.imageUrls as [string];
    expect(url).toMatch(/^\/media\/[0-9a-f]{20}-600\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const kept = sharp(served.rawPayload);
    expect((await kept.metadata()).hasAlpha).toBe(true);
    // The corner is as see-through as it was drawn, the ink is not.
    const { data, info } = await kept.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
    expect(Math.max(...Array.from({ length: info.width * info.height }, (_, pixel) => data[pixel * 4 + 3] ?? 0))).toBe(255);
  });

  it('refuses a file that is not a picture, and more than one, with a clear message', async () => {
    const text = Buffer.from('GSTIN 32ABCDE1234F1Z9, not a logo');
    const refused = await upload([{ filename: 'logo.png', type: 'image/png', bytes: text }]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(NOT_AN_IMAGE);
    expect(refused.body.errors).toEqual({ images: NOT_AN_IMAGE });
    const picture = await plainPicture(200, 200, '#3f6b2a');
    const two = await upload([
      { filename: 'a.jpg', type: 'image/jpeg', bytes: picture },
      { filename: 'b.jpg', type: 'image/jpeg', bytes: picture },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Send one image: the logo or the signature');
    expect((await upload([])).status).toBe(400);
  });

  it('ticks each set-up step as it is done, and the demo ends with the business details', async () => {
    const start = await read();
    expect(start.demo).toBe(true);
    expect(start.setup).toEqual({ details: false, dispatch: false, payments: false, images: false });

    await put('business', SAVED.business);
    await put('payments', SAVED.payments);
    const halfway = await read();
    expect(halfway.demo).toBe(false);
    expect(halfway.setup).toEqual({ details: true, dispatch: false, payments: true, images: false });

    // A logo alone is not the step: invoices need the signature too.
    const logo = (await upload([{ filename: 'logo.jpg', type: 'image/jpeg', bytes: await plainPicture(300, 120, '#3f6b2a') }]))
      .body.imageUrls[0]!;
    expect((await put('documents', { ...SAVED.documents, logo })).setup.images).toBe(false);
    const signature = (await upload([{ filename: 'sign.png', type: 'image/png', bytes: await signaturePng() }])).body
      .imageUrls[0]!;
    await put('documents', { ...SAVED.documents, logo, signature });
    await put('dispatch', SAVED.dispatch);
    const done = await read();
    expect(done.setup).toEqual({ details: true, dispatch: true, payments: true, images: true });
    expect(done.settings.documents).toMatchObject({ logo, signature });
  });

  it('pages the history, newest first, of every section or of one', async () => {
    // Eight seeded versions (one a section) and the five saves above, then enough tax saves to need a second page of one section's.
    for (const rates of [[5], [5, 18], [0, 5, 18]]) await put('tax', { ...SAVED.tax, gstRates: rates });
    const all = await history('page=1&pageSize=4');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ total: 16, page: 1, pageSize: 4 });
    expect(all.body.items.map((version) => version.section)).toEqual(['tax', 'tax', 'tax', 'dispatch']);
    expect(all.body.items[0]).toMatchObject({ savedBy: 'staff_admin', savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const tax = await history('section=tax&page=2&pageSize=3');
    expect(tax.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    // The last of the tax section's versions is its first: the installation's, with no author.
    expect(tax.body.items.map((version) => [version.section, version.savedBy])).toEqual([['tax', null]]);

    expect((await history('section=shipping')).status).toBe(400);
    expect((await history('section=shipping')).body.message).toMatch(/'section' must be one of business, dispatch/);
    expect((await history('page=0')).status).toBe(400);
    expect((await history('page=1', staff)).status).toBe(403);
    expect((await history('page=1', visitor)).status).toBe(401);
  });
});
