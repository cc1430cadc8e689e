import { randomBytes } from 'node:crypto';

import { and, eq, exists, gt, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Role } from '#domains/account/model.ts';
import { ACCOUNT_LINK_PAGES, type LinkPreview } from '#domains/account/schema.ts';
import { accountLinks, users } from '#domains/account/tables.ts';
import { gone, notFound } from '#lib/errors.ts';
import { msg } from '#lib/i18n/translate.ts';
import { type Language, pathIn } from '#lib/language.ts';
import type { Db } from '#platform/db/client.ts';
import { hashToken } from '#platform/session/service.ts';

export type LinkPurpose = LinkPreview['purpose'];
export type LinkRow = typeof accountLinks.$inferSelect;

// The link's page shows these in its language (marked for the catalogue, lib/i18n).
export const LINK_UNKNOWN = msg('This link is not valid. Ask your administrator for a new one.');
const USED: Record<LinkPurpose, string> = {
  invite: msg(
    'This invitation has already been used. Log in with the username you chose, or ask your administrator for a new one.',
  ),
  'password-reset': msg(
    'This link has already been used. Log in with your new password, or ask an administrator for a new link.',
  ),
};
const EXPIRED: Record<LinkPurpose, string> = {
  invite: msg('This invitation has expired. Ask your administrator for a new one.'),
  'password-reset': msg('This link has expired. Ask an administrator for a new one.'),
};
/** A customer asked for their own link, so they ask again from the login page rather than an administrator. */
const CUSTOMER_USED = msg(
  'This link has already been used. Log in with your new password, or ask for a new link from the login page.',
);
const CUSTOMER_EXPIRED = msg('This link has expired. Ask for a new one from the login page.');

/** A new link's random token (what the e-mail carries) and its hash (what the database keeps). */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * The page a link opens, in the language it was asked for from: the token rides in the fragment, which browsers never
 * send to a server or a log.
 */
export const linkUrl = (siteUrl: string, purpose: LinkPurpose, token: string, language: Language = 'en'): string =>
  `${siteUrl}${pathIn(language, ACCOUNT_LINK_PAGES[purpose])}#${token}`;

type Reader = Pick<Db, 'select'>;

/**
 * The link a token names, for `purpose`, while it may still be used; refused with the reason otherwise. `lock` holds
 * its row until the caller's transaction ends, so two tabs cannot use it at once.
 */
export async function usableLink(
  db: Reader,
  purpose: LinkPurpose,
  token: string,
  now: Date,
  { lock = false } = {},
): Promise<LinkRow> {
  const query = db
    .select()
    .from(accountLinks)
    .where(and(eq(accountLinks.tokenHash, hashToken(token)), eq(accountLinks.purpose, purpose)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LINK_UNKNOWN);
  const account = row.userId === null ? undefined : await resetAccount(db, row.userId);
  const customer = account?.role === 'user';
  if (row.usedAt) throw gone(customer ? CUSTOMER_USED : USED[purpose]);
  // A password changed since the link was sent (another reset, the account's own change) ends it like its expiry.
  if (row.expiresAt <= now || (account && account.passwordChangedAt > row.createdAt)) {
    throw gone(customer ? CUSTOMER_EXPIRED : EXPIRED[purpose]);
  }
  // An invitation the administrator could no longer send is as good as none: the page says the link is not valid.
  if (purpose === 'invite' && !(await inviterStillMay(db, row.id))) throw gone(LINK_UNKNOWN);
  return row;
}

async function resetAccount(db: Reader, id: number) {
  const [account] = await db
    .select({ role: users.role, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, id));
  return account;
}

const inviter = alias(users, 'inviter');

/**
 * Whether an invitation's sender may still make it: an invitation dies with its sender's right to send it, when their
 * account is removed (which clears `created_by`), is no longer an administrator's, or was signed out everywhere after
 * sending it (a compromised account's invitations end with its sessions).
 */
export const inviterMayInvite = (db: Reader): SQL =>
  exists(
    db
      .select({ one: inviter.id })
      .from(inviter)
      .where(
        and(
          eq(inviter.id, accountLinks.createdBy),
          eq(inviter.role, 'admin'),
          or(isNull(inviter.sessionsEndedAt), gt(accountLinks.createdAt, inviter.sessionsEndedAt)),
        ),
      ),
  );

async function inviterStillMay(db: Reader, linkId: number): Promise<boolean> {
  const rows = await db
    .select({ id: accountLinks.id })
    .from(accountLinks)
    .where(and(eq(accountLinks.id, linkId), inviterMayInvite(db)));
  return rows.length === 1;
}

/**
 * The invitation a token names, for accepting it in the caller's transaction: its sender's account row is locked
 * first, then the invitation's, and the sender's right is checked again under both locks, so a demotion, a removal or
 * a sign-out everywhere either comes before (and the invitation is refused) or waits until the account is made. The
 * sender's row is locked before the link's, in the order removing an account takes them.
 */
export async function lockedInvitation(db: Reader, token: string, now: Date): Promise<LinkRow> {
  const { createdBy } = await usableLink(db, 'invite', token, now);
  if (createdBy !== null) await db.select({ id: users.id }).from(users).where(eq(users.id, createdBy)).for('update');
  return usableLink(db, 'invite', token, now, { lock: true });
}

/** What the link's page shows before its form is sent. */
export async function previewLink(db: Reader, purpose: LinkPurpose, token: string, now: Date): Promise<LinkPreview> {
  const row = await usableLink(db, purpose, token, now);
  const [account] = row.userId
    ? await db
        .select({ username: users.username, firstName: users.firstName, role: users.role })
        .from(users)
        .where(eq(users.id, row.userId))
    : [];
  return {
    purpose,
    email: row.email,
    firstName: row.firstName ?? account?.firstName ?? '',
    role: (row.role ?? account?.role ?? 'staff') as Role,
    username: account?.username ?? null,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Marks a link used, once: false when another request used it first. */
export async function useLink(db: Pick<Db, 'update'>, id: number, at: Date): Promise<boolean> {
  const used = await db
    .update(accountLinks)
    .set({ usedAt: at })
    .where(and(eq(accountLinks.id, id), isNull(accountLinks.usedAt)))
    .returning({ id: accountLinks.id });
  return used.length === 1;
}
