// The import graph of app/, domains/, lib/, platform/ and server/ (tests/api/import-cycles.test.ts reads it, and the
// scripts' and tests' too for circles), type-only imports included: ESLint's import-x/no-cycle skipped `import type`,
// yet a circle of types is still two modules that cannot be understood one without the other (the quotes service and
// the customer service once were); this is the project's only check of circles. TypeScript's own
// pre-processor lists every import and its resolver finds the file, so the graph is the compiler's, not a regular
// expression's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TREES = ['app', 'domains', 'lib', 'platform', 'server'];

/** The TypeScript and ES module files below `dir`, its tests only when asked. */
export function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, withTests);
    return /\.(tsx?|mjs)$/.test(entry.name) && (withTests || !/\.test\.tsx?$/.test(entry.name)) ? [full] : [];
  });
}

export function importGraph(files: string[]): Map<string, string[]> {
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
export function circles(graph: Map<string, string[]>): string[][] {
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

/**
 * The concepts from the lowest up: a concept imports only those before it (its rules, its types, its screens alike),
 * so a change to one never reaches back into a concept it serves. order-file, the read side, joins them all.
 */
export const CONCEPT_ORDER = [
  'tax',
  'account',
  'settings',
  'staff',
  'pricing',
  'catalogue',
  'cart',
  'enquiry',
  'quote',
  'invoice',
  'bank',
  'statement',
  'handoff',
  'reminder',
  'customer',
  'message',
  'blog',
  'site',
  'order-file',
] as const;

const conceptOf = (file: string): string | null => /^domains\/([^/]+)\//.exec(path.relative(ROOT, file))?.[1] ?? null;

/** Every import from a concept to one after it in CONCEPT_ORDER, as "importer -> imported" from the root. */
export function backArrows(graph: Map<string, string[]>): string[] {
  const rank = new Map<string, number>(CONCEPT_ORDER.map((concept, index) => [concept, index]));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = conceptOf(file);
    if (from === null) continue;
    for (const target of targets) {
      const to = conceptOf(target);
      if (to === null || to === from) continue;
      if ((rank.get(from) ?? -1) < (rank.get(to) ?? Infinity)) {
        found.push(`${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
      }
    }
  }
  return found.sort();
}

/** The concept folders as they are on disk, to hold CONCEPT_ORDER to them. */
export const conceptFolders = (): string[] =>
  readdirSync(path.join(ROOT, 'domains'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const isTables = (file: string): boolean => /^(domains|platform)\/.+\/(tables|list-counts)\.ts$/.test(path.relative(ROOT, file));
const ownerOf = (file: string): string => {
  const parts = path.relative(ROOT, file).split('/');
  return parts[0] === 'domains' ? `domains/${parts[1]}` : `${parts[0]}/${parts[1]}`;
};

/**
 * Every import of another concept's (or platform part's) tables, as "importer -> tables" from the root: a concept owns
 * its tables, and the others go through its service. A tables file naming another's table for a foreign key, and the
 * schema that gathers them all for Drizzle, are not reads.
 */
export function foreignTableImports(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (isTables(file) || path.relative(ROOT, file) === 'platform/db/schema.ts') continue;
    for (const target of targets) {
      if (isTables(target) && ownerOf(target) !== ownerOf(file)) {
        found.push(`${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`);
      }
    }
  }
  return found.sort();
}
