import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * The page's HTML without React Router's `<link rel="modulepreload">` tags (48 on the home page). On a phone's
 * connection they were fetched first, all at high priority, ahead of the images, and the first paint waited for the
 * scripts they brought: Lighthouse mobile put the home page's first paint at 5.4 s with them and 1.2-1.8 s without
 * (docs/benchmarks.md). The scripts still load, from the page's module script, once the page is showing.
 */
export function withoutModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      // A tag cut by the chunk's end waits for the rest.
      const open = text.lastIndexOf('<');
      const cut = open !== -1 && text.indexOf('>', open) === -1 ? open : text.length;
      held = text.slice(cut);
      callback(null, text.slice(0, cut).replace(PRELOAD, ''));
    },
    flush(callback) {
      callback(null, (held + decoder.end()).replace(PRELOAD, ''));
    },
  });
}
