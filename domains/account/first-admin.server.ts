import { randomBytes } from 'node:crypto';

import { isDomainError } from '#lib/errors.ts';
import type { Config } from '#platform/config.ts';

import { isCommonPassword } from './common-passwords.server.ts';
import type { UserService } from './users.server.ts';

export const MIN_ADMIN_PASSWORD = 12;

/** A random password that also passes the change-password rules (upper, lower, digit, symbol). */
export function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}-Aa1`;
}

/** Refuses a weak administrator password given by the operator (ADMIN_PASSWORD or the CLI). */
export function checkAdminPassword(password: string): void {
  if (password.length < MIN_ADMIN_PASSWORD)
    throw new Error(`An administrator password must be at least ${MIN_ADMIN_PASSWORD} characters long`);
  if (isCommonPassword(password)) throw new Error('That administrator password is too common');
}

/**
 * At start, when there is no administrator: creates one from ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL,
 * or with a random password that is printed once (there is no built-in default password).
 */
export async function ensureFirstAdmin(
  users: UserService,
  admin: Config['firstAdmin'],
  print: (text: string) => void,
): Promise<void> {
  if (await users.hasAdmin()) return;
  if (admin.password) checkAdminPassword(admin.password);
  const password = admin.password ?? generatePassword();
  try {
    await users.create({ username: admin.username, email: admin.email, password, firstName: '', lastName: '', role: 'admin' });
  } catch (error) {
    // Another process (several servers on one PostgreSQL) created it first.
    if (isDomainError(error) && error.kind === 'conflict' && (await users.hasAdmin())) return;
    throw error;
  }
  if (!admin.password) {
    print(
      [
        '',
        `  First administrator created: username "${admin.username}"`,
        `  Password (shown only this once): ${password}`,
        '  Sign in at /login, then set up two-factor authentication under Security.',
        '',
      ].join('\n'),
    );
  }
}
