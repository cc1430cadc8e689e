/** Two-factor in tests: codes computed at the test clock's time, and accounts with two-factor set up and on. */
import { expect } from 'vitest';

import type { TwoFactorSetup } from '#domains/account/model.ts';
import { totpCode } from '#domains/account/totp.server.ts';

import { type AccountsApp, type AccountSpec, type Client, signedIn } from './accounts.ts';
import type { TestClock } from './clock.ts';

/** The code an authenticator app shows at that time. */
export const codeAt = (secret: string, at: Date): string => totpCode(secret, at);

/** A 6-digit code that is none of the codes valid around `at` (the previous, current and next step). */
export function wrongCode(secret: string, at: Date): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, new Date(at.getTime() + d))));
  for (let n = 0; ; n++) {
    const code = String((123_456 + n * 111_111) % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/**
 * Sets up and enables two-factor for the signed-in client (setup-2fa, enable-2fa with the current code),
 * then moves the clock to the next step so that the next code asked for is a fresh one.
 */
export async function enableTwoFactor(client: Client, clock: TestClock): Promise<TwoFactorSetup> {
  const setup = await client.post<TwoFactorSetup>('/api/auth/setup-2fa');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const enable = await client.post('/api/auth/enable-2fa', { token: codeAt(setup.body.manualEntryKey, clock.now()) });
  expect(enable.status, JSON.stringify(enable.body)).toBe(200);
  clock.nextTotpStep();
  return setup.body;
}

/** Signs in with password and the current code; answers the verify response. */
export async function signInWithCode(client: Client, username: string, password: string, secret: string, clock: TestClock) {
  const login = await client.signIn(username, password);
  expect(login.requiresTwoFactor).toBe(true);
  const verified = await client.verify(codeAt(secret, clock.now()));
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  clock.nextTotpStep();
  return verified.body;
}

/** A new account with two-factor on (set up and enabled from a browser of its own): its secret and backup codes. */
export async function accountWithTwoFactor(
  ctx: AccountsApp,
  spec: AccountSpec,
  clock: TestClock,
  browser: { ip?: string; userAgent?: string } = {},
): Promise<TwoFactorSetup> {
  return enableTwoFactor(await signedIn(ctx, spec, browser), clock);
}
