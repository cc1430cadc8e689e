import { AsyncLocalStorage } from 'node:async_hooks';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

import malayalamFont from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2?url';

import { malayalamMessages, PAGE_MESSAGES_ID, watchMessages } from '#lib/i18n/translate.ts';

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** The head's first tag (app/root.tsx): the font's preload follows it, the character set staying first. */
const CHARSET = '<meta charSet="utf-8"/>';
const BODY_END = '</body>';
/** The Malayalam font of app.css, the one weight it has. */
const FONT_PRELOAD = `<link rel="preload" href="${malayalamFont}" as="font" type="font/woff2" crossorigin=""/>`;

/** The Malayalam messages the page being drawn asks for: each render has its own set. */
const pageMessageIds = new AsyncLocalStorage<Set<string>>();
watchMessages((id) => pageMessageIds.getStore()?.add(id));

/**
 * Draws a page noting in `messageIds` (a Malayalam page's) the messages it asks for, which `pageHtml` then writes into
 * it: the browser hydrates the page with these instead of loading the whole catalogue first (lib/i18n/translate.ts,
 * docs/malayalam.md).
 */
export const drawNotingMessages = <T>(messageIds: Set<string> | undefined, draw: () => T): T =>
  messageIds ? pageMessageIds.run(messageIds, draw) : draw();

/** The page's messages as JSON in a script element, `<` escaped so no text inside can end it. */
function pageMessagesScript(ids: Set<string>): string {
  const json = JSON.stringify(malayalamMessages(ids)).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_MESSAGES_ID}">${json}</script>`;
}

/**
 * The page's HTML as the browser gets it:
 * - Without React Router's `<link rel="modulepreload">` tags (48 on the home page). On a phone's connection they were
 *   fetched first, all at high priority, ahead of the images, and the first paint waited for the scripts they
 *   brought: Lighthouse mobile put the home page's first paint at 5.4 s with them and 1.2-1.8 s without
 *   (docs/benchmarks.md). The scripts still load, from the page's module script, once the page is showing.
 * - With `messageIds`, a Malayalam page's messages before `</body>`: React writes it once everything is drawn, so by
 *   then the set is whole.
 * - With `messageIds`, the Malayalam font's preload early in the head: found only once the styles were laid out, the
 *   font came after the first paint and the text drawn meanwhile moved when it came (Lighthouse: a layout shift of
 *   0.195 on /ml/products, 0 with it). Written here, not by React, so no page's scripts carry its address; hydration
 *   passes over a tag in the head it did not draw.
 */
export function pageHtml(messageIds?: Set<string>): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let fontAsked = !messageIds;
  const rewrite = (text: string) => {
    let html = text.replace(PRELOAD, '');
    if (!fontAsked && html.includes(CHARSET)) {
      html = html.replace(CHARSET, CHARSET + FONT_PRELOAD);
      fontAsked = true;
    }
    return messageIds ? html.replace(BODY_END, `${pageMessagesScript(messageIds)}${BODY_END}`) : html;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      // A tag cut by the chunk's end waits for the rest.
      const open = text.lastIndexOf('<');
      const cut = open !== -1 && text.indexOf('>', open) === -1 ? open : text.length;
      held = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(held + decoder.end()));
    },
  });
}
