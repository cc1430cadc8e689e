/**
 * The shop's digital signature certificate (DSC: a PKCS#12 file and its password) and the signing of issued PDFs with
 * it (PAdES: a detached CMS signature over the file's bytes, sub-filter ETSI.CAdES.detached). The file and password
 * are sealed with a SecretBox at rest, as a version of the settings' `signing` section, so the settings history shows
 * who set or removed it; a new upload or a removal scrubs the sealed key from every older version.
 * See docs/decisions/512-document-signing-certificate.md.
 */
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { and, desc, eq, sql } from 'drizzle-orm';
import forge from 'node-forge';

import type { SecretBox } from '#domains/account/secret-box.server.ts';
import type { SigningCertificate, SigningCertificateUpload } from '#domains/settings/schema.ts';
import { SETTINGS_CHANNEL } from '#domains/settings/service.server.ts';
import { settingsVersions } from '#domains/settings/tables.ts';
import { invalid } from '#lib/errors.ts';
import type { Actor } from '#platform/audit/service.ts';
import type { Db, Tx } from '#platform/db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs issued PDFs with the shop's certificate (buildApp decorates the app with the services' one). */
    documentSigner: DocumentSigner;
  }
}

export const NOT_PKCS12 = 'Not a certificate file: upload the .p12 or .pfx file your certifying authority issued';
export const WRONG_PASSWORD = 'The password does not open this certificate file';
export const NO_KEY = 'The file holds no private key with its certificate: export it with the key';

/** The settings history's section name of the certificate's versions (never one of the settings the panel reads). */
export const SIGNING_SECTION = 'signing';

/** A version's value: what anyone may see, and the sealed file and password until a newer version scrubs them. */
interface SigningValue {
  certificate: SigningCertificate | null;
  sealed?: { p12: string; password: string };
}

/** A PKCS#12 file's signer certificate (the one matching its private key), or a 400 saying what is wrong. */
function openPkcs12(file: Buffer, password: string): forge.pki.Certificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
  } catch {
    throw invalid(NOT_PKCS12, { file: NOT_PKCS12 });
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  } catch (error) {
    // forge says "Invalid password?" when the file's MAC does not verify; anything else: not a PKCS#12 file.
    const wrong = error instanceof Error && /password/i.test(error.message);
    throw wrong ? invalid(WRONG_PASSWORD, { password: WRONG_PASSWORD }) : invalid(NOT_PKCS12, { file: NOT_PKCS12 });
  }
  const bags = (bagType: 'certBag' | 'keyBag' | 'pkcs8ShroudedKeyBag') => {
    const oid = forge.pki.oids[bagType] as string;
    return p12.getBags({ bagType: oid })[oid] ?? [];
  };
  const keys = [...bags('pkcs8ShroudedKeyBag'), ...bags('keyBag')].flatMap((bag) =>
    bag.key ? [bag.key as forge.pki.rsa.PrivateKey] : [],
  );
  const certificate = bags('certBag')
    .flatMap((bag) => (bag.cert ? [bag.cert] : []))
    .find((cert) => {
      const key = cert.publicKey as forge.pki.rsa.PublicKey;
      return keys.some((privateKey) => privateKey.n.equals(key.n) && privateKey.e.equals(key.e));
    });
  if (!certificate) throw invalid(NO_KEY, { file: NO_KEY });
  return certificate;
}

const nameOf = (name: forge.pki.Certificate['subject']) =>
  name.attributes.map((attribute) => `${attribute.shortName ?? attribute.name}=${String(attribute.value)}`).join(', ');

/** Holds the shop's certificate and signs issued invoices and credit notes with it. */
export class DocumentSigner {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly log: { warn: (obj: object, msg: string) => void } | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The certificate set (subject, validity, whether it has expired), never the key; null: none. */
  async current(): Promise<SigningCertificate | null> {
    return (await this.latest())?.certificate ?? null;
  }

  /** Checks the file opens with the password and holds a key with its certificate, then keeps it, sealed. */
  async set({ file, password }: SigningCertificateUpload, actor: Actor): Promise<SigningCertificate> {
    const bytes = Buffer.from(file, 'base64');
    const cert = openPkcs12(bytes, password);
    const certificate: SigningCertificate = {
      subject: nameOf(cert.subject),
      issuer: nameOf(cert.issuer),
      validFrom: cert.validity.notBefore.toISOString(),
      validTo: cert.validity.notAfter.toISOString(),
      expired: cert.validity.notAfter < this.now(),
    };
    await this.store(
      { certificate, sealed: { p12: this.box.seal(bytes.toString('base64')), password: this.box.seal(password) } },
      actor,
    );
    return certificate;
  }

  /** Removes the certificate: documents are no longer signed, and no version keeps its key. */
  async remove(actor: Actor): Promise<void> {
    await this.store({ certificate: null }, actor);
  }

  /**
   * The PDF signed with the shop's certificate; as it is when none is set, or (with a warning in the log) when it has
   * expired: a signature with an expired certificate would only show as invalid. Inside a transaction pass it (on
   * PGlite's one connection a read beside an open transaction would wait for it forever).
   */
  async sign(pdf: Buffer, db: Db | Tx = this.db): Promise<Buffer> {
    const latest = await this.latest(db);
    if (!latest?.certificate || !latest.sealed) return pdf;
    if (new Date(latest.certificate.validTo) < this.now()) {
      this.log?.warn({ validTo: latest.certificate.validTo }, 'the signing certificate has expired: PDF not signed');
      return pdf;
    }
    const signer = new P12Signer(Buffer.from(this.box.open(latest.sealed.p12), 'base64'), {
      passphrase: this.box.open(latest.sealed.password),
    });
    const withPlaceholder = plainAddPlaceholder({
      pdfBuffer: pdf,
      reason: 'Issued by the supplier',
      contactInfo: '',
      name: latest.certificate.subject,
      location: '',
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
      signingTime: this.now(),
    });
    return new SignPdf().sign(withPlaceholder, signer, this.now());
  }

  private async latest(db: Db | Tx = this.db): Promise<SigningValue | null> {
    const [row] = await db
      .select({ value: settingsVersions.value })
      .from(settingsVersions)
      .where(eq(settingsVersions.section, SIGNING_SECTION))
      .orderBy(desc(settingsVersions.id))
      .limit(1);
    const value = row?.value as SigningValue | undefined;
    if (!value?.certificate) return null;
    return { ...value, certificate: { ...value.certificate, expired: new Date(value.certificate.validTo) < this.now() } };
  }

  /** A new version, the sealed key scrubbed from the older ones in the same transaction. */
  private async store(value: SigningValue, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(settingsVersions)
        .set({ value: sql`${settingsVersions.value} - 'sealed'` })
        .where(and(eq(settingsVersions.section, SIGNING_SECTION), sql`${settingsVersions.value} ? 'sealed'`));
      await tx.insert(settingsVersions).values({
        section: SIGNING_SECTION,
        value,
        savedByUserId: actor.userId,
        savedByUsername: actor.username,
      });
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, '')`);
    });
  }
}
