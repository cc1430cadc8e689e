import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** What authenticator apps assume: HMAC-SHA-1, 6 digits, 30-second steps. */
const PARAMS = { algorithm: 'sha1', digits: 6, period: 30 } as const;

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A new base32 secret of 20 random bytes. */
export function createTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth://totp/ URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, accountName: string, issuer: string): string {
  // The label is "issuer:account", so neither may hold a colon of its own (Key Uri Format).
  const clean = (text: string) => text.replaceAll(':', '');
  return generateURI({ ...PARAMS, secret, label: clean(accountName), issuer: clean(issuer) });
}

export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { type: 'image/png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The code an authenticator app shows at the time `at`. */
export function totpCode(secret: string, at: Date): string {
  return generateSync({ ...PARAMS, secret, epoch: epochSeconds(at) });
}

/**
 * The 30-second time step (floor(epochSeconds / 30)) whose code `code` is, looking at the step of `at`
 * and one step either side; null when none matches. The caller refuses a step it has already accepted.
 */
export function matchTotp(secret: string, code: string, at: Date): number | null {
  // otplib throws on a token that is not 6 digits.
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = epochSeconds(at);
  // A tolerance of one period in seconds checks exactly the previous, current and next steps.
  const result = verifySync({ ...PARAMS, secret, token: code, epoch, epochTolerance: PARAMS.period });
  return result.valid ? Math.floor(epoch / PARAMS.period) + result.delta : null;
}
