import zlib from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { createNonce } from '#platform/http/security-headers.ts';

import { NoncedBody } from './nonced-body.ts';

/** A page like React Router's: the nonce in the head, in JSON-LD mid-page, and on many scripts at the end. */
function page(nonce: string, filler = 40_000): string {
  const text = Array.from({ length: filler / 40 }, (_, i) => `<p class="card">Areca plate ${i} of ${nonce.length}</p>`).join('');
  return (
    `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css" nonce="${nonce}"/></head><body>` +
    `<script type="application/ld+json" nonce="${nonce}">{"name":"Plate"}</script>${text}` +
    Array.from({ length: 8 }, (_, i) => `<script nonce="${nonce}">window.x${i}=${i}</script>`).join('') +
    `<script nonce="${nonce}">$RC("B:1","S:1")</script></body></html>`
  );
}

describe('NoncedBody', () => {
  it('puts the new nonce in place of every occurrence of the rendered one', () => {
    const rendered = createNonce();
    const body = new NoncedBody(Buffer.from(page(rendered)), rendered);
    expect(body.nonceCount).toBe(11);
    const fresh = createNonce();
    const text = body.identity(fresh).toString();
    expect(text).toBe(page(fresh));
    expect(text).not.toContain(rendered);
  });

  it('gzips to exactly the page with the new nonce, for any nonce, again and again', () => {
    const rendered = createNonce();
    const body = new NoncedBody(Buffer.from(page(rendered)), rendered);
    for (let i = 0; i < 5; i++) {
      const fresh = createNonce();
      const gzip = body.gzip(fresh);
      expect(zlib.gunzipSync(gzip).toString()).toBe(page(fresh));
      expect(gzip.includes(Buffer.from(rendered))).toBe(false);
    }
  });

  it('compresses about as well as gzipping the whole page: most nonces are back-references', () => {
    const rendered = createNonce();
    const body = new NoncedBody(Buffer.from(page(rendered)), rendered);
    const whole = zlib.gzipSync(page(rendered), { level: 9 }).length;
    const spliced = body.gzip(createNonce()).length;
    // Stored: the first nonce, and the first after the 40 KB of text (out of reach of a back-reference).
    expect(body.storedNonceCount).toBe(2);
    expect(spliced).toBeLessThan(whole * 1.03 + 30);
  });

  it('stores every nonce that is further than the deflate window from the one before', () => {
    const rendered = createNonce();
    const far = 'x'.repeat(20_000) + 'y'.repeat(20_000);
    const text = `<script nonce="${rendered}"></script>${far}<script nonce="${rendered}"></script>a<script nonce="${rendered}"></script>`;
    const body = new NoncedBody(Buffer.from(text), rendered);
    const fresh = createNonce();
    expect(zlib.gunzipSync(body.gzip(fresh)).toString()).toBe(text.replaceAll(rendered, fresh));
    expect(body.storedNonceCount).toBe(2);
  });

  it('stores every nonce, without dictionaries, when no byte is left for a placeholder', () => {
    const rendered = createNonce();
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const identity = Buffer.concat([
      everyByte,
      Buffer.from(`<script nonce="${rendered}">a</script><p nonce="${rendered}">`),
      everyByte,
    ]);
    const body = new NoncedBody(identity, rendered);
    const fresh = createNonce();
    expect(zlib.gunzipSync(body.gzip(fresh)).equals(body.identity(fresh))).toBe(true);
    expect(body.identity(fresh).toString('latin1')).toBe(identity.toString('latin1').replaceAll(rendered, fresh));
    expect(body.storedNonceCount).toBe(2);
  });

  it('stays correct for pages longer than the deflate window and parts that repeat the page before them', () => {
    const rendered = createNonce();
    const repeated = page(rendered, 80_000) + page(rendered, 80_000).replace('<!DOCTYPE html>', '');
    const body = new NoncedBody(Buffer.from(repeated), rendered);
    const fresh = createNonce();
    expect(zlib.gunzipSync(body.gzip(fresh)).toString()).toBe(repeated.replaceAll(rendered, fresh));
  });

  it('stays correct when the page contains NUL bytes (no dictionaries then)', () => {
    const rendered = createNonce();
    const text = `a\u0000b<script nonce="${rendered}">x</script>${'c'.repeat(2000)}<script nonce="${rendered}">y</script>`;
    const fresh = createNonce();
    expect(zlib.gunzipSync(new NoncedBody(Buffer.from(text), rendered).gzip(fresh)).toString()).toBe(
      text.replaceAll(rendered, fresh),
    );
  });

  it('handles a page that starts or ends with the nonce, or holds it twice in a row', () => {
    const rendered = createNonce();
    const text = `${rendered}${rendered}middle${'m'.repeat(1500)}${rendered}`;
    const body = new NoncedBody(Buffer.from(text), rendered);
    const fresh = createNonce();
    expect(body.identity(fresh).toString()).toBe(`${fresh}${fresh}middle${'m'.repeat(1500)}${fresh}`);
    expect(zlib.gunzipSync(body.gzip(fresh)).toString()).toBe(body.identity(fresh).toString());
  });

  it('refuses a nonce of another length', () => {
    const rendered = createNonce();
    const body = new NoncedBody(Buffer.from(page(rendered)), rendered);
    expect(() => body.identity('short')).toThrow(/24 bytes/);
  });
});
