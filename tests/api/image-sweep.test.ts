// Orphaned image files, on both databases with the local store: a photo uploaded in a dialog that was never saved,
// and a photo a product stopped showing, are deleted once they are more than a day old; a photo a product shows, and
// one uploaded less than a day ago, stay. A product that names a swept photo is refused with a clear message.
import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { mediaFiles } from '#lib/images.ts';
import { UPLOADS_DIR } from '#platform/images/store.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, HOUR, TestClock } from '#tests/support/clock.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { productShowing } from '#tests/support/factories.ts';
import { multipart, plainPicture } from '#tests/support/multipart.ts';

const plain = (background: string) => plainPicture(700, 500, background);

describe.each(databaseKinds())('the sweep of orphaned image files on %s', (kind) => {
  const clock = new TestClock(Date.UTC(2030, 0, 7, 9, 0, 15));
  let admin: Client;

  const ctx = suiteApp(kind, { now: clock.now });
  beforeAll(async () => {
    await ctx.services.mail.stop();
    await createAccount(ctx.services, { username: 'staff_admin', role: 'admin' });
    admin = new Client(ctx.app);
    await admin.signIn('staff_admin', STRONG_PASSWORD);
  });

  const upload = async (background: string) => {
    const answer = await admin.request<{ imageUrls: string[] }>(
      'POST',
      '/api/admin/upload-images',
      multipart([{ filename: 'photo.jpg', type: 'image/jpeg', bytes: await plain(background) }]),
    );
    expect(answer.status).toBe(200);
    return answer.body.imageUrls[0] as string;
  };
  /** Makes every file of the image look written `age` before the clock's now. */
  const age = (url: string, ms: number) => {
    const when = new Date(clock.now().getTime() - ms);
    for (const name of mediaFiles(url)) fs.utimesSync(path.join(ctx.config.dataDir, UPLOADS_DIR, name), when, when);
  };
  const stored = async (url: string) =>
    Promise.all(mediaFiles(url).map(async (name) => (await ctx.app.inject({ url: `/media/${name}` })).statusCode));

  it('deletes the files of photos no product shows after a day, and keeps the rest', async () => {
    const shown = await upload('#2f6b3a');
    const dropped = await upload('#6b2f3a');
    const neverSaved = await upload('#3a2f6b');
    const fresh = await upload('#6b6b2f');
    const created = await admin.post<{ id: number }>('/api/admin/products', productShowing([shown, dropped]));
    expect(created.status).toBe(201);
    const edited = await admin.request('PATCH', `/api/admin/products/${created.body.id}`, { payload: productShowing([shown]) });
    expect(edited.status).toBe(200);
    await ctx.services.images.settled();
    for (const url of [shown, dropped, neverSaved]) age(url, DAY + HOUR);
    age(fresh, DAY - HOUR);

    // Each image has its WebP and AVIF at 320, 640 and 700 px.
    expect(await ctx.services.images.sweep()).toEqual({ images: 2, files: 12 });
    expect(await stored(shown)).toEqual(Array(6).fill(200));
    expect(await stored(fresh)).toEqual(Array(6).fill(200));
    expect(await stored(dropped)).toEqual(Array(6).fill(404));
    expect(await stored(neverSaved)).toEqual(Array(6).fill(404));
    expect(await ctx.services.images.sweep()).toEqual({ images: 0, files: 0 });

    // The dialog that still holds the swept photo cannot save a broken picture.
    const late = await admin.post<{ message: string; errors: Record<string, string> }>(
      '/api/admin/products',
      productShowing([neverSaved]),
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('An uploaded image is no longer stored: remove it and upload the photo again');
    expect(late.body.errors.imageUrls).toContain(neverSaved);
  });
});
