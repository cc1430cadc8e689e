// A digital signature certificate for tests, made here (no file kept): what an administrator uploads as the shop's DSC.
import crypto from 'node:crypto';

import forge from 'node-forge';

export const DAY = 86_400_000;

/**
 * A PKCS#12 file (base64) as a certifying authority issues a DSC: a certificate for `days` days from `from` (ms) with
 * its private key, under `password`; self-signed, so a verifier finds it valid but untrusted.
 */
export function makeP12(name: string, password: string, from = Date.now() - DAY, days = 365): string {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(from);
  cert.validity.notAfter = new Date(from + days * DAY);
  const subject = [
    { shortName: 'CN', value: name },
    { shortName: 'O', value: name },
    { shortName: 'C', value: 'IN' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64');
}
