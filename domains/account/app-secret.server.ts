import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import type { Config } from '#platform/config.ts';

export const MIN_APP_SECRET_LENGTH = 32;

export type KeyPurpose = 'csrf' | 'totp' | 'backup-codes' | 'status-links' | 'visitor-tokens' | 'document-signing';

/** APP_SECRET when set, else DATA_DIR/app-secret, created with a random secret on the first start. */
export async function loadAppSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): Promise<string> {
  if (config.appSecret !== undefined) {
    if (config.appSecret.length < MIN_APP_SECRET_LENGTH) {
      throw new Error(`APP_SECRET must be at least ${MIN_APP_SECRET_LENGTH} characters long`);
    }
    return config.appSecret;
  }
  const file = path.join(config.dataDir, 'app-secret');
  const existing = await readSecretFile(file);
  if (existing !== undefined) return checked(file, existing);

  await fs.mkdir(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  try {
    // 'wx': of two starts racing here, the second reads the first one's secret instead of replacing it.
    await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // The other start may have created the file but not written it yet.
  let written = '';
  for (let attempt = 0; attempt < 20 && written === ''; attempt++) {
    if (attempt > 0) await sleep(25);
    written = (await readSecretFile(file)) ?? '';
  }
  return checked(file, written);
}

async function readSecretFile(file: string): Promise<string | undefined> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function checked(file: string, secret: string): string {
  if (secret.length < MIN_APP_SECRET_LENGTH) {
    throw new Error(`${file} must hold at least ${MIN_APP_SECRET_LENGTH} characters: fix or delete it, or set APP_SECRET`);
  }
  return secret;
}

/** A separate 32-byte key per use, so that no key serves two purposes. */
export function deriveKey(appSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', appSecret, Buffer.alloc(0), purpose, 32));
}
