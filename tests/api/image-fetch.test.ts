// A photo's address from anywhere (the product dialog's image URL), on both databases: the server fetches it once
// through the upload's pipeline from a web server this test runs on 127.0.0.1 (allowed for tests only), follows
// redirects, and refuses what is not a photo, too large, too slow, a loop, or not on the public internet: loopback,
// private, link-local and metadata addresses, written in the URL, reached by a redirect, or among the addresses a name
// resolves to. A production process refuses 127.0.0.1 and cannot be started with the tests' allowance.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { isPublicAddress } from '#platform/images/addresses.ts';
import { RemoteImages } from '#platform/images/remote.ts';
import { createServices } from '#server/services.ts';
import { Client, createAccount, STRONG_PASSWORD } from '#tests/support/accounts.ts';
import { createTestApp, databaseKinds, suiteApp, testConfig } from '#tests/support/databases.ts';
import { productShowing } from '#tests/support/factories.ts';

const MB = 1024 * 1024;
let site: http.Server;
let origin: string;
let photo: Buffer;

beforeAll(async () => {
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a6a3c' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SupplierCam' } })
    .toBuffer();
  site = http.createServer((request, response) => {
    const send = (status: number, type: string, body: Buffer | string, headers: http.OutgoingHttpHeaders = {}) =>
      response.writeHead(status, { 'content-type': type, ...headers }).end(body);
    switch (request.url) {
      case '/photo.jpg':
        return send(200, 'image/jpeg', photo);
      case '/photo-without-type':
        return send(200, 'application/octet-stream', photo);
      case '/moved':
        return send(302, 'text/plain', '', { location: '/photo.jpg' });
      case '/loop':
        return send(302, 'text/plain', '', { location: '/loop' });
      case '/to-metadata':
        return send(302, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' });
      case '/page':
        return send(200, 'text/html; charset=utf-8', '<!doctype html><img src="/photo.jpg">');
      case '/drawing.svg':
        return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case '/declared-large':
        return send(200, 'image/jpeg', Buffer.alloc(5 * MB + 1));
      case '/streamed-large': {
        // No length given: the limit is counted as the bytes arrive.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(MB);
        for (let i = 0; i < 6; i++) response.write(chunk);
        return response.end();
      }
      case '/slow':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.write(photo.subarray(0, 100));
      default:
        return send(404, 'text/plain', 'no such photo');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

describe.each(databaseKinds())('a photo fetched from its address on %s', (kind) => {
  let admin: Client;

  const ctx = suiteApp(kind, { allowLoopbackImageAddresses: true });
  beforeAll(async () => {
    await ctx.services.mail.stop();
    await createAccount(ctx.services, { username: 'staff_admin', role: 'admin' });
    admin = new Client(ctx.app);
    await admin.signIn('staff_admin', STRONG_PASSWORD);
  });

  const fetchImage = (url: unknown) =>
    admin.post<{ imageUrls: string[]; storage: string; message: string }>('/api/admin/fetch-image', { url });

  it('keeps it as an upload: its own files under /media/, without EXIF, shown by a product like any upload', async () => {
    const answer = await fetchImage(`${origin}/photo.jpg`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.storage).toBe('local');
    const [url] = answer.body.imageUrls as [string];
    expect(url).toMatch(/^\/media\/[0-9a-f]{20}-900\.webp$/);
    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SupplierCam'))).toBe(false);

    const product = await admin.post<{ imageUrl: string }>('/api/admin/products', productShowing([url]));
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(product.body.imageUrl).toBe(url);
  });

  it('follows a redirect, and reads the type from the bytes, not the header', async () => {
    for (const path of ['/moved', '/photo-without-type']) {
      const answer = await fetchImage(`${origin}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.body.imageUrls[0]).toMatch(/-900\.webp$/);
    }
  });

  it.each([
    ['a page', '/page', 400, 'That address is a web page'],
    ['an SVG', '/drawing.svg', 400, 'Invalid file type'],
    ['a missing photo', '/nothing-here.jpg', 400, 'The address answered 404, not a photo'],
    ['a redirect loop', '/loop', 400, 'The address redirects too many times'],
    ['a redirect to the metadata service', '/to-metadata', 400, 'That address is not on the public internet'],
    ['a file declared over 5 MB', '/declared-large', 413, 'The photo is larger than 5 MB'],
    ['a file streamed past 5 MB', '/streamed-large', 413, 'The photo is larger than 5 MB'],
  ])('refuses %s', async (_case, path, status, message) => {
    const answer = await fetchImage(`${origin}${path}`);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(message);
  });

  it.each([
    ['a private address', 'http://10.0.0.1/photo.jpg', 'not on the public internet'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', 'not on the public internet'],
    ['the metadata service over IPv6', 'http://[fd00:ec2::254]/', 'not on the public internet'],
    ['an IPv4 address inside IPv6', 'http://[::ffff:10.0.0.1]/photo.jpg', 'not on the public internet'],
    ['a private address as one number', 'http://167772161/photo.jpg', 'not on the public internet'],
    ['another scheme', 'file:///etc/passwd', "Give the photo's full address"],
    ['a user name and password', 'https://user:secret@example.com/a.jpg', 'must not hold a user name or password'],
    ['no address', '', "Give the photo's full address"],
    ['a number', 42, "'url' must be a string"],
  ])('refuses %s before anything is fetched', async (_case, url, message) => {
    const answer = await fetchImage(url);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
  });

  it('is for administrators only, with the CSRF token', async () => {
    const visitor = new Client(ctx.app);
    expect((await visitor.post('/api/admin/fetch-image', { url: `${origin}/photo.jpg` })).status).toBe(401);
    expect((await admin.post('/api/admin/fetch-image', { url: `${origin}/photo.jpg` }, { csrf: false })).status).toBe(403);
  });
});

describe('the fetch itself', () => {
  const remote = (options: Partial<ConstructorParameters<typeof RemoteImages>[0]> = {}) =>
    new RemoteImages({ maxBytes: 5 * MB, allowLoopback: true, ...options });

  it('gives up on an address that does not finish sending in time', async () => {
    await expect(remote({ timeoutMs: 300 }).fetch(`${origin}/slow`)).rejects.toThrow(
      'The address did not send the photo within 0.3 seconds',
    );
  });

  it('refuses a name when any address it resolves to is not public, and connects to none of them', async () => {
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((
      _host: string,
      _options: unknown,
      callback: (error: null, addresses: dns.LookupAddress[]) => void,
    ) =>
      callback(null, [
        { address: '93.184.215.14', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ])) as unknown as typeof dns.lookup);
    try {
      await expect(remote().fetch('http://photos.supplier.example/bowl.jpg')).rejects.toThrow('not on the public internet');
      expect(lookup).toHaveBeenCalledWith('photos.supplier.example', expect.anything(), expect.any(Function));
    } finally {
      lookup.mockRestore();
    }
  });

  it('tells public addresses from the rest', () => {
    for (const ip of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'not an address',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    // The tests' allowance opens loopback and nothing else.
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('169.254.169.254', { allowLoopback: true })).toBe(false);
  });
});

describe('in production', () => {
  afterAll(() => vi.unstubAllEnvs());

  it('refuses this machine (127.0.0.1, and a name for it), and will not start with the tests’ allowance', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const production = new RemoteImages({ maxBytes: 5 * MB });
    await expect(production.fetch(`${origin}/photo.jpg`)).rejects.toThrow('not on the public internet');
    const port = new URL(origin).port;
    await expect(production.fetch(`http://localhost:${port}/photo.jpg`)).rejects.toThrow('not on the public internet');
    expect(() => new RemoteImages({ maxBytes: 5 * MB, allowLoopback: true })).toThrow('for tests only');
    const ctx = await createTestApp('pglite', { seed: false });
    try {
      expect(() =>
        createServices(ctx.database.db, testConfig(ctx.config.dataDir), { allowLoopbackImageAddresses: true }),
      ).toThrow('for tests only');
    } finally {
      await ctx.close();
    }
  });
});
