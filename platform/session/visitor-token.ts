import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A visitor's token before anything of theirs is stored: 32 random bytes and an HMAC of them, both base64url, joined
 * by a dot. It costs no database row: a visitor who only browses never gets one, and a flood of requests cannot
 * fill the sessions table. The server knows it made the token by its signature (a forged cookie is no visitor);
 * at the visitor's first write a session is stored under the token's hash, so the cookie and the CSRF token derived
 * from it stay the same. A signed-in session's token is plain random (sign-in always makes a new one), never this.
 */
export class VisitorTokens {
  constructor(private readonly key: Buffer) {}

  mint(): string {
    const random = randomBytes(32).toString('base64url');
    return `${random}.${this.signatureOf(random)}`;
  }

  isSigned(token: string | undefined): token is string {
    if (!token || token.length !== 87) return false;
    const [random, signature] = token.split('.');
    if (!random || !signature || random.length !== 43) return false;
    const expected = Buffer.from(this.signatureOf(random));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signatureOf(random: string): string {
    return createHmac('sha256', this.key).update(random).digest('base64url');
  }
}
