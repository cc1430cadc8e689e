import { demoShop } from '#core/business.ts';
import { DOCUMENT_SERIES } from '#core/document-numbers.ts';
import { parseRupees } from '#core/money.ts';
import { DEFAULT_QUOTE_DAYS } from '#core/quote.ts';
import { DEFAULT_QUOTE_REMINDER_DAYS, DEFAULT_REMINDER_EVERY_MINUTES, DEFAULT_REMINDER_OFFSETS } from '#core/reminders.ts';
import type { ShopSettings } from '#core/schemas/settings.ts';
import { TALLY_DEFAULTS } from '#core/tally.ts';
import { terms } from '#core/terms.ts';
import type { Config } from '#server/config.ts';

/**
 * The first version of every section on a fresh install: the demo shop of core/business.ts and core/terms.ts, with
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
