import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

import { offlineAssets } from '#scripts/offline-assets.ts';
import { storefrontChunk } from '#scripts/storefront-chunk.ts';

/**
 * Zod 4 probes for eval (`new Function('')`) when it creates its first object schema, to compile fast parsers.
 * Under the pages' CSP (no 'unsafe-eval') the probe fails harmlessly but is reported as a CSP violation. Zod's
 * `jitless` setting skips the probe; it must be set before the first schema exists, so it is set where Zod
 * creates its global config, in the browser bundle only (the server keeps the fast parsers). See
 * docs/decisions/063-security-headers-and-the-pages-csp.md.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'zod-without-eval',
    transform(code, _id, options) {
      if (options?.ssr || !code.includes('__zod_globalConfig')) return null;
      return { code: `globalThis.__zod_globalConfig ??= { jitless: true };${code}`, map: null };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), zodWithoutEval(), offlineAssets(), storefrontChunk()],
  build: { target: 'es2022' },
});
