// The import graph (tests/support/import-graph.ts): no import circles, and no concept importing one above it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, test } from 'vitest';

import {
  backArrows,
  circles,
  CONCEPT_ORDER,
  conceptFolders,
  foreignTableImports,
  importGraph,
  ROOT,
  sourceFiles,
  TREES,
} from '#tests/support/import-graph.ts';

describe('import graph', () => {
  const files = TREES.flatMap((tree) => sourceFiles(path.join(ROOT, tree)));
  // Resolving every import takes seconds on 2 cores: the product's graph is made once for the tests that read it.
  let productGraph: Map<string, string[]> | undefined;
  const graphOfFiles = () => (productGraph ??= importGraph(files));

  test('finds the imports it is meant to check, type-only ones included', () => {
    const graph = graphOfFiles();
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(files.length).toBeGreaterThan(200);
    expect(edges).toBeGreaterThan(files.length);
    // QuotePanel takes only a type from the quote schema: that edge is in the graph all the same.
    const panel = path.join(ROOT, 'domains/quote/ui/QuotePanel.tsx');
    expect(readFileSync(panel, 'utf8')).toMatch(/^import type .* from '#domains\/quote\/schema\.ts';$/m);
    expect(graph.get(panel)).toContain(path.join(ROOT, 'domains/quote/schema.ts'));
  });

  test('a circle made of type imports is found', () => {
    const a = path.join(ROOT, 'lib', '__a.ts');
    const b = path.join(ROOT, 'lib', '__b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['lib/__a.ts', 'lib/__b.ts']]);
  });

  // The one check of circles (ESLint's import-x/no-cycle was the same check at half the lint's time): the scripts and
  // the tests, their own files included, are looked through as well.
  test('no file imports itself round a circle, in the product, the scripts or the tests', () => {
    const everything = [...TREES, 'scripts', 'tests'].flatMap((tree) => sourceFiles(path.join(ROOT, tree), true));
    expect(everything.length).toBeGreaterThan(files.length);
    expect(circles(importGraph(everything))).toEqual([]);
  });

  test('every concept folder has its place in the order', () => {
    expect([...CONCEPT_ORDER].sort()).toEqual(conceptFolders());
  });

  test('a concept imports only the concepts below it', () => {
    expect(backArrows(graphOfFiles())).toEqual([]);
  });

  test("a concept reads only its own tables, another concept's through its service", () => {
    expect(foreignTableImports(graphOfFiles())).toEqual([]);
  });

  test("a read of another concept's tables is found; a foreign key between tables files is not", () => {
    const quotes = path.join(ROOT, 'domains/quote/tables.ts');
    const orders = path.join(ROOT, 'domains/enquiry/tables.ts');
    const service = path.join(ROOT, 'domains/quote/service.server.ts');
    expect(foreignTableImports(new Map([[service, [quotes, orders]]]))).toEqual([
      'domains/quote/service.server.ts -> domains/enquiry/tables.ts',
    ]);
    expect(foreignTableImports(new Map([[quotes, [orders]]]))).toEqual([]);
  });

  test('an import up the order is found', () => {
    const quote = path.join(ROOT, 'domains/quote/model.ts');
    const file = path.join(ROOT, 'domains/order-file/today.ts');
    expect(backArrows(new Map([[quote, [file]]]))).toEqual(['domains/quote/model.ts -> domains/order-file/today.ts']);
    expect(backArrows(new Map([[file, [quote]]]))).toEqual([]);
  });
});
