// The JavaScript each page makes the browser load at once, summed gzip-compressed against its aim.
import zlib from 'node:zlib';

import { KB, kb, printTable } from './format.ts';
import { get } from './http.ts';
import type { Options } from './options.ts';
import { firstLoadScripts, staticImports } from './page-scripts.ts';
import { checkInterrupted } from './processes.ts';
import { build, startApp } from './servers.ts';

const JS_ROUTES = ['/', '/products', '/products/1'];
/** Issue 39: at most 130 KB gzip on each page before its first tap (tests/e2e/first-load-js.test.ts holds the ceiling reached). */
export const FIRST_LOAD_JS_AIM_BYTES = 130_000;

interface ScriptInfo {
  rawBytes: number;
  gzipBytes: number;
  /** What the server sent to a browser that accepts gzip, when it did compress. */
  servedGzipBytes: number | null;
  /** The absolute URLs it imports statically. */
  imports: string[];
}

export interface ScriptFile {
  path: string;
  via: string[];
  rawBytes: number;
  gzipBytes: number;
  servedGzipBytes: number | null;
}

export interface RouteJs {
  route: string;
  files: ScriptFile[];
  totalGzipBytes: number;
  totalRawBytes: number;
  aimBytes: number;
  aimMet: boolean;
}

export async function measureFirstLoadJs(base: string, verbose: boolean): Promise<{ routes: RouteJs[]; failures: string[] }> {
  const cache = new Map<string, ScriptInfo>();
  const failures: string[] = [];
  const fetchScript = async (url: string): Promise<ScriptInfo> => {
    const cached = cache.get(url);
    if (cached) return cached;
    const plain = await get(url);
    if (plain.status !== 200) throw new Error(`GET ${url} answered ${plain.status}`);
    const gzipped = await get(url, { headers: { 'accept-encoding': 'gzip' } });
    const info: ScriptInfo = {
      rawBytes: plain.body.length,
      gzipBytes: zlib.gzipSync(plain.body, { level: 9 }).length,
      servedGzipBytes: gzipped.headers['content-encoding'] === 'gzip' ? gzipped.body.length : null,
      // Only paths: a bare specifier ("react-router/dom") in built code is text in a string or a
      // comment, since browsers cannot load it without an import map.
      imports: staticImports(plain.body.toString('utf8'))
        .filter((s) => /^(\.{1,2})?\//.test(s))
        .map((s) => new URL(s, url).href),
    };
    cache.set(url, info);
    return info;
  };

  const routes: RouteJs[] = [];
  for (const route of JS_ROUTES) {
    checkInterrupted();
    const page = await get(base + route);
    if (page.status !== 200) {
      failures.push(`first-load JS: GET ${route} answered ${page.status}`);
      continue;
    }
    const scripts = firstLoadScripts(page.body.toString('utf8'), base + route);
    // Whatever those modules import statically loads at once too (Vite lists it in modulepreload
    // links; anything found only here is reported as not preloaded).
    const queue = [...scripts.keys()];
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      let info: ScriptInfo;
      try {
        info = await fetchScript(url);
      } catch (error) {
        failures.push(`first-load JS for ${route}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      for (const imported of info.imports) {
        if (!scripts.has(imported)) {
          scripts.set(imported, new Set([`static import (not preloaded) from ${new URL(url).pathname}`]));
          queue.push(imported);
        }
      }
    }
    const files = [...scripts]
      .flatMap(([url, via]): ScriptFile[] => {
        const info = cache.get(url);
        if (!info) return [];
        const { rawBytes, gzipBytes, servedGzipBytes } = info;
        return [{ path: new URL(url).pathname, via: [...via], rawBytes, gzipBytes, servedGzipBytes }];
      })
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    const totalRawBytes = files.reduce((sum, f) => sum + f.rawBytes, 0);
    routes.push({
      route,
      files,
      totalGzipBytes,
      totalRawBytes,
      aimBytes: FIRST_LOAD_JS_AIM_BYTES,
      aimMet: totalGzipBytes <= FIRST_LOAD_JS_AIM_BYTES,
    });
  }

  console.log('\nFirst-load JavaScript (gzip level 9, KB = 1,000 bytes):');
  printTable(['route', 'files', 'raw KB', 'gzip KB', 'aim'], firstLoadJsRows(routes), ['l', 'r', 'r', 'r', 'l']);
  const unpreloaded = routes.flatMap((r) =>
    r.files.filter((f) => f.via.some((v) => v.startsWith('static import'))).map((f) => `${r.route}: ${f.path}`),
  );
  if (unpreloaded.length > 0) console.log(`Loaded at once but not preloaded: ${unpreloaded.join(', ')}`);
  if (verbose) {
    for (const r of routes) {
      console.log(`\n${r.route}`);
      printTable(
        ['file', 'raw KB', 'gzip KB', 'served .gz KB', 'found by'],
        r.files.map((f) => [
          f.path,
          kb(f.rawBytes),
          kb(f.gzipBytes),
          f.servedGzipBytes === null ? '-' : kb(f.servedGzipBytes),
          f.via.join(', '),
        ]),
        ['l', 'r', 'r', 'r', 'l'],
      );
    }
  }
  return { routes, failures };
}

/** Per route: how many files, their raw and gzip size, the aim and whether it is met. */
export function firstLoadJsRows(routes: readonly RouteJs[]): string[][] {
  return routes.map((r) => [
    r.route,
    String(r.files.length),
    kb(r.totalRawBytes),
    kb(r.totalGzipBytes),
    `≤ ${FIRST_LOAD_JS_AIM_BYTES / KB} ${r.aimMet ? '✓' : '✗'}`,
  ]);
}

/** `--js`: only the first-load JavaScript of the public pages, without the load tests. */
export async function runFirstLoadJs(options: Options): Promise<boolean> {
  await build(options.verbose);
  const app = await startApp(options);
  const js = await measureFirstLoadJs(app.base, options.verbose);
  for (const failure of js.failures) console.error(failure);
  return js.failures.length === 0;
}
