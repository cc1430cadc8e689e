/**
 * The shop as its settings describe it, in the forms the pages, e-mails and documents print. The settings themselves
 * are domains/settings/schema.ts's; domains/settings/demo-shop.ts keeps only the demo shop a fresh install is seeded with.
 */
import type { PaymentDetails } from '#domains/settings/payment-details.ts';
import { UPI_PERSONAL_LIMIT } from '#domains/settings/upi.ts';
import type { Issuer } from '#domains/tax/document.ts';

import { demoShop } from './demo-shop.ts';
import type { Address, BusinessSettings, HoursSettings, ShopSettings } from './schema.ts';

/** 'Market Road, Aluva, Ernakulam, Kerala 683101'. */
export const addressText = (address: Address): string =>
  `${address.street}, ${address.locality}, ${address.city}, ${address.state} ${address.postalCode}`;

/** '+91 98470 12345' from the ten digits the settings keep. */
export const phoneText = (digits: string): string => `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;

/** 'tel:+919847012345'. */
export const phoneHref = (digits: string): string => `tel:+91${digits}`;

/** A WhatsApp chat with the shop, with `text` already typed when given (wa.me wants the country code and number). */
export const whatsappHref = (digits: string, text?: string): string =>
  `https://wa.me/91${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;

/**
 * What the pages and e-mails show of the shop: its public details and hours, from the settings in force. The root
 * loader gives it to every page (domains/settings/ui/shop.ts); the e-mails' layout signs with it.
 */
export interface PublicShop extends Omit<BusinessSettings, 'tradingName' | 'gstin'> {
  /** The trading name. */
  name: string;
  hours: HoursSettings;
}

export const publicShopOf = ({ business: { tradingName, gstin: _gstin, ...details }, hours }: ShopSettings): PublicShop => ({
  name: tradingName,
  ...details,
  hours,
});

/** The shop as a document issued now names it; `demo`: the shop's own details are not saved yet (a specimen). */
export function issuerOf(settings: Pick<ShopSettings, 'business' | 'documents'>, demo: boolean): Issuer {
  const { business: shop, documents } = settings;
  return {
    name: shop.legalName,
    address: addressText(shop.address),
    phone: phoneText(shop.phone),
    email: shop.email,
    gstin: shop.gstin,
    signatoryName: documents.signatoryName,
    logo: documents.logo,
    signature: documents.signature,
    specimen: demo,
  };
}

/**
 * The shop as documents issued before its details were settings named it (they kept no copy of their own): the demo
 * shop's details, which were the only ones a document could carry then.
 */
export const EARLIER_ISSUER: Issuer = {
  name: demoShop.legalName,
  address: addressText(demoShop.address),
  phone: phoneText(demoShop.phone),
  email: demoShop.email,
  gstin: demoShop.gstin,
  signatoryName: '',
  logo: null,
  signature: null,
  specimen: false,
};

/** The ways to pay an invoice issued now: the UPI payee and the bank account, each left out when not set. */
export function paymentDetailsOf({ business: shop, payments }: Pick<ShopSettings, 'business' | 'payments'>): PaymentDetails {
  const { upiId, bankAccount, ifsc } = payments;
  return {
    upi: upiId
      ? {
          id: upiId,
          name: payments.upiName || shop.tradingName,
          ...(payments.upiMerchant && payments.upiMerchantCode && { merchantCode: payments.upiMerchantCode }),
          limit: payments.upiLimit ?? UPI_PERSONAL_LIMIT,
        }
      : null,
    bank:
      bankAccount && ifsc
        ? {
            accountName: shop.legalName,
            account: bankAccount,
            ifsc,
            bank: [payments.bankName, payments.bankBranch].filter(Boolean).join(', ') || null,
          }
        : null,
  };
}
