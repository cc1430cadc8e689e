// The admin CLI's commands (server/cli/admin.ts parses the command line and prints errors).
import type { z } from 'zod';

import { isCommonPassword } from '#domains/account/common-passwords.server.ts';
import { checkAdminPassword, generatePassword } from '#domains/account/first-admin.server.ts';
import { type Role, ROLE_WORDS, usesPanel } from '#domains/account/model.ts';
import { registerPayloadSchema } from '#domains/account/schema.ts';
import { SecurityLog } from '#domains/account/security-log.server.ts';
import { COMMON_PASSWORD } from '#domains/account/service.server.ts';
import { LoginThrottle } from '#domains/account/throttle.server.ts';
import { sessionAccounts, type UserRow, UserService } from '#domains/account/users.server.ts';
import { holdsNoCart } from '#domains/cart/service.server.ts';
import { isDomainError } from '#lib/errors.ts';
import type { Config } from '#platform/config.ts';
import type { Db } from '#platform/db/client.ts';
import { DataDirLockedError } from '#platform/db/lock.ts';
import { withMigratedDatabase } from '#platform/db/open.ts';
import { SessionService } from '#platform/session/service.ts';

export type AdminCommand =
  | {
      name: 'create';
      username: string;
      email: string;
      password: string | undefined;
      role: Role;
      firstName: string;
      lastName: string;
    }
  | { name: 'reset-password'; username: string; password: string | undefined }
  | { name: 'reset-2fa'; username: string }
  | { name: 'list' };

/** An expected failure: its message is printed as it is. */
export class CliError extends Error {}

/** What the security log records as the origin of a change made with this tool. */
const CLI_FACTS = { ip: 'local', userAgent: 'npm run admin' };

/** Runs one command; what it did goes to print (stdout), failures are thrown. */
export async function runAdminCommand(command: AdminCommand, config: Config, print: (line: string) => void): Promise<void> {
  // What can be checked without the database is checked first: a typo costs no wait and touches nothing.
  if (command.name === 'create') checkNewAccount(command);
  try {
    await withMigratedDatabase(config, async ({ db }) => {
      const tool = new AccountTool(db, config, print);
      switch (command.name) {
        case 'create':
          return tool.create(command);
        case 'reset-password':
          return tool.resetPassword(command.username, command.password);
        case 'reset-2fa':
          return tool.resetTwoFactor(command.username);
        case 'list':
          return tool.list();
      }
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CliError(
        `The data directory ${error.dataDir} is in use by another process (${error.holder}), most likely the running server. ` +
          'Stop it first, then run this command again: only one process at a time may open the embedded database.',
      );
    }
    if (isDomainError(error)) throw new CliError(error.message);
    throw error;
  }
}

function checkNewAccount(input: Extract<AdminCommand, { name: 'create' }>): void {
  const fields = registerPayloadSchema.shape;
  check(fields.username, input.username);
  check(fields.email, input.email);
  if (input.firstName.trim()) check(fields.firstName, input.firstName);
  if (input.lastName.trim()) check(fields.lastName, input.lastName);
  if (input.password !== undefined) checkPassword(input.password, input.role);
}

/** The shared schema's first message (the sign-up form's wording), as an error. */
function check(schema: z.ZodType, value: string): void {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(result.error.issues[0]?.message ?? 'Invalid value');
}

/** A password chosen by the operator: the administrators' rules for the panel's accounts, else the sign-up rules. */
function checkPassword(password: string, role: Role): void {
  if (usesPanel(role)) {
    try {
      checkAdminPassword(password);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
  }
  check(registerPayloadSchema.shape.password, password); // also the sign-in form's 256-character limit
  if (isCommonPassword(password)) throw new CliError(COMMON_PASSWORD);
}

const printGenerated = (password: string) => `Password (shown only this once): ${password}`;

class AccountTool {
  private readonly users: UserService;
  private readonly sessions: SessionService;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly print: (line: string) => void,
  ) {
    this.users = new UserService(db);
    this.sessions = new SessionService(db, holdsNoCart, sessionAccounts);
  }

  async create(input: Extract<AdminCommand, { name: 'create' }>): Promise<void> {
    const fromEnv = input.password === undefined ? this.config.firstAdmin.password : undefined;
    if (fromEnv !== undefined) checkPassword(fromEnv, input.role);
    const password = input.password ?? fromEnv ?? generatePassword();
    let row: UserRow;
    try {
      const { username, email, firstName, lastName, role } = input;
      row = await this.users.create({ username, email, firstName, lastName, role, password });
    } catch (error) {
      if (isDomainError(error) && error.kind === 'conflict') {
        throw new CliError(`${error.message}: ${error.message.includes('email') ? input.email.trim() : input.username.trim()}`);
      }
      throw error;
    }
    const kind = usesPanel(row.role) ? ROLE_WORDS[row.role].toLowerCase() : 'account';
    this.print(`Created ${kind} "${row.username}" <${row.email}> (id ${row.id}).`);
    if (input.password === undefined)
      this.print(fromEnv !== undefined ? 'Its password is the one in ADMIN_PASSWORD.' : printGenerated(password));
    if (row.role === 'admin') this.print('Sign in at /login, then set up two-factor authentication under Security.');
    if (row.role === 'staff') this.print('Sign in at /login; two-factor authentication is set up at the first sign-in.');
  }

  async resetPassword(username: string, given: string | undefined): Promise<void> {
    const row = await this.account(username);
    if (given !== undefined) checkPassword(given, row.role);
    const password = given ?? generatePassword();
    await this.users.setPassword(row.id, password, new Date());
    await this.sessions.destroyForUser(row.id);
    // A forgotten password usually comes after failed attempts: the account may sign in again at once.
    await new LoginThrottle(this.db, this.config.lockout, () => new Date()).recordSuccess(row.username);
    await new SecurityLog(this.db, () => new Date(), this.config.securityLogMs).record('PASSWORD_CHANGED', CLI_FACTS, {
      username: row.username,
      userId: row.id,
    });
    this.print(`New password set for "${row.username}"; all of its sessions have ended and its sign-in lockout is lifted.`);
    if (given === undefined) this.print(printGenerated(password));
  }

  async resetTwoFactor(username: string): Promise<void> {
    const row = await this.account(username);
    await this.users.resetTwoFactor(row.id);
    await this.sessions.destroyForUser(row.id);
    this.print(
      row.twoFactorEnabled
        ? `Two-factor authentication turned off for "${row.username}" (its secret and backup codes are deleted); all of its sessions have ended.`
        : `Two-factor authentication was not on for "${row.username}" (any unfinished setup is cleared); all of its sessions have ended.`,
    );
    if (row.role === 'admin') this.print('At the next sign-in, set it up again under Security.');
    if (row.role === 'staff') this.print('The next sign-in asks to set it up again.');
  }

  async list(): Promise<void> {
    const rows = await this.users.list();
    if (rows.length === 0) {
      this.print('No accounts yet.');
      return;
    }
    const table = [
      ['ID', 'USERNAME', 'EMAIL', 'ROLE', '2FA', 'CREATED'],
      ...rows.map((row) => [
        String(row.id),
        row.username,
        row.email,
        row.role,
        row.twoFactorEnabled ? 'on' : 'off',
        row.createdAt.toISOString().slice(0, 10),
      ]),
    ];
    const widths = table[0]?.map((_, column) => Math.max(...table.map((cells) => cells[column]?.length ?? 0))) ?? [];
    for (const cells of table)
      this.print(
        cells
          .map((cell, column) => cell.padEnd(widths[column] ?? 0))
          .join('  ')
          .trimEnd(),
      );
  }

  private async account(username: string): Promise<UserRow> {
    const row = await this.users.findByUsername(username);
    if (!row) throw new CliError(`No account with the username "${username}".`);
    return row;
  }
}
