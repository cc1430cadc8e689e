import crypto from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT } from '#domains/account/model.ts';
import { itAnswers, itAnswersNull } from '#lib/cases.fixture.ts';

import { generateBackupCodes, hashBackupCode, normalizeBackupCode } from './backup-codes.server.ts';

describe('backup codes', () => {
  it('uses an alphabet without look-alikes', () => {
    expect(BACKUP_CODE_ALPHABET).toHaveLength(31);
    for (const ambiguous of '0O1IL') expect(BACKUP_CODE_ALPHABET).not.toContain(ambiguous);
  });

  it('generates BACKUP_CODE_COUNT distinct XXXX-XXXX codes by default', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(codes.length);
    const shape = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{4}-[${BACKUP_CODE_ALPHABET}]{4}$`);
    for (const code of codes) expect(code).toMatch(shape);
  });

  it('generates as many as asked, spread over the whole alphabet', () => {
    const codes = generateBackupCodes(500);
    expect(new Set(codes).size).toBe(500);
    expect(new Set(codes.join('').replaceAll('-', ''))).toEqual(new Set(BACKUP_CODE_ALPHABET));
  });

  itAnswers('normalizes %j to %j', normalizeBackupCode, [
    ['ABCD-EFGH', 'ABCDEFGH'],
    ['abcd-efgh', 'ABCDEFGH'],
    ['abcdefgh', 'ABCDEFGH'],
    [' ab cd - ef gh ', 'ABCDEFGH'],
    ['2345-6789', '23456789'],
  ]);

  itAnswersNull('refuses %j', normalizeBackupCode, [
    '',
    'ABCD-EFG',
    'ABCD-EFGHJ',
    'ABCD-EFG0',
    'ABCD-EFGO',
    'ABCD-EFG1',
    'ABCD-EFGI',
    'ABCD-EFGL',
    'ABCD_EFGH',
    '123456',
  ]);

  it('hashes with a keyed HMAC-SHA256 of the normalized code', () => {
    const key = crypto.randomBytes(32);
    const hashed = hashBackupCode(key, 'ABCD-EFGH');
    expect(hashed).toBe(crypto.createHmac('sha256', key).update('ABCDEFGH').digest('base64url'));
    expect(hashBackupCode(key, 'abcd efgh')).toBe(hashed);
    expect(hashBackupCode(key, 'ABCD-EFGJ')).not.toBe(hashed);
    expect(hashBackupCode(crypto.randomBytes(32), 'ABCD-EFGH')).not.toBe(hashed);
  });
});
