// A phone photo's upload (`npm run bench -- --upload`): how long POST /api/admin/upload-images takes to answer for a
// 12-megapixel photo, one at a time and three in one call, and how long until every file of it is stored. In-process
// (fastify.inject) on an embedded database, so it measures the server's own work, not the network.
//
// The photo: a real one (autocannon's test JPEG, a street scene) enlarged to 4032 × 3024 with a camera's grain added,
// saved as a 3 MB JPEG with EXIF, which is what a mid-range phone sends.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import sharp from 'sharp';

import { openDatabase } from '#platform/db/client.ts';

import { adminBench } from './admin-app.ts';

const RUNS = 5;
const BOUNDARY = '----bench-upload';

async function phonePhoto(seed: number): Promise<Buffer> {
  const street = createRequire(import.meta.url).resolve('autocannon/test/j5.jpeg');
  const width = 4032;
  const height = 3024;
  const base = await sharp(street).resize(width, height, { fit: 'cover' }).raw().toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128 + seed, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(base.length);
  for (let i = 0; i < base.length; i++) pixels[i] = Math.max(0, Math.min(255, (base[i] ?? 0) + (grain[i] ?? 128) - 128));
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'BenchPhone', Model: 'M12' } })
    .toBuffer();
}

function multipart(photos: Buffer[]): Buffer {
  return Buffer.concat([
    ...photos.flatMap((bytes, i) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="IMG_${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
const database = await openDatabase({ kind: 'pglite-memory' });
try {
  await database.migrate();
  const { app, services, headers, close } = await adminBench(database, dataDir);
  // Every run sends photos never seen before, so no file is already stored.
  let seed = 0;
  const upload = async (count: number) => {
    const photos = await Promise.all(Array.from({ length: count }, () => phonePhoto((seed += 1))));
    const started = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/api/admin/upload-images',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(photos),
    });
    const answered = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`upload answered ${answer.statusCode}: ${answer.body}`);
    await services.images.settled();
    return { answered, stored: performance.now() - started, bytes: photos.reduce((sum, photo) => sum + photo.length, 0) };
  };

  const single = [];
  for (let i = 0; i < RUNS; i++) single.push(await upload(1));
  const triple = await upload(3);
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  console.log('| upload | answered (median of runs) | every file stored |');
  console.log('| --- | --- | --- |');
  console.log(
    `| one photo, ${(median(single.map((run) => run.bytes)) / 1e6).toFixed(1)} MB (${RUNS} runs) | ${seconds(median(single.map((run) => run.answered)))} | ${seconds(median(single.map((run) => run.stored)))} |`,
  );
  console.log(
    `| three photos in one call, ${(triple.bytes / 1e6).toFixed(1)} MB | ${seconds(triple.answered)} | ${seconds(triple.stored)} |`,
  );
  await close();
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
