import { describe, expect, it } from 'vitest';

import { backupFileName, backupFileText } from './backup-file.ts';

describe('backup code file', () => {
  it('is named with the moment of download', () => {
    expect(backupFileName(new Date('2026-11-23T10:15:00.123Z'))).toBe('backup-codes-2026-11-23T10-15-00.txt');
  });

  it('notes the single-use rule and lists every code on its own line', () => {
    const codes = ['ABCD-EFGH', 'JKLM-NPQR'];
    const text = backupFileText('Green Leaf Eco Tableware', codes, 'admin', new Date('2026-11-23T10:15:00Z'));
    expect(text).toContain('Each code can be used only once');
    expect(text).toContain('Account: admin');
    expect(text.split('\n')).toEqual(expect.arrayContaining(codes));
  });
});
