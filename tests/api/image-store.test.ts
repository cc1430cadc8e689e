// Where uploaded images live: the local store and the S3-compatible one keep the same contract,
// the latter tested against a real server speaking S3 (s3rver, a dev dependency, run here on a free port); with
// IMAGE_STORE_URL set an upload lands in the bucket, not on the disk, and another app process serves it.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text } from 'node:stream/consumers';

import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mediaFiles } from '#lib/images.ts';
import { ImageLibrary } from '#platform/images/library.ts';
import { type ImageStore, LocalImageStore, S3ImageStore } from '#platform/images/store.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { DAY, HOUR } from '#tests/support/clock.ts';
import { createTestApp, type TestApp } from '#tests/support/databases.ts';
import { multipart, plainPicture } from '#tests/support/multipart.ts';
import { tempDirs } from '#tests/support/temp-dirs.ts';

const BUCKET = 'product-images';
/** The apps' own bucket: what the store contract tests leave behind is not theirs to sweep. */
const APP_BUCKET = 'shop-images';
let server: S3rver;
let storeUrl: string;
let appStoreUrl: string;
// Made first, so that its clean-up runs after the server that writes in one of them has stopped.
const tempDir = tempDirs('image-store-', { until: 'all' });

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: tempDir(),
    configureBuckets: [BUCKET, APP_BUCKET].map((name) => ({ name, configs: [] })),
  });
  const { port } = (await server.run()) as AddressInfo;
  storeUrl = `http://S3RVER:S3RVER@127.0.0.1:${port}/${BUCKET}`;
  appStoreUrl = `http://S3RVER:S3RVER@127.0.0.1:${port}/${APP_BUCKET}`;
});
afterAll(async () => {
  await server?.close();
});

const NAME = '0123456789abcdef0123-320.webp';
const file = { name: NAME, contentType: 'image/webp', bytes: Buffer.from('RIFF....WEBP pretend bytes') };

describe.each([
  ['local disk', () => new LocalImageStore(tempDir())],
  ['S3-compatible storage', () => new S3ImageStore(storeUrl)],
])('the %s store', (_name, open: () => ImageStore) => {
  it('keeps a file, streams it back with its type and size, and deletes it', async () => {
    const store = open();
    expect(await store.get(NAME)).toBeNull();
    expect(await store.has(NAME)).toBe(false);
    await store.put(file);
    expect(await store.has(NAME)).toBe(true);
    const stored = await store.get(NAME);
    expect(stored).toMatchObject({ contentType: 'image/webp', size: file.bytes.length });
    expect(await text(stored!.body)).toBe(file.bytes.toString());
    await store.delete([NAME, 'ffffffffffffffffffff-320.avif']);
    expect(await store.get(NAME)).toBeNull();
  });

  it("lists the image files under a prefix with when they were written, leaving out what is not an image's file", async () => {
    const store = open();
    const started = Date.now();
    const other = 'fedcba9876543210fedc-640.avif';
    for (const name of [NAME, other, 'notes.txt']) await store.put({ ...file, name });
    const listed = async (prefix?: string) => {
      const entries = [];
      for await (const entry of store.list(prefix)) entries.push(entry);
      return entries.sort((a, b) => a.name.localeCompare(b.name));
    };
    expect((await listed()).map((entry) => entry.name)).toEqual([NAME, other]);
    const [only] = await listed('fedcba9876543210fedc-');
    expect(only?.name).toBe(other);
    // S3 keeps whole seconds.
    expect(only!.modified.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(only!.modified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await listed('0000')).toEqual([]);
  });
});

describe('with IMAGE_STORE_URL', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp('pglite', { config: { imageStoreUrl: appStoreUrl } });
    second = await createTestApp('pglite', { config: { imageStoreUrl: appStoreUrl } });
    await createAccount(first.services, { username: 'staff_admin', role: 'admin' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  /** A signed-in admin of the first process, and its upload of one JPEG photo of this size and colour. */
  const uploadPhoto = async (filename: string, width: number, background: string) => {
    const admin = new Client(first.app);
    await admin.signIn('staff_admin', STRONG_PASSWORD);
    const bytes = await plainPicture(width, 500, background);
    const uploaded = await admin.request<{ imageUrls: string[]; storage: string }>(
      'POST',
      '/api/admin/upload-images',
      multipart([{ filename, type: 'image/jpeg', bytes }]),
    );
    return { admin, uploaded };
  };

  it('an upload lands in the bucket, not on the disk; another process serves it; delete removes it from the bucket', async () => {
    const { admin, uploaded } = await uploadPhoto('bowl.jpg', 700, '#7a9a55');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.storage).toBe('s3');
    const [url] = uploaded.body.imageUrls as [string];
    expect(fs.existsSync(path.join(first.config.dataDir, 'uploads'))).toBe(false);

    const served = await second.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(700);

    const removed = await admin.request<{ deleted: boolean }>('DELETE', '/api/admin/delete-image', {
      payload: { imageUrl: url },
    });
    expect(removed.body.deleted).toBe(true);
    for (const name of mediaFiles(url))
      expect((await second.app.inject({ method: 'GET', url: `/media/${name}` })).statusCode).toBe(404);
  });

  it('sweeps the files of a photo no product shows out of the bucket once it is a day old', async () => {
    const { uploaded } = await uploadPhoto('unsaved.jpg', 500, '#5a3c7a');
    const [url] = uploaded.body.imageUrls as [string];
    await first.services.images.settled();
    const { store } = first.services.images;
    const hashesInUse = () => first.services.productAdmin.imageHashesInUse();
    // The bucket dates its objects by the real clock: the sweep is run as if a day had passed, or not.
    const at = (ms: number) => new ImageLibrary(store, { hashesInUse, now: () => new Date(Date.now() + ms) });
    expect(await at(0).sweep()).toEqual({ images: 0, files: 0 });
    expect(await at(DAY + HOUR).sweep()).toEqual({ images: 1, files: mediaFiles(url).length });
    for (const name of mediaFiles(url)) expect(await store.has(name)).toBe(false);
  });
});
