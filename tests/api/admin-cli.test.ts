/**
 * `npm run admin`: the real CLI as a child process, against a fresh embedded DATA_DIR and a fresh (empty,
 * unmigrated) PostgreSQL database. Child processes are slow, so each kind shares one database across
 * ordered steps, and the test opens the database itself only between runs to check what the CLI did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

import { verifyPassword } from '#domains/account/passwords.server.ts';
import { authFailures, backupCodes, securityLogs, users } from '#domains/account/tables.ts';
import { sessionAccounts } from '#domains/account/users.server.ts';
import { holdsNoCart } from '#domains/cart/service.server.ts';
import { type Database, type Db, openDatabase } from '#platform/db/client.ts';
import { LOCK_FILE_NAME } from '#platform/db/lock.ts';
import { SessionService } from '#platform/session/service.ts';
import { sessions } from '#platform/session/tables.ts';
import { killChildren, runToEnd } from '#tests/support/child-processes.ts';
import { databaseKinds, type TestDatabaseKind } from '#tests/support/databases.ts';
import { databaseUrl, quoteIdent, testDatabaseName, withAdmin } from '#tests/support/postgres-admin.ts';
import { tempDirs } from '#tests/support/temp-dirs.ts';

const CLI_TIMEOUT = 120_000; // a fresh PGlite directory takes seconds to create, more on a busy machine
const tempDir = tempDirs('shop-admin-cli-', { until: 'all' });

afterEach(() => {
  killChildren();
});

/** The environment of a CLI run: nothing of this process's database or admin settings leaks in. */
function cliEnv(settings: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _url,
    NODE_OPTIONS: _options,
    ADMIN_PASSWORD: _password,
    ADMIN_USERNAME: _username,
    ADMIN_EMAIL: _email,
    ...env
  } = process.env;
  return { ...env, ...settings };
}

const admin = (args: string[], env: NodeJS.ProcessEnv) =>
  runToEnd(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], env);

/** The generated password a run printed (once). */
function printedPassword(output: string): string {
  const found = [...output.matchAll(/^Password \(shown only this once\): (\S+)$/gm)];
  expect(found).toHaveLength(1);
  return found[0]![1]!;
}

interface Target {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Opens the database in this process (on PGlite: takes the DATA_DIR lock until closed). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function createTarget(kind: TestDatabaseKind): Promise<Target> {
  const dataDir = tempDir();
  if (kind === 'pglite') {
    return {
      dataDir,
      env: cliEnv({ DATA_DIR: dataDir }),
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      dispose: async () => {},
    };
  }
  const adminUrl = inject('postgresAdminUrl');
  if (!adminUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  // Empty, not cloned from the migrated template: the CLI must migrate a fresh database itself.
  const name = testDatabaseName('admin_cli_');
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  const url = databaseUrl(adminUrl, name);
  return {
    dataDir,
    env: cliEnv({ DATA_DIR: dataDir, DATABASE_URL: url }),
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    dispose: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)).then(() => {}),
  };
}

describe('npm run admin: usage', () => {
  it(
    'prints the usage for help (exit 0) and for misuse (exit 2), without opening the database',
    async () => {
      const dataDir = tempDir();
      const env = cliEnv({ DATA_DIR: dataDir });
      const [help, none, unknown, missing] = await Promise.all([
        runToEnd('npm', ['run', '--silent', 'admin', '--', 'help'], env),
        admin([], env),
        admin(['frobnicate'], env),
        admin(['create', 'alice'], env),
      ]);
      expect(help.code, help.stderr).toBe(0);
      expect(help.stdout).toMatch(/^Usage: npm run admin -- <command> \[options\]$/m);
      for (const command of ['create <username> --email <email>', 'reset-password <username>', 'reset-2fa <username>', 'list']) {
        expect(help.stdout).toContain(command);
      }
      expect(none).toMatchObject({ code: 2, stdout: '' });
      expect(none.stderr).toMatch(/^No command given\.\n\nUsage: npm run admin/);
      expect(unknown).toMatchObject({ code: 2, stdout: '' });
      expect(unknown.stderr).toMatch(/^Unknown command "frobnicate"\.\n\nUsage:/);
      expect(missing).toMatchObject({ code: 2, stdout: '' });
      expect(missing.stderr).toMatch(/^The create command needs --email <email>\.\n/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
    CLI_TIMEOUT,
  );
});

describe.each(databaseKinds())('npm run admin on %s', (kind) => {
  let target: Target;
  /** Opens the database in this process for a look (and closes it: the CLI needs the lock on PGlite). */
  async function inspect<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const database = await target.open();
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }
  const userRow = async (db: Db, username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!;
  const sessionCount = async (db: Db, userId: number) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(sessions)
        .where(eq(sessions.userId, userId))
    )[0]!.n;
  const signIn = (db: Db, userId: number, role: 'admin' | 'user') =>
    new SessionService(db, holdsNoCart, sessionAccounts).establish(
      null,
      { userId, twoFactorPending: false, twoFactorVerified: true, authenticatedAt: new Date() },
      role,
    );

  let alicePassword = '';
  const BOB_PASSWORD = 'Bob-from-the-environment-42';

  beforeAll(async () => {
    target = await createTarget(kind);
  });
  afterAll(async () => {
    await target?.dispose();
  });

  it(
    'creates an administrator on a fresh database, printing the generated password once; list shows it',
    async () => {
      const created = await admin(['create', 'alice', '--email', 'alice@example.com', '--first-name', 'Alice'], target.env);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^Created administrator "alice" <alice@example\.com> \(id 1\)\.$/m);
      alicePassword = printedPassword(created.stdout);
      expect(created.stderr).toBe('');

      const listed = await admin(['list'], target.env);
      expect(listed.code, listed.stderr).toBe(0);
      const lines = listed.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^ID\s+USERNAME\s+EMAIL\s+ROLE\s+2FA\s+CREATED$/);
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(/^1\s+alice\s+alice@example\.com\s+admin\s+off\s+\d{4}-\d{2}-\d{2}$/),
      ]);
      expect(listed.stdout).not.toContain(alicePassword);

      if (kind === 'postgres')
        expect(fs.readdirSync(target.dataDir)).toEqual([]); // no embedded database, no lock
      else expect(fs.readdirSync(target.dataDir)).toEqual(['pgdata']); // the lock is released on exit
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses a taken username or email and a weak password (exit 1, one line), creating nothing',
    async () => {
      // Only one run at a time may open an embedded database; the password check needs none.
      const [username, weak] = await Promise.all([
        admin(['create', 'ALICE', '--email', 'other@example.com'], target.env),
        admin(['create', 'carol', '--email', 'carol@example.com', '--password', 'short-pw'], target.env),
      ]);
      const email = await admin(['create', 'alice2', '--email', 'Alice@Example.com', '--role', 'user'], target.env);
      expect(username).toEqual({ code: 1, stdout: '', stderr: 'That username is already taken: ALICE\n' });
      expect(email).toEqual({ code: 1, stdout: '', stderr: 'An account with that email already exists: Alice@Example.com\n' });
      expect(weak).toEqual({ code: 1, stdout: '', stderr: 'An administrator password must be at least 12 characters long\n' });
    },
    CLI_TIMEOUT,
  );

  it(
    'takes a user account password from ADMIN_PASSWORD without printing it',
    async () => {
      const created = await admin(['create', 'bob', '--email', 'bob@example.com', '--role', 'user'], {
        ...target.env,
        ADMIN_PASSWORD: BOB_PASSWORD,
      });
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Created account "bob" <bob@example.com> (id 2).');
      expect(created.stdout).toContain('Its password is the one in ADMIN_PASSWORD.');
      expect(created.stdout + created.stderr).not.toContain(BOB_PASSWORD);

      await inspect(async (db) => {
        expect((await db.select({ username: users.username }).from(users).orderBy(users.id)).map((u) => u.username)).toEqual([
          'alice',
          'bob',
        ]);
        const [alice, bob] = [await userRow(db, 'alice'), await userRow(db, 'bob')];
        expect(alice).toMatchObject({ role: 'admin', firstName: 'Alice', twoFactorEnabled: false });
        expect(await verifyPassword(alice.passwordHash, alicePassword)).toBe(true);
        expect(bob).toMatchObject({ role: 'user', email: 'bob@example.com' });
        expect(await verifyPassword(bob.passwordHash, BOB_PASSWORD)).toBe(true);
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'reset-password: the old password stops working, the new one works, the account is signed out everywhere and unlocked',
    async () => {
      const ids = await inspect(async (db) => {
        const [alice, bob] = [await userRow(db, 'alice'), await userRow(db, 'bob')];
        await signIn(db, alice.id, 'admin');
        await signIn(db, alice.id, 'admin');
        await signIn(db, bob.id, 'user');
        const now = new Date();
        await db
          .insert(authFailures)
          .values({ key: 'user:alice', failures: 0, lastFailureAt: now, lockedUntil: new Date(now.getTime() + 600_000) });
        return { alice: alice.id, bob: bob.id };
      });

      // Checked against the account's role: an administrator's password needs 12 characters.
      const weak = await admin(['reset-password', 'alice', '--password', 'only-10-ch'], target.env);
      const reset = await admin(['reset-password', 'Alice'], target.env);
      expect(weak).toEqual({ code: 1, stdout: '', stderr: 'An administrator password must be at least 12 characters long\n' });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain(
        'New password set for "alice"; all of its sessions have ended and its sign-in lockout is lifted.',
      );
      const newPassword = printedPassword(reset.stdout);

      await inspect(async (db) => {
        const alice = await userRow(db, 'alice');
        expect(await verifyPassword(alice.passwordHash, alicePassword)).toBe(false);
        expect(await verifyPassword(alice.passwordHash, newPassword)).toBe(true);
        expect(await sessionCount(db, ids.alice)).toBe(0);
        expect(await sessionCount(db, ids.bob)).toBe(1); // only that account's sessions end
        expect(await db.select().from(authFailures).where(eq(authFailures.key, 'user:alice'))).toEqual([]);
        expect(await db.select().from(securityLogs)).toEqual([
          expect.objectContaining({ eventType: 'PASSWORD_CHANGED', username: 'alice', userId: ids.alice, ipAddress: 'local' }),
        ]);
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'reset-2fa turns two-factor off, deletes the backup codes and ends the sessions; an unknown user is exit 1',
    async () => {
      const aliceId = await inspect(async (db) => {
        const alice = await userRow(db, 'alice');
        await db
          .update(users)
          .set({ twoFactorSecret: 'encrypted-secret', twoFactorEnabled: true, twoFactorVerified: true, lastTotpStep: 123 })
          .where(eq(users.id, alice.id));
        await db.insert(backupCodes).values([1, 2, 3].map((n) => ({ userId: alice.id, codeHash: `hash-${n}` })));
        await signIn(db, alice.id, 'admin');
        return alice.id;
      });

      const unknown = await admin(['reset-2fa', 'nobody'], target.env);
      const reset = await admin(['reset-2fa', 'alice'], target.env);
      expect(unknown).toEqual({ code: 1, stdout: '', stderr: 'No account with the username "nobody".\n' });
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stdout).toContain('Two-factor authentication turned off for "alice"');

      await inspect(async (db) => {
        expect(await userRow(db, 'alice')).toMatchObject({
          twoFactorSecret: null,
          twoFactorEnabled: false,
          twoFactorVerified: false,
          lastTotpStep: null,
        });
        expect(
          await db
            .select()
            .from(backupCodes)
            .where(inArray(backupCodes.userId, [aliceId])),
        ).toEqual([]);
        expect(await sessionCount(db, aliceId)).toBe(0);
      });
    },
    CLI_TIMEOUT,
  );

  it.runIf(kind === 'pglite')(
    'refuses (exit 1) while another process holds the data directory, and changes nothing',
    async () => {
      const held = await target.open(); // this test process now holds the lock, as a running server would
      try {
        const refused = await admin(['create', 'eve', '--email', 'eve@example.com'], target.env);
        expect(refused.code).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr.split('\n')).toEqual([expect.any(String), '']); // one line
        expect(refused.stderr).toContain(
          `The data directory ${target.dataDir} is in use by another process (pid ${process.pid} on ${os.hostname()}`,
        );
        expect(refused.stderr).toContain('most likely the running server. Stop it first, then run this command again');
        expect(await held.db.select({ username: users.username }).from(users).orderBy(users.id)).toEqual([
          { username: 'alice' },
          { username: 'bob' },
        ]);
        expect(JSON.parse(fs.readFileSync(path.join(target.dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
          pid: process.pid,
        });
      } finally {
        await held.close();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'creates a staff account (--role staff): 12 characters at least, a generated password printed once; list shows it',
    async () => {
      // The password check opens no database: it may run beside the run that does.
      const [weak, created] = await Promise.all([
        admin(['create', 'carol', '--email', 'carol@example.com', '--role', 'staff', '--password', 'only-10-ch'], target.env),
        admin(['create', 'carol', '--email', 'carol@example.com', '--role', 'staff', '--first-name', 'Carol'], target.env),
      ]);
      expect(weak).toMatchObject({ code: 1, stdout: '' });
      expect(weak.stderr).toMatch(/^.* password must be at least 12 characters long\n$/);
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/^Created staff "carol" <carol@example\.com> \(id 3\)\.$/m);
      expect(created.stdout).toContain('Sign in at /login; two-factor authentication is set up at the first sign-in.');
      const carolPassword = printedPassword(created.stdout);
      expect(created.stderr).toBe('');

      const listed = await admin(['list'], target.env);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout.trimEnd().split('\n').slice(1)).toEqual([
        expect.stringMatching(/^1\s+alice\s+alice@example\.com\s+admin\s+off\s/),
        expect.stringMatching(/^2\s+bob\s+bob@example\.com\s+user\s+off\s/),
        expect.stringMatching(/^3\s+carol\s+carol@example\.com\s+staff\s+off\s+\d{4}-\d{2}-\d{2}$/),
      ]);
      expect(listed.stdout).not.toContain(carolPassword);

      await inspect(async (db) => {
        const carol = await userRow(db, 'carol');
        expect(carol).toMatchObject({ role: 'staff', firstName: 'Carol', email: 'carol@example.com', twoFactorEnabled: false });
        expect(await verifyPassword(carol.passwordHash, carolPassword)).toBe(true);
      });
    },
    CLI_TIMEOUT,
  );
});
