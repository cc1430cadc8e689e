import crypto from 'node:crypto';

import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT } from '#domains/account/model.ts';

/** 8 of the 31 symbols: about 40 bits. */
const CODE_LENGTH = 8;
const NORMALIZED = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** `count` distinct codes shaped XXXX-XXXX, as shown to the user once. */
export function generateBackupCodes(count: number = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < CODE_LENGTH; i++) code += BACKUP_CODE_ALPHABET[crypto.randomInt(BACKUP_CODE_ALPHABET.length)];
    codes.add(`${code.slice(0, 4)}-${code.slice(4)}`);
  }
  return [...codes];
}

/** The 8 characters of a code as typed (any case, spaces and hyphens ignored), or null if it cannot be one. */
export function normalizeBackupCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return NORMALIZED.test(code) ? code : null;
}

/**
 * A keyed hash (HMAC-SHA256, base64url) for storage: 40 bits are too few for a plain hash, which a leaked
 * database would give up by brute force. Hashes the normalized form, so typing variants match.
 */
export function hashBackupCode(key: Buffer, code: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(normalizeBackupCode(code) ?? code)
    .digest('base64url');
}
