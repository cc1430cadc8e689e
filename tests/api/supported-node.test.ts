// The Node versions the shop supports: package.json's engines, the README's statement of it, and this process.
import fs from 'node:fs';
import path from 'node:path';

import semver from 'semver';
import { describe, expect, it } from 'vitest';

import { PROJECT_ROOT } from '#platform/config.ts';

const read = (file: string) => fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

type Version = [number, number, number];
const parse = (text: string): Version => text.replace(/^v/, '').split('.').map(Number) as Version;
const atLeast = (v: Version, min: Version) =>
  v[0] !== min[0] ? v[0] > min[0] : v[1] !== min[1] ? v[1] > min[1] : v[2] >= min[2];

/** Whether `version` is in the range: alternatives of `^X.Y.Z` (that major, from X.Y.Z) or `>=X.Y.Z`. */
function admits(range: string, version: string): boolean {
  const v = parse(version);
  return range.split('||').some((part) => {
    const [, op, min] = /^\s*(\^|>=)\s*(\d+\.\d+\.\d+)\s*$/.exec(part) ?? [];
    if (!op || !min) throw new Error(`engines part not understood: ${part}`);
    const m = parse(min);
    return op === '^' ? v[0] === m[0] && atLeast(v, m) : atLeast(v, m);
  });
}

describe('supported Node versions', () => {
  it('engines admit the LTS lines from their first supported release, and 20 from 20.19', () => {
    for (const version of ['20.19.0', '20.20.2', '22.16.0', '22.22.0', '24.0.0', '24.21.0', '26.0.0'])
      expect(admits(engines, version), version).toBe(true);
    for (const version of ['18.20.0', '20.18.3', '21.7.3', '22.15.1', '23.11.0', '25.2.1'])
      expect(admits(engines, version), version).toBe(false);
  });

  it('the README states the same range', () => {
    expect(read('README.md')).toContain(`\`engines\` is \`${engines}\``);
  });

  it('this process runs on a supported version', () => {
    expect(admits(engines, process.version), process.version).toBe(true);
  });

  // npm warns EBADENGINE when it installs a package whose engines refuse the running Node; an optional package
  // (another platform's binary, say) that refuses it is skipped without a word. So every package the lockfile
  // installs, optional ones left out, must admit the first release of each supported line.
  it('no package the install needs refuses a supported line (no EBADENGINE on 20, 22, 24 or 26)', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { optional?: boolean; engines?: { node?: string } | string[] }>;
    };
    for (const version of ['20.19.0', '22.16.0', '24.0.0', '26.0.0']) {
      const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !entry.optional && !semver.satisfies(version, range) ? [`${name} (${range})`] : [];
      });
      expect(refusing, version).toEqual([]);
    }
  });
});
