import { inject } from 'vitest';

import { emlsTo } from '#tests/support/eml.ts';

import { poll } from './expect.ts';

/** Where the shared server writes its e-mails. */
const OUTBOX_DIR: string = inject('outboxDir');

/** The e-mails the shared server wrote to `to`, oldest first: subject and text part. */
export const mailsTo = (to: string) => emlsTo(OUTBOX_DIR, to);

/** The text of the newest e-mail to `to` whose subject matches, once the server's sender has written it. */
export async function mailTo(to: string, subject: RegExp): Promise<{ subject: string; body: string }> {
  const newest = () =>
    mailsTo(to)
      .filter((mail) => subject.test(mail.subject))
      .at(-1);
  await poll(() => newest() !== undefined, `an e-mail to ${to}`).toBe(true);
  return newest()!;
}

/** The address of the first link in an e-mail's text that goes to `page` (its token in the fragment). */
export function linkIn(body: string, page: string): string {
  const match = new RegExp(`https?://\\S+${page}#[A-Za-z0-9_-]{43}`).exec(body);
  if (!match) throw new Error(`No ${page} link in:\n${body}`);
  return match[0];
}
