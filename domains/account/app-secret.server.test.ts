import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { tempDirs } from '#tests/support/temp-dirs.ts';

import { deriveKey, loadAppSecret } from './app-secret.server.ts';

const tempDir = tempDirs('app-secret-');

describe('loadAppSecret', () => {
  it('uses APP_SECRET when it is set and long enough, without touching DATA_DIR', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const appSecret = 'x'.repeat(32);
    expect(await loadAppSecret({ appSecret, dataDir })).toBe(appSecret);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it.each(['', 'short', 'x'.repeat(31)])('refuses the too short APP_SECRET %j, naming it', async (appSecret) => {
    await expect(loadAppSecret({ appSecret, dataDir: tempDir() })).rejects.toThrow(/APP_SECRET.*at least 32 characters/);
  });

  it('creates DATA_DIR/app-secret (and DATA_DIR) on the first start, readable by the owner only', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const secret = await loadAppSecret({ appSecret: undefined, dataDir });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
    const file = path.join(dataDir, 'app-secret');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads the same secret on later starts', async () => {
    const dataDir = tempDir();
    const first = await loadAppSecret({ appSecret: undefined, dataDir });
    expect(await loadAppSecret({ appSecret: undefined, dataDir })).toBe(first);
  });

  it('gives two racing starts the same secret', async () => {
    const dataDir = tempDir();
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadAppSecret({ appSecret: undefined, dataDir })));
    expect(new Set(secrets).size).toBe(1);
    expect(fs.readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(secrets[0]);
  });

  it('refuses an app-secret file that is too short', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'app-secret'), 'tiny\n');
    await expect(loadAppSecret({ appSecret: undefined, dataDir })).rejects.toThrow(/app-secret must hold at least 32 characters/);
  });
});

describe('deriveKey', () => {
  const secret = 'a'.repeat(43);

  it('gives a stable 32-byte key per purpose', () => {
    const key = deriveKey(secret, 'csrf');
    expect(key).toHaveLength(32);
    expect(deriveKey(secret, 'csrf').equals(key)).toBe(true);
  });

  it('gives different keys for different purposes and secrets', () => {
    const keys = [
      deriveKey(secret, 'csrf'),
      deriveKey(secret, 'totp'),
      deriveKey(secret, 'backup-codes'),
      deriveKey('b'.repeat(43), 'csrf'),
    ];
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(4);
  });

  it('is HKDF-SHA256 with the purpose as info and no salt', () => {
    // RFC 5869 by hand: with no salt, PRK = HMAC(32 zero bytes, IKM); 32 bytes of OKM = HMAC(PRK, info || 0x01).
    const prk = createHmac('sha256', Buffer.alloc(32)).update(secret).digest();
    const okm = createHmac('sha256', prk)
      .update('totp')
      .update(Buffer.from([1]))
      .digest();
    expect(deriveKey(secret, 'totp').equals(okm)).toBe(true);
  });
});
