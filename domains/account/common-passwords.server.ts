import fs from 'node:fs';
import path from 'node:path';

import { PROJECT_ROOT } from '#platform/config.ts';

// Resolved from the project root, not import.meta.url: the server also runs bundled as dist/main.js.
const LIST_PATH = path.join(PROJECT_ROOT, 'domains/account/common-passwords.txt');

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    fs
      .readFileSync(LIST_PATH, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list;
}

/**
 * A listed password, case-insensitively, or one that is a listed password with digits or symbols tacked
 * on ("Password123!", "jordan23!!") as long as the listed part is at least half of it.
 */
export function isCommonPassword(plain: string): boolean {
  const lower = plain.toLowerCase();
  const passwords = commonPasswords();
  if (passwords.has(lower)) return true;
  for (let end = lower.length - 1; end * 2 >= lower.length && !/\p{L}/u.test(lower.charAt(end)); end--) {
    if (passwords.has(lower.slice(0, end))) return true;
  }
  return false;
}
