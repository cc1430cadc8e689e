import { createHash, createHmac } from 'node:crypto';

import { statusPagePath } from '#domains/enquiry/status-link.ts';
import { type Language, pathIn } from '#lib/language.ts';

/**
 * The tokens of the customers' status links. A token is made from the enquiry's id and its link's version with a
 * key of the app secret, so the server can give the same link again (a retried send, a new e-mail) while the
 * database keeps only its hash; a revoked link's hash is gone, and a new link takes the next version.
 */
export class StatusLinks {
  constructor(private readonly key: Buffer) {}

  token(enquiryId: number, version: number): string {
    return createHmac('sha256', this.key).update(`${enquiryId}:${version}`).digest('base64url');
  }

  /** The status page's full address, for e-mails: in the language the enquiry was sent in. */
  url(siteUrl: string, enquiryId: number, version: number, language: Language = 'en'): string {
    return siteUrl + pathIn(language, statusPagePath(this.token(enquiryId, version)));
  }

  /** The status page of an enquiry for its e-mails, or null when the staff revoked its link. */
  urlOf(
    siteUrl: string,
    enquiry: { id: number; statusTokenHash: string | null; statusLinkVersion: number; language?: Language },
  ): string | null {
    return enquiry.statusTokenHash === null ? null : this.url(siteUrl, enquiry.id, enquiry.statusLinkVersion, enquiry.language);
  }

  hashOf(enquiryId: number, version: number): string {
    return statusTokenHash(this.token(enquiryId, version));
  }
}

export const statusTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');
