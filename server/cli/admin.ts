// `npm run admin -- <command>`: the operator's account tool (create accounts, reset a password or two-factor,
// list accounts). Same settings as the server (loadConfig); on the embedded database it takes the DATA_DIR lock,
// so it refuses while the server runs. Exit status: 0 done, 1 error (one line on stderr), 2 wrong usage.
import { parseArgs } from 'node:util';

import type { AdminCommand } from './admin-commands.ts';

const USAGE = `Usage: npm run admin -- <command> [options]

Manages the shop's accounts with the server's settings: DATABASE_URL (PostgreSQL), else the embedded
database in DATA_DIR, which the server must not be running on (stop it first).

Commands:
  create <username> --email <email> [--password <password>] [--role admin|staff|user]
         [--first-name <name>] [--last-name <name>]
      Creates an account, an administrator unless --role staff (the panel without accounts, the
      security log or exports) or --role user (a customer). Without --password the password is
      ADMIN_PASSWORD from the environment, else a random one, printed once. Colleagues are better
      invited from the panel (Staff), which e-mails them a link to choose their own.
  reset-password <username> [--password <password>]
      Sets a new password (a random one, printed once, unless given), signs the account out everywhere
      and lifts its sign-in lockout.
  reset-2fa <username>
      Turns two-factor authentication off (lost phone) and signs the account out everywhere.
  list
      Lists the accounts.
  help
      Shows this text.

Administrator and staff passwords need at least 12 characters, customers' at least 8; common passwords are
refused. A password typed after --password stays in the shell's history: prefer a generated one.
Exit status: 0 done, 1 error, 2 wrong usage.`;

/** Wrong usage: exit status 2, with the usage text. */
class UsageError extends Error {}

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
type OptionName = keyof typeof OPTIONS;

const COMMANDS: Record<AdminCommand['name'], { args: number; options: OptionName[] }> = {
  create: { args: 1, options: ['email', 'password', 'role', 'first-name', 'last-name'] },
  'reset-password': { args: 1, options: ['password'] },
  'reset-2fa': { args: 1, options: [] },
  list: { args: 0, options: [] },
};

const isCommand = (name: string): name is AdminCommand['name'] => Object.hasOwn(COMMANDS, name);

/** The command line as a command, or null for help; throws UsageError on misuse. */
function parseCommand(argv: string[]): AdminCommand | null {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [name, ...args] = positionals;
  if (name === undefined) {
    if (values.help) return null;
    throw new UsageError('No command given.');
  }
  if (name === 'help' || values.help) return null;
  if (!isCommand(name)) throw new UsageError(`Unknown command "${name}".`);
  const spec = COMMANDS[name];
  const given = (Object.keys(values) as OptionName[]).filter((option) => values[option] !== undefined);
  const stray = given.find((option) => !spec.options.includes(option));
  if (stray) throw new UsageError(`The ${name} command has no --${stray} option.`);
  if (args.length !== spec.args) {
    throw new UsageError(
      spec.args === 0 ? `The ${name} command takes no arguments.` : `The ${name} command needs exactly one username.`,
    );
  }
  const username = args[0] ?? '';
  switch (name) {
    case 'create': {
      if (!values.email) throw new UsageError('The create command needs --email <email>.');
      const role = values.role ?? 'admin';
      if (role !== 'admin' && role !== 'staff' && role !== 'user') {
        throw new UsageError(`--role must be admin, staff or user, not "${role}".`);
      }
      return {
        name,
        username,
        email: values.email,
        password: values.password,
        role,
        firstName: values['first-name'] ?? '',
        lastName: values['last-name'] ?? '',
      };
    }
    case 'reset-password':
      return { name, username, password: values.password };
    case 'reset-2fa':
      return { name, username };
    case 'list':
      return { name };
  }
}

/** A message fit to print: the error's own, or its causes' for errors that carry none (e.g. a refused connection). */
function describe(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(describe).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

async function main(argv: string[]): Promise<number> {
  let command: AdminCommand | null;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (!command) {
    console.log(USAGE);
    return 0;
  }
  try {
    // Loaded only now: the usage text needs neither the database drivers nor the config.
    const { runAdminCommand } = await import('./admin-commands.ts');
    const { loadConfig } = await import('#platform/config.ts');
    await runAdminCommand(command, loadConfig(), (line) => console.log(line));
    return 0;
  } catch (error) {
    // An unknown account, a weak password, a locked data directory, a bad setting, no database: one line, no stack.
    console.error(describe(error));
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
