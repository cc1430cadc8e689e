import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, afterEach } from 'vitest';

/**
 * A maker of empty temporary directories named `<prefix>…`, for the file or block that calls it. Each is removed
 * after the test that made it, or with `until: 'all'` once the block has run (for directories made in a beforeAll
 * or shared by its tests). Call it before the hooks that must run first at the end (a server that writes there, a
 * lock on one of them): after-hooks run last-registered first.
 */
export function tempDirs(prefix: string, { until = 'each' }: { until?: 'each' | 'all' } = {}): () => string {
  const made: string[] = [];
  (until === 'each' ? afterEach : afterAll)(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
