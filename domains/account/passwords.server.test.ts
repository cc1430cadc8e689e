import { describe, expect, it } from 'vitest';

import { median } from '#tests/support/timing.ts';

import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.server.ts';

/**
 * The CPU time a call costs this process (argon2 runs on libuv's threads, which count too). Wall-clock time would
 * measure how busy the machine is (the browser tests run beside these); the property is that both do the same work.
 */
async function duration(run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

describe('passwords', () => {
  it('hashes with argon2id and the OWASP parameters, salted', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hashed = await hashPassword('Tr0ub4dor&3 long enough');
    expect(await verifyPassword(hashed, 'Tr0ub4dor&3 long enough')).toBe(true);
    expect(await verifyPassword(hashed, 'tr0ub4dor&3 long enough')).toBe(false);
    expect(await verifyPassword(hashed, '')).toBe(false);
  });

  it.each(['', 'not a hash', '$argon2id$v=19$m=19456,t=2,p=1$broken', '$2b$10$abcdefghijklmnopqrstuv'])(
    'answers false, never throws, for the malformed hash %j',
    async (hashed) => {
      expect(await verifyPassword(hashed, 'whatever')).toBe(false);
    },
  );

  it('burns a password check that always fails', async () => {
    expect(await burnPasswordCheck('password')).toBe(false);
    expect(await burnPasswordCheck('')).toBe(false);
  });

  it('takes as long for an unknown username as a wrong password (within ±50%)', async () => {
    const hashed = await hashPassword('the real password');
    await verifyPassword(hashed, 'warm up');
    await burnPasswordCheck('warm up');
    const verifies: number[] = [];
    const burns: number[] = [];
    for (let i = 0; i < 7; i++) {
      verifies.push(await duration(() => verifyPassword(hashed, `wrong ${i}`)));
      burns.push(await duration(() => burnPasswordCheck(`wrong ${i}`)));
    }
    const ratio = median(burns) / median(verifies);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(1.5);
  });
});
