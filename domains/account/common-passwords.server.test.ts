import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

import { isCommonPassword } from './common-passwords.server.ts';

describe('the common password list', () => {
  const lines = fs.readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8').split('\n');
  const entries = lines.filter((line) => line !== '' && !line.startsWith('#'));

  it('names its source and licence on the first line', () => {
    expect(lines[0]).toMatch(/^# source: \S+@\d+\.\d+\.\d+ \(MIT\), entries of 8\+ characters$/);
  });

  it('holds thousands of lower-case, distinct entries of 8+ characters, under 150 KB', () => {
    expect(entries.length).toBeGreaterThan(2000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.every((entry) => entry.length >= 8 && entry === entry.toLowerCase() && entry === entry.trim())).toBe(true);
    expect(fs.statSync(new URL('./common-passwords.txt', import.meta.url)).size).toBeLessThan(150_000);
  });
});

describe('isCommonPassword', () => {
  it.each(['password', 'PassWord', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine', 'password1'])('refuses %j', (plain) => {
    expect(isCommonPassword(plain)).toBe(true);
  });

  it.each(['password123!', 'Password2024', 'PASSWORD!!', 'iloveyou...', 'football 1', 'baseball#1'])(
    'refuses a listed password with digits or symbols tacked on: %j',
    (plain) => {
      expect(isCommonPassword(plain)).toBe(true);
    },
  );

  it.each([
    'correct horse battery staple',
    'Tr0ub4dor&3xyz',
    'mango-lassi-at-noon',
    'password-manager-generated-this', // the listed part is not the end of it
    'baseball9384716205', // the listed part is less than half of it
    '!!password', // only trailing additions are stripped
    '',
  ])('accepts %j', (plain) => {
    expect(isCommonPassword(plain)).toBe(false);
  });
});
