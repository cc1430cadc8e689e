// Test data only: the invoice registration portal's answer to a document, as the portal signs it (RS256) but with a
// test key pair. core/ tests may not import tests/support, so it lives beside them; the API tests use it too.
import { generateKeyPairSync, sign } from 'node:crypto';

import type { IrpAnswer } from './e-invoice.ts';

/** A signed token as the portal makes one (RS256), here with a test key pair. */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** The test key's public half, to check a token's signature in a test. */
export const TEST_IRP_PUBLIC_KEY = publicKey;
const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
function signedToken(data: object): string {
  const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url({ data: JSON.stringify(data), iss: 'NIC' })}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
}
export const IRN = 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229';

/** The portal's answer for a document: its IRN, an acknowledgement, and the signed invoice and QR code naming it. */
export function irpAnswerFor(
  document: { number: string; date: string; total: number; seller: string; buyer: string; type?: string },
  irn = IRN,
): IrpAnswer {
  const facts = {
    SellerGstin: document.seller,
    BuyerGstin: document.buyer,
    DocNo: document.number,
    DocTyp: document.type ?? 'INV',
    DocDt: document.date.split('-').reverse().join('/'),
    TotInvVal: document.total / 100,
    ItemCnt: 3,
    MainHsnCode: '14049090',
    Irn: irn,
    IrnDt: `${document.date} 11:05:00`,
  };
  return {
    irn,
    ackNo: '112610000012345',
    ackDate: `${document.date} 11:05:00`,
    signedInvoice: signedToken({ Irn: irn, DocDtls: { No: document.number } }),
    signedQrCode: signedToken(facts),
  };
}
