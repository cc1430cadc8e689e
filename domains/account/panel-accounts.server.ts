import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

import { inviterMayInvite, type LinkRow } from '#domains/account/links.server.ts';
import { PANEL_ROLES, type PanelRole } from '#domains/account/model.ts';
import { accountLinks, backupCodes, users } from '#domains/account/tables.ts';
import type { UserRow } from '#domains/account/users.server.ts';
import type { Db, Tx } from '#platform/db/client.ts';
import { containing } from '#platform/db/lists.ts';
import { signedInSomewhere } from '#platform/session/service.ts';

// The panel's accounts and their invitations as the staff concept lists and changes them, inside its transactions
// where it has one: only the account concept names its tables.
type Reader = Pick<Db, 'select'>;

/** Which panel accounts a list shows: one by its id, or those whose names or e-mail hold `q`. */
const panelWhere = ({ id, q }: { id?: number; q?: string }): SQL | undefined =>
  and(id === undefined ? undefined : eq(users.id, id), inArray(users.role, [...PANEL_ROLES]), matching(q));

/** Panel accounts by username, with their backup codes left and whether they are signed in anywhere at `now`. */
export async function panelMembers(
  db: Reader,
  which: { id?: number; q?: string },
  now: Date,
  limit: number,
  offset: number,
): Promise<{ user: UserRow; backupCodesLeft: number; signedIn: boolean }[]> {
  const unusedCodes = db
    .select({ n: count() })
    .from(backupCodes)
    .where(and(eq(backupCodes.userId, users.id), isNull(backupCodes.usedAt)));
  const backupCodesLeft = sql<number>`(${unusedCodes})`;
  const signedIn = signedInSomewhere(db, users.id, now);
  return db
    .select({
      user: users,
      backupCodesLeft: backupCodesLeft.mapWith(Number),
      signedIn: sql<boolean>`${signedIn}`.mapWith(Boolean),
    })
    .from(users)
    .where(panelWhere(which))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(limit)
    .offset(offset);
}

/** How many panel accounts a search finds. */
export async function panelMemberCount(db: Reader, q: string | undefined): Promise<number> {
  const [total] = await db.select({ n: count() }).from(users).where(panelWhere({ q }));
  return total?.n ?? 0;
}

const openInvite = and(eq(accountLinks.purpose, 'invite'), isNull(accountLinks.usedAt));

/**
 * A page of the invitations not yet accepted (expired ones too), newest first, each with its sender's username; not
 * those whose sender can no longer invite. And how many there are.
 */
export async function openInvitations(db: Reader, q: string | undefined, limit: number, offset: number) {
  const pattern = q ? containing(q) : null;
  const where = and(
    eq(accountLinks.purpose, 'invite'),
    isNull(accountLinks.usedAt),
    inviterMayInvite(db),
    pattern ? or(ilike(accountLinks.email, pattern), ilike(accountLinks.firstName, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ link: accountLinks, invitedBy: users.username })
      .from(accountLinks)
      .leftJoin(users, eq(users.id, accountLinks.createdBy))
      .where(where)
      .orderBy(desc(accountLinks.createdAt), desc(accountLinks.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(accountLinks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A link's token, when it was made and when it expires. */
export interface FreshLink {
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A new invitation, in place of any open one to the same address. */
export async function replaceInvitation(
  tx: Tx,
  invite: { email: string; firstName: string; role: PanelRole; createdBy: number | null },
  fresh: FreshLink,
): Promise<LinkRow> {
  await tx.delete(accountLinks).where(and(openInvite, sql`lower(${accountLinks.email}) = lower(${invite.email})`));
  const [row] = await tx
    .insert(accountLinks)
    .values({ purpose: 'invite', ...invite, ...fresh })
    .returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** An open invitation with a new link; undefined when none is open under that id. */
export async function renewInvitation(tx: Tx, id: number, fresh: FreshLink & { createdBy: number | null }) {
  const [row] = await tx
    .update(accountLinks)
    .set(fresh)
    .where(and(eq(accountLinks.id, id), openInvite))
    .returning();
  return row;
}

/** Deletes an open invitation; answers it, or undefined when none is open under that id. */
export async function deleteInvitation(tx: Tx, id: number): Promise<LinkRow | undefined> {
  const [row] = await tx
    .delete(accountLinks)
    .where(and(eq(accountLinks.id, id), openInvite))
    .returning();
  return row;
}

/**
 * A password-reset link for the account, in place of any still open (one works at a time), made by `createdBy` (an
 * administrator) or by the customer's own request (null).
 */
export async function replaceResetLink(
  tx: Tx,
  account: { id: number; email: string },
  link: { tokenHash: string; createdBy: number | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .delete(accountLinks)
    .where(and(eq(accountLinks.userId, account.id), eq(accountLinks.purpose, 'password-reset'), isNull(accountLinks.usedAt)));
  await tx.insert(accountLinks).values({ purpose: 'password-reset', email: account.email, userId: account.id, ...link });
}

/** These accounts' rows locked in id order for the caller's transaction. */
export function lockedAccounts(tx: Reader, ids: readonly number[]): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(asc(users.id))
    .for('update');
}

/** Changes an account's fields (its role, its password, when it last signed in); answers the row, if there is one. */
export async function updateAccount(
  tx: Tx,
  id: number,
  set: Partial<Pick<UserRow, 'role' | 'passwordHash' | 'passwordChangedAt' | 'lastSignInAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

/** Removes an account (its sessions, codes and links with it). */
export async function deleteAccount(tx: Tx, id: number): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}

function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return or(
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
  );
}
