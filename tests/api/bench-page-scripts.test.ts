// The bench's reading of a page's HTML: which JavaScript the browser loads at once. Pages are built as React Router
// builds them (an inline module script importing the routes, the entry through import()).
import { describe, expect, it } from 'vitest';

import { attributes, dynamicImports, firstLoadScripts, staticImports } from '#scripts/bench/page-scripts.ts';

const PAGE_URL = 'http://127.0.0.1:4000/products/1';

describe('attributes', () => {
  it('reads double-, single- and unquoted values, lower-cases names and decodes entities', () => {
    expect(attributes(` REL="modulepreload" href='/assets/a.js?x=1&amp;y=2' crossorigin nonce=abc`)).toEqual({
      rel: 'modulepreload',
      href: '/assets/a.js?x=1&y=2',
      crossorigin: '',
      nonce: 'abc',
    });
  });

  it('decodes quotes and angle brackets', () => {
    expect(attributes(`title="&quot;Areca&quot; &#39;plates&#x27; &lt;10&gt;"`)).toEqual({ title: `"Areca" 'plates' <10>` });
  });
});

describe('staticImports', () => {
  it('finds import … from, bare imports and export … from, but not import()', () => {
    const code = [
      'import * as route0 from "/assets/root-x.js";',
      "import{j as e}from'./jsx-runtime-y.js';",
      'import "./side-effect.js";',
      'export { a, b as c } from "./re-export.js";',
      'export * from "./all.js";',
      'const later = import("./lazy.js");',
      'thing.import("./not-a-module.js");',
    ].join('\n');
    expect(staticImports(code)).toEqual([
      '/assets/root-x.js',
      './jsx-runtime-y.js',
      './side-effect.js',
      './re-export.js',
      './all.js',
    ]);
  });

  it('ignores words that only contain import or export', () => {
    expect(staticImports('const reimport = "a"; myexport("b"); $import("c");')).toEqual([]);
  });
});

describe('dynamicImports', () => {
  it('finds import() with a literal string only', () => {
    expect(dynamicImports('import("/assets/entry.client-z.js"); import(variable); a.import("./no.js")')).toEqual([
      '/assets/entry.client-z.js',
    ]);
  });
});

describe('firstLoadScripts', () => {
  it('collects module preloads, script sources and the inline module script’s imports as absolute URLs', () => {
    const html =
      '<html><head><link rel="stylesheet" href="/a.css"><link rel="modulepreload" href="/assets/chunk-a.js">' +
      '<link rel="preload modulepreload" href="../assets/chunk-b.js"></head><body>' +
      '<script type="application/ld+json">{"import":"x"}</script>' +
      '<script nonce="n">window.__ctx = {};</script>' +
      '<script src="/assets/classic.js"></script>' +
      '<script type="module" src="/assets/chunk-a.js"></script>' +
      '<script type="importmap" src="/assets/map.json"></script>' +
      '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-r.js";\n' +
      'import("/assets/entry.client-e.js");</script>' +
      '<script src="data:text/javascript,1"></script></body></html>';
    const found = firstLoadScripts(html, PAGE_URL);
    expect(Object.fromEntries([...found].map(([url, via]) => [url, [...via]]))).toEqual({
      'http://127.0.0.1:4000/assets/chunk-a.js': ['modulepreload', 'script src'],
      'http://127.0.0.1:4000/assets/chunk-b.js': ['modulepreload'],
      'http://127.0.0.1:4000/assets/classic.js': ['script src'],
      'http://127.0.0.1:4000/assets/root-r.js': ['inline import'],
      'http://127.0.0.1:4000/assets/entry.client-e.js': ['inline import()'],
    });
  });

  it('finds nothing on a page without scripts', () => {
    expect(firstLoadScripts('<html><body><p>Areca leaf plates</p></body></html>', PAGE_URL).size).toBe(0);
  });
});
