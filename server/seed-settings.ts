import { TALLY_DEFAULTS } from '#domains/handoff/tally.ts';
import { DOCUMENT_SERIES } from '#domains/invoice/document-numbers.ts';
import { DEFAULT_QUOTE_DAYS } from '#domains/quote/model.ts';
import {
  DEFAULT_QUOTE_REMINDER_DAYS,
  DEFAULT_REMINDER_EVERY_MINUTES,
  DEFAULT_REMINDER_OFFSETS,
} from '#domains/reminder/model.ts';
import { demoShop } from '#domains/settings/demo-shop.ts';
import type { ShopSettings } from '#domains/settings/schema.ts';
import { terms } from '#domains/settings/terms.ts';
import { parseRupees } from '#lib/money.ts';
import type { Config } from '#platform/config.ts';

/**
 * The first version of every section on a fresh install: the demo shop of domains/settings/demo-shop.ts and domains/settings/terms.ts, with
 * what the environment sets (SHOP_EMAIL, SHOP_UPI_*, SHOP_BANK_*, PAYMENT_TERMS_DAYS, GST_RATES). Once a section is
 * stored, the database alone is read.
 */
export function seedSettings(config: Pick<Config, 'shopEmail' | 'payments' | 'gstRates'>): ShopSettings {
  const { address } = demoShop;
  const { upi, bank, termsDays } = config.payments;
  const delivery = parseRupees(terms.delivery.charge) ?? 0;
  return {
    business: {
      tradingName: demoShop.name,
      legalName: demoShop.legalName,
      gstin: demoShop.gstin,
      address,
      phone: demoShop.phone,
      whatsapp: demoShop.whatsapp,
      email: config.shopEmail,
      social: demoShop.social,
      coordinates: demoShop.coordinates,
    },
    dispatch: { address },
    hours: { week: demoShop.week, holidays: [] },
    documents: {
      logo: null,
      signatoryName: demoShop.legalName,
      signature: null,
      invoicePrefix: DOCUMENT_SERIES.invoice,
      creditNotePrefix: DOCUMENT_SERIES['credit-note'],
      quoteValidityDays: DEFAULT_QUOTE_DAYS,
      paymentTermsDays: termsDays,
      terms: '',
      deliveryInState: delivery,
      deliveryElsewhere: null,
    },
    payments: {
      upiId: upi?.id ?? null,
      upiName: upi?.name ?? demoShop.name,
      upiMerchant: Boolean(upi?.merchantCode),
      upiMerchantCode: upi?.merchantCode ?? null,
      upiLimit: upi?.limit ?? null,
      bankAccount: bank?.account ?? null,
      ifsc: bank?.ifsc ?? null,
      bankName: bank?.bank ?? '',
      bankBranch: '',
    },
    tax: { gstRates: config.gstRates, eInvoicing: false, hsnDigits: 4 },
    reminders: {
      enabled: true,
      offsets: [...DEFAULT_REMINDER_OFFSETS],
      everyMinutes: DEFAULT_REMINDER_EVERY_MINUTES,
      quoteDaysBefore: DEFAULT_QUOTE_REMINDER_DAYS,
    },
    tally: { ...TALLY_DEFAULTS },
  };
}
