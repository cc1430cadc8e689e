import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createNonce } from '../http/security-headers.ts';
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

  it('compresses about as well as gzipping the whole page', () => {
    const rendered = createNonce();
    const whole = zlib.gzipSync(page(rendered), { level: 9 }).length;
    const spliced = new NoncedBody(Buffer.from(page(rendered)), rendered).gzip(createNonce()).length;
    // Each nonce costs its own 24 bytes plus a 5-byte block header, and each part a little Huffman table.
    expect(spliced).toBeLessThan(whole * 1.25 + 11 * 29);
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
    expect(zlib.gunzipSync(new NoncedBody(Buffer.from(text), rendered).gzip(fresh)).toString()).toBe(text.replaceAll(rendered, fresh));
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
