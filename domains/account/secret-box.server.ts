import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Authenticated encryption (AES-256-GCM) of short strings, such as two-factor secrets at rest. */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.#key = key;
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each part base64url; a fresh random IV every time. */
  seal(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
  }

  /** Throws when the value was altered, is malformed or was sealed with another key. */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
      throw new Error('SecretBox: not a sealed value');
    }
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('SecretBox: not a sealed value');
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new Error('SecretBox: the value was altered or sealed with another key', { cause: error });
    }
  }
}
