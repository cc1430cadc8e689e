// The Malayalam catalogue against the code: every message the code asks for is translated, nothing translated is
// left unused, each translation keeps its message's placeholders, and the compiled files are those of the catalogue.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, test } from 'vitest';

import { catalogueModule, compiledCatalogue } from './compile.ts';
import malayalamSource from './messages/ml.json' with { type: 'json' };
import malayalam from './messages/ml.ts';
import { english } from './translate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TREES = ['app', 'domains', 'lib', 'platform', 'server'];
const catalogue: Record<string, string> = malayalamSource;

/** `t('…')`, `t("…")`, `msg('…')` and `t(\`…\`)` without a `${`: a message's id as the code writes it. */
const CALL = /\b(?:t|msg)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)\s*[,)]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`));
}

function idsInCode(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of TREES.flatMap((tree) => sourceFiles(path.join(ROOT, tree)))) {
    // Comments show calls as examples: only the code counts.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(CALL)) {
      const written = match[1] ?? match[2] ?? match[3] ?? '';
      // The literal as JavaScript reads it ('Don\'t' is "Don't").
      const id = JSON.parse(`"${written.replace(/\\'/g, "'").replace(/\\`/g, '`').replace(/"/g, '\\"')}"`) as string;
      ids.set(id, path.relative(ROOT, file));
    }
  }
  return ids;
}

const placeholders = (message: string): string[] =>
  [...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1] ?? '').sort();

describe('the Malayalam catalogue', () => {
  const ids = idsInCode();

  test('finds the messages the code asks for', () => {
    expect(ids.size).toBeGreaterThan(30);
    expect(ids.get('Open menu')).toBe('app/shell/Header.tsx');
  });

  test('translates every message the code asks for', () => {
    const missing = [...ids].filter(([id]) => !(id in catalogue)).map(([id, file]) => `${file}: ${id}`);
    expect(missing).toEqual([]);
  });

  test('holds no message the code no longer asks for', () => {
    expect(Object.keys(catalogue).filter((id) => !ids.has(id))).toEqual([]);
  });

  test('keeps each message’s placeholders, and writes Malayalam', () => {
    for (const [id, translation] of Object.entries(catalogue)) {
      expect(placeholders(translation), id).toEqual(placeholders(id));
      expect(translation.trim(), id).not.toBe('');
    }
  });

  test('English fills its placeholders exactly as Lingui would, for every message', () => {
    const lingui = setupI18n({
      locale: 'en',
      messages: { en: Object.fromEntries(Object.keys(catalogue).map((id) => [id, compileMessage(id)])) },
    });
    for (const id of Object.keys(catalogue)) {
      const values = Object.fromEntries(placeholders(id).map((name, index) => [name, `«${name}${index}»`]));
      expect(english(id, values), id).toBe(lingui._(id, values));
    }
  });

  test('is compiled as it stands (npm run messages)', () => {
    expect(malayalam).toEqual(compiledCatalogue(catalogue));
    expect(catalogueModule({})).toContain('npm run messages');
  });
});
