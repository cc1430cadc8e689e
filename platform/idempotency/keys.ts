import { createHash } from 'node:crypto';

import { and, eq, lt } from 'drizzle-orm';

import { mismatch } from '#lib/errors.ts';
import type { Db } from '#platform/db/client.ts';
import { idempotentRequests } from '#platform/idempotency/tables.ts';

/**
 * How long a key is remembered: longer than any retry or a form left open over a weekend. After that the same key
 * is a new request.
 */
export const KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What a request asked, as the server read it (after the schema), so other spacing or key order still matches. */
export function fingerprintOf(asked: unknown): string {
  return createHash('sha256').update(JSON.stringify(asked)).digest('base64url');
}

/** Whether a write failed on a unique index (two requests with one key at once: the other one's stands). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export interface KeyedRequest {
  /** The route the key was used on: a key belongs to it. */
  scope: string;
  key: string;
  fingerprint: string;
  /** Said when the same key comes with another request. */
  mismatchMessage: string;
}

/**
 * The first answer to this key while it lives, or null for a new request; the same key asking for something else
 * is refused (422). Read inside the request's transaction after its lock, so a repeat waits for the first to finish.
 */
export async function answerOf<T>(tx: Pick<Db, 'select'>, request: KeyedRequest, now: Date): Promise<T | null> {
  const [row] = await tx
    .select({
      fingerprint: idempotentRequests.fingerprint,
      response: idempotentRequests.response,
      at: idempotentRequests.createdAt,
    })
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.scope, request.scope), eq(idempotentRequests.key, request.key)));
  if (!row || row.at.getTime() <= now.getTime() - KEY_LIFETIME_MS) return null;
  if (row.fingerprint !== request.fingerprint) throw mismatch(request.mismatchMessage);
  return row.response as T;
}

/**
 * Stores the answer with its key, in the transaction that did the work (both or neither), and forgets the keys past
 * their lifetime. Two requests with one key that got past answerOf at once meet at the primary key.
 */
export async function rememberAnswer(
  tx: Pick<Db, 'insert' | 'delete'>,
  request: KeyedRequest,
  response: unknown,
  now: Date,
): Promise<void> {
  await tx.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now.getTime() - KEY_LIFETIME_MS)));
  await tx.insert(idempotentRequests).values({
    scope: request.scope,
    key: request.key,
    fingerprint: request.fingerprint,
    response,
    createdAt: now,
  });
}
