import '#platform/i18n/translator.ts';

import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';

import { describe, expect, it } from 'vitest';

import { malayalamI18n } from '#lib/i18n/malayalam.ts';
import catalogue from '#lib/i18n/messages/ml.ts';
import { translator } from '#lib/i18n/translate.ts';

import { drawNotingMessages, pageHtml } from './page-html.server.ts';

const PAGE =
  '<html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.client-x.js" nonce="n"/>' +
  '<title>Plates · ₹ 1,250</title><link rel="modulepreload" href="/assets/root-y.js"/></head>' +
  '<body><p>Areca leaf</p><script type="module" async="">import "/assets/root-y.js";</script></body></html>';
const WITHOUT =
  '<html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/a.css"/><title>Plates · ₹ 1,250</title></head>' +
  '<body><p>Areca leaf</p><script type="module" async="">import "/assets/root-y.js";</script></body></html>';

/** The Malayalam font's preload, as a Malayalam page's head starts. */
const FONT =
  /<link rel="preload" href="[^"]*noto-sans-malayalam-malayalam-400-normal[^"]*\.woff2" as="font" type="font\/woff2" crossorigin=""\/>/;

const through = (chunks: Buffer[], messageIds?: Set<string>) => text(Readable.from(chunks).pipe(pageHtml(messageIds)));

describe('pageHtml', () => {
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

describe("a Malayalam page's messages", () => {
  const t = translator('ml');
  const messagesIn = (html: string) => {
    const json = /<script type="application\/json" id="page-messages">([^<]*)<\/script><\/body><\/html>$/.exec(html)?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
  };

  it('notes the messages a draw asks for, its later steps included, and no other draw’s', async () => {
    const mine = new Set<string>();
    const drawn = drawNotingMessages(mine, async () => {
      t('Home');
      await new Promise((resolve) => setImmediate(resolve));
      return t('Contact');
    });
    t('About');
    drawNotingMessages(undefined, () => t('Products'));
    expect(await drawn).toBe(malayalamI18n(catalogue)._('Contact'));
    expect([...mine]).toEqual(['Home', 'Contact']);
    expect(catalogue.Contact).toBeDefined();
  });

  it('are written before </body> in their compiled form, and the font asked for early in the head, at every cut', async () => {
    const ids = new Set(['Home', 'Contact', 'Not a message of the shop']);
    const bytes = Buffer.from(PAGE);
    for (let at = 1; at < bytes.length; at += 7) {
      const html = await through([bytes.subarray(0, at), bytes.subarray(at)], ids);
      expect(html.replace(/<script type="application\/json"[^]*<\/script>/, '').replace(FONT, ''), `cut at ${at}`).toBe(WITHOUT);
      expect(messagesIn(html), `cut at ${at}`).toEqual({ Home: catalogue.Home, Contact: catalogue.Contact });
      expect(html.match(new RegExp(FONT.source, 'g')), `cut at ${at}`).toHaveLength(1);
      expect(html.startsWith('<html><head><meta charSet="utf-8"/><link rel="preload"'), `cut at ${at}`).toBe(true);
    }
  });

  it('an English page carries none, nor the font', async () => {
    const html = await through([Buffer.from(PAGE)]);
    expect(messagesIn(html)).toBeUndefined();
    expect(html).not.toMatch(FONT);
  });
});
