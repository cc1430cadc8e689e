import { randomBytes } from 'node:crypto';

import { and, eq, isNull } from 'drizzle-orm';

import type { PanelRole } from '../../../core/auth.ts';
import { gone, notFound } from '../../../core/errors.ts';
import { ACCOUNT_LINK_PAGES, type LinkPreview } from '../../../core/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import { accountLinks, users } from '../../db/schema.ts';
import { hashToken } from '../session/service.ts';

export type LinkPurpose = LinkPreview['purpose'];
export type LinkRow = typeof accountLinks.$inferSelect;

export const LINK_UNKNOWN = 'This link is not valid. Ask your administrator for a new one.';
const USED: Record<LinkPurpose, string> = {
  invite: 'This invitation has already been used. Log in with the username you chose, or ask your administrator for a new one.',
  'password-reset': 'This link has already been used. Log in with your new password, or ask an administrator for a new link.',
};
const EXPIRED: Record<LinkPurpose, string> = {
  invite: 'This invitation has expired. Ask your administrator for a new one.',
  'password-reset': 'This link has expired. Ask an administrator for a new one.',
};

/** A new link's random token (what the e-mail carries) and its hash (what the database keeps). */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** The page a link opens: the token rides in the fragment, which browsers never send to a server or a log. */
export const linkUrl = (siteUrl: string, purpose: LinkPurpose, token: string): string =>
  `${siteUrl}${ACCOUNT_LINK_PAGES[purpose]}#${token}`;

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
  if (row.usedAt) throw gone(USED[purpose]);
  if (row.expiresAt <= now) throw gone(EXPIRED[purpose]);
  return row;
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
    role: (row.role ?? account?.role ?? 'staff') as PanelRole,
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
