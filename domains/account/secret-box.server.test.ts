import crypto from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { SecretBox } from './secret-box.server.ts';

const box = new SecretBox(crypto.randomBytes(32));

/** Flips one bit of the given part (1 iv, 2 tag, 3 ciphertext) of a sealed value. */
function tamper(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0]! ^= 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('SecretBox', () => {
  it.each(['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', '', 'ünïcødé ✓'])('opens what it sealed: %j', (plain) => {
    expect(box.open(box.seal(plain))).toBe(plain);
  });

  it('seals as v1.<iv>.<tag>.<ciphertext> in base64url, with a fresh IV each time', () => {
    const first = box.seal('secret');
    const second = box.seal('secret');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(second).not.toBe(first);
    expect(first).not.toContain('secret');
  });

  it.each([1, 2, 3] as const)('refuses a value whose part %i was altered', (part) => {
    expect(() => box.open(tamper(box.seal('secret'), part))).toThrow(
      'SecretBox: the value was altered or sealed with another key',
    );
  });

  it('refuses a value sealed with another key', () => {
    const other = new SecretBox(crypto.randomBytes(32));
    expect(() => box.open(other.seal('secret'))).toThrow('SecretBox: the value was altered or sealed with another key');
  });

  it.each(['', 'plain text', 'v2.a.b.c', 'v1.a.b', 'v1.a.b.c.d'])('refuses the malformed value %j', (sealed) => {
    expect(() => box.open(sealed)).toThrow(/^SecretBox: /);
  });

  it('refuses a truncated authentication tag', () => {
    const [version, iv, tag, ciphertext] = box.seal('secret').split('.');
    const short = Buffer.from(tag!, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => box.open([version, iv, short, ciphertext].join('.'))).toThrow('SecretBox: not a sealed value');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(crypto.randomBytes(16))).toThrow('SecretBox needs a 32-byte key');
  });
});
