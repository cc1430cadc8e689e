import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { describe, expect, it } from 'vitest';

import { withoutModulePreloads } from './without-module-preloads.server.ts';

const PAGE =
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n"/>' +
  '<title>Plates · ₹ 1,250</title><link rel="modulepreload" href="/assets/root-y.js"/></head>' +
  '<body><p>Areca leaf</p><script type="module" async="">import "/assets/root-y.js";</script></body></html>';
const WITHOUT =
  '<html><head><link rel="stylesheet" href="/a.css"/><title>Plates · ₹ 1,250</title></head>' +
  '<body><p>Areca leaf</p><script type="module" async="">import "/assets/root-y.js";</script></body></html>';

const through = (chunks: Buffer[]) => text(Readable.from(chunks).pipe(withoutModulePreloads()));

describe('withoutModulePreloads', () => {
  it('drops the module preloads and keeps everything else, the scripts included', async () => {
    expect(await through([Buffer.from(PAGE)])).toBe(WITHOUT);
  });

  it('drops a preload cut across chunks, at every possible cut, and never splits a character', async () => {
    const bytes = Buffer.from(PAGE);
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)]), `cut at ${at}`).toBe(WITHOUT);
    }
  });

  it('passes a page with no preloads unchanged, one byte at a time', async () => {
    const bytes = Buffer.from(WITHOUT);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(WITHOUT);
  });
});
