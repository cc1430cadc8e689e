// No import circles in app/, domains/, lib/, platform/ and server/, type-only imports included. The lint's import-x/no-cycle skips
// `import type`, yet a circle of types is still two modules that cannot be understood one without the other (the
// quotes service and the customer service once were). TypeScript's own pre-processor lists every import and its
// resolver finds the file, so the graph is the compiler's, not a regular expression's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TREES = ['app', 'domains', 'lib', 'platform', 'server'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function importGraph(files: string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const inTree = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => ts.resolveModuleName(imported.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && inTree.has(path.resolve(target)))
      .map((target) => path.resolve(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle, each named once by its files from the smallest name round (Tarjan's strongly connected parts). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node) ?? false;
      if (part.length > 1 || selfImport) found.push(part.map((file) => path.relative(ROOT, file)).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph', () => {
  const files = TREES.flatMap((tree) => sourceFiles(path.join(ROOT, tree)));

  test('finds the imports it is meant to check, type-only ones included', () => {
    const graph = importGraph(files);
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

  test('app/, domains/, lib/, platform/ and server/ have no import circles', () => {
    expect(circles(importGraph(files))).toEqual([]);
  });
});
