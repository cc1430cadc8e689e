import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * OWASP's argon2id parameters (19 MiB, 2 passes, 1 lane). `Algorithm` is an ambient const enum, which
 * isolatedModules cannot read, so its Argon2id member (2) is spelled out.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const satisfies Options;

/** A hash of a random, forgotten password with the same parameters: verifying against it costs a real verify. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$g1Svsy2pMIqDUJBgDEnboA$MwNpvI3t/l7eSpyi6ocYQA06/xkILnGrdE9PyPlDP1Y';

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read. */
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** For an unknown username: takes as long as checking a wrong password, so timing does not reveal accounts. */
export async function burnPasswordCheck(plain: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, plain);
  return false;
}
