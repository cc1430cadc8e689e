// Product images (upload, serving, deletion) on both databases, with real images made here: a
// phone-sized JPEG carrying EXIF GPS comes back as AVIF and WebP at each width without it; PNG, WebP and GIF (its first
// frame) are taken; SVG, a renamed text file, a truncated JPEG, a file over 5 MB, a pixel bomb and a fourth image are
// refused with the dialog's words; files are served with a year's cache; deleting keeps the files of an image a product
// still shows, asked by any of its widths.
import zlib from 'node:zlib';

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import type { AdminProduct } from '#domains/catalogue/product-admin-schema.ts';
import { IMAGE_WIDTHS, mediaFiles } from '#lib/images.ts';
import { Client, signedIn } from '#tests/support/accounts.ts';
import { databaseKinds, suiteApp } from '#tests/support/databases.ts';
import { productShowing } from '#tests/support/factories.ts';
import { multipart, plainPicture, type Upload } from '#tests/support/multipart.ts';

/** A 12-megapixel phone photo with the position it was taken at. */
async function phonePhoto(): Promise<Buffer> {
  const art = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024"><rect width="4032" height="3024" fill="#7a9a55"/>' +
      '<circle cx="2016" cy="1512" r="1100" fill="#c98b4a"/><circle cx="2016" cy="1512" r="700" fill="#e8c99b"/></svg>',
  );
  return sharp(art)
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'TestPhone', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 6/1 30/1' } })
    .toBuffer();
}

/** A PNG that says it is 20000 × 20000 pixels (400 megapixels) in a few hundred bytes. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.alloc(20_001);
  const rows = zlib.deflateSync(Buffer.concat(Array.from({ length: 16 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(databaseKinds())('product images on %s', (kind) => {
  let admin: Client;
  let photo: Buffer;

  const ctx = suiteApp(kind);
  beforeAll(async () => {
    await ctx.services.mail.stop();
    admin = await signedIn(ctx, { username: 'staff_admin', role: 'admin' });
    photo = await phonePhoto();
  });

  const upload = (files: Upload[]) =>
    admin.request<{ imageUrls: string[]; storage: string; message?: string }>(
      'POST',
      '/api/admin/upload-images',
      multipart(files),
    );
  const media = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('re-encodes a phone photo into AVIF and WebP at each width, upright, without its EXIF and GPS', async () => {
    const response = await upload([{ filename: 'IMG_2041.JPG', type: 'image/jpeg', bytes: photo }]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.storage).toBe('local');
    const [url] = response.body.imageUrls as [string];
    expect(url).toMatch(/^\/media\/[0-9a-f]{20}-1280\.webp$/);

    // The AVIF files follow the answer.
    await ctx.services.images.settled();
    const files = mediaFiles(url);
    expect(files).toHaveLength(IMAGE_WIDTHS.length * 2);
    for (const name of files) {
      const served = await media(`/media/${name}`);
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['content-type']).toBe(name.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.width).toBe(Number(/-(\d+)\./.exec(name)?.[1]));
      expect(meta.height).toBe(Math.round((meta.width * 3024) / 4032));
      expect(meta.exif).toBeUndefined();
      expect(served.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
    }
  });

  it('takes PNG and WebP, several in one call, and keeps a small picture at its own width', async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 4, background: '#6a8f3c' } })
      .png()
      .toBuffer();
    const webp = await plainPicture(800, 600, '#b5793a', 'webp');
    const response = await upload([
      { filename: 'cutout.png', type: 'image/png', bytes: png },
      { filename: 'bowl.webp', type: 'image/webp', bytes: webp },
    ]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.imageUrls.map((url) => /-(\d+)\.webp$/.exec(url)?.[1])).toEqual(['500', '800']);
    expect(mediaFiles(response.body.imageUrls[0]!)).toEqual(expect.arrayContaining([expect.stringMatching(/-320\.avif$/)]));
  });

  it('takes a GIF, animated or not, as its first frame', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#c03030'), await frame('#3030c0')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const response = await upload([{ filename: 'spinning-plate.gif', type: 'image/gif', bytes: gif }]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [url] = response.body.imageUrls as [string];
    expect(url).toMatch(/-400\.webp$/);
    const served = await media(url);
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(400);
    // The first frame's red, not the second's blue.
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(100);
  });

  it.each([
    [
      'an SVG',
      {
        filename: 'plate.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
    [
      'a text file named .jpg',
      { filename: 'plate.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, not a picture') },
    ],
    [
      'an HTML page sent as PNG',
      { filename: 'x.png', type: 'image/png', bytes: Buffer.from('<!doctype html><script>alert(1)</script>') },
    ],
  ])('refuses %s: Invalid file type', async (_case, file) => {
    const response = await upload([file]);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid file type');
  });

  it('refuses a truncated JPEG and a pixel bomb without decoding it', async () => {
    const truncated = await upload([
      { filename: 'cut.jpg', type: 'image/jpeg', bytes: photo.subarray(0, Math.floor(photo.length / 2)) },
    ]);
    expect(truncated.status).toBe(400);
    expect(truncated.body.message).toBe('Invalid file type');
    const started = Date.now();
    const bomb = await upload([{ filename: 'bomb.png', type: 'image/png', bytes: pixelBomb() }]);
    expect(bomb.status).toBe(400);
    expect(bomb.body.message).toMatch(/too large|Invalid file type/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses a file of 5 MB + 1 byte with 413 File too large, and a fourth image with the 3-image limit', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    const tooBig = await upload([{ filename: 'big.jpg', type: 'image/jpeg', bytes: big }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/^File too large/);
    const small = await plainPicture(40, 40, '#fff');
    const four = Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.jpg`, type: 'image/jpeg', bytes: small }));
    const tooMany = await upload(four);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Maximum 3 images allowed');
    const wrongField = await upload([{ filename: 'a.jpg', type: 'image/jpeg', bytes: small, field: 'file' }]);
    expect(wrongField.status).toBe(400);
    const json = await admin.post<{ message: string }>('/api/admin/upload-images', { images: [] });
    expect(json.status).toBe(400);
    const body = multipart([{ filename: 'a.jpg', type: 'image/jpeg', bytes: small }]);
    const cut = await admin.request('POST', '/api/admin/upload-images', { ...body, payload: body.payload.subarray(0, 120) });
    expect(cut.status).toBe(400);
  });

  it('deletes an image no product shows; keeps the files of one a product still shows', async () => {
    const shown = await plainPicture(700, 700, '#3c6a8f');
    const spare = await plainPicture(700, 700, '#8f3c6a');
    const uploaded = await upload([
      { filename: 'shown.jpg', type: 'image/jpeg', bytes: shown },
      { filename: 'spare.jpg', type: 'image/jpeg', bytes: spare },
    ]);
    const [shownUrl, spareUrl] = uploaded.body.imageUrls as [string, string];
    const product = await admin.post<AdminProduct>('/api/admin/products', productShowing([shownUrl]));
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(product.body.imageUrl).toBe(shownUrl);

    const kept = await admin.request<{ deleted: boolean }>('DELETE', '/api/admin/delete-image', {
      payload: { imageUrl: shownUrl },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.deleted).toBe(false);
    expect((await media(shownUrl)).statusCode).toBe(200);

    // Named by any of its widths, every file of an image no product shows goes.
    const gone = await admin.request<{ deleted: boolean }>('DELETE', '/api/admin/delete-image', {
      payload: { imageUrl: spareUrl.replace(/-700\.webp$/, '-320.webp') },
    });
    expect(gone.body.deleted).toBe(true);
    for (const name of mediaFiles(spareUrl)) expect((await media(`/media/${name}`)).statusCode).toBe(404);

    const bad = await admin.request('DELETE', '/api/admin/delete-image', { payload: { imageUrl: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    expect((await media('/media/..%2F..%2Fapp-secret')).statusCode).toBe(404);
  });

  it("keeps a shown image's files when asked to delete it by another width, and refuses a width never made", async () => {
    const shown = await plainPicture(1600, 900, '#5a7a3c');
    const uploaded = await upload([{ filename: 'live.jpg', type: 'image/jpeg', bytes: shown }]);
    const [url] = uploaded.body.imageUrls as [string];
    const product = await admin.post('/api/admin/products', productShowing([url]));
    expect(product.status).toBe(201);
    const hash = /([0-9a-f]{20})-1280\.webp$/.exec(url)?.[1];

    const otherWidth = await admin.request<{ deleted: boolean }>('DELETE', '/api/admin/delete-image', {
      payload: { imageUrl: `/media/${hash}-320.webp` },
    });
    expect(otherWidth.status).toBe(200);
    expect(otherWidth.body.deleted).toBe(false);
    for (const wide of ['9999', '1281', '0', '0320']) {
      const never = await admin.request<{ message: string }>('DELETE', '/api/admin/delete-image', {
        payload: { imageUrl: `/media/${hash}-${wide}.webp` },
      });
      expect(never.status, wide).toBe(400);
    }
    await ctx.services.images.settled();
    for (const name of mediaFiles(url)) expect((await media(`/media/${name}`)).statusCode, name).toBe(200);
  });

  it('sends a browser asking for an AVIF file not made yet to the WebP file of that width, uncached', async () => {
    const hash = 'abcdefabcdefabcdef01';
    await ctx.services.images.store.put({ name: `${hash}-640.webp`, contentType: 'image/webp', bytes: Buffer.from('webp') });
    const avif = await media(`/media/${hash}-640.avif`);
    expect(avif.statusCode).toBe(307);
    expect(avif.headers.location).toBe(`/media/${hash}-640.webp`);
    expect(avif.headers['cache-control']).toBe('no-store');
    expect((await media(`/media/${hash}-320.avif`)).statusCode).toBe(404);
    expect((await media(`/media/${hash}-320.webp`)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const visitor = new Client(ctx.app);
    const small = await plainPicture(40, 40, '#fff');
    const response = await visitor.request(
      'POST',
      '/api/admin/upload-images',
      multipart([{ filename: 'a.jpg', type: 'image/jpeg', bytes: small }]),
    );
    expect(response.status).toBe(401);
  });
});
