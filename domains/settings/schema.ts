import { z } from 'zod';

import { UPI_ID_PATTERN, UPI_PERSONAL_LIMIT } from '#domains/settings/upi.ts';
import { checkGstin, GST_STATES, stateCodeOf } from '#domains/tax/gst.ts';
import { uploadedImage } from '#lib/images.ts';
import { pagingFields } from '#lib/schemas/query.ts';
import { emailAddress, multiLine, PHONE_LENGTH_MESSAGE, phoneNumber, singleLine } from '#lib/schemas/text.ts';

/** The sections of the shop's settings, each saved on its own (PUT /api/admin/settings/{section}). */
export const SETTINGS_SECTIONS = ['business', 'dispatch', 'hours', 'documents', 'payments', 'tax', 'reminders', 'tally'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];
/**
 * What the settings history lists: the sections, and the digital signature certificate (set with
 * PUT /api/admin/settings/signing; its versions hold no setting the panel reads).
 */
export const HISTORY_SECTIONS = [...SETTINGS_SECTIONS, 'signing'] as const;
export type HistorySection = (typeof HISTORY_SECTIONS)[number];

export const PINCODE_MESSAGE = 'A pincode is 6 digits, the first not 0';
export const IFSC_MESSAGE = 'An IFSC is the bank’s 4 letters, a zero and the branch’s 6 letters or digits (FDRL0001234)';
export const UPI_ID_MESSAGE = 'A UPI ID looks like greenleaf@okaxis';
/** An Indian bank account number: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** An IFSC: the bank's four letters, a zero, the branch's six characters. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const BANK_ACCOUNT_MESSAGE = 'An account number is 9 to 18 digits';
export const GSTIN_STATE_MESSAGE = 'The GSTIN’s state code does not match the registered address’s state';

const STATE_NAMES = Object.values(GST_STATES) as [string, ...string[]];

const line = (field: string, max = 200) =>
  singleLine({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`);
const optionalLine = (field: string, max = 200) =>
  singleLine({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} is too long`);
const tenDigits = () => phoneNumber().regex(/^\d{10}$/, PHONE_LENGTH_MESSAGE);
const days = (field: string, max: number) =>
  z
    .int({ error: `${field} must be a whole number of days` })
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} is at most ${max}`);

export const addressSchema = z.strictObject({
  street: line('Street', 300),
  locality: line('Locality'),
  city: line('City or district'),
  state: z.enum(STATE_NAMES, { error: 'Choose the state' }),
  postalCode: singleLine({ error: PINCODE_MESSAGE })
    .trim()
    .regex(/^[1-9]\d{5}$/, PINCODE_MESSAGE),
});
export type Address = z.output<typeof addressSchema>;

const SOCIAL_URL_MESSAGE = 'A link starts with https://';
/** A page of the shop's on a social network, linked from the footer. */
const socialLinkSchema = z.strictObject({
  name: line('Network', 40),
  url: singleLine({ error: SOCIAL_URL_MESSAGE })
    .trim()
    .max(300, 'The link is too long')
    .refine((url) => URL.canParse(url) && new URL(url).protocol === 'https:', SOCIAL_URL_MESSAGE),
});

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(-limit, `${field} is between -${limit} and ${limit}`)
    .max(limit, `${field} is between -${limit} and ${limit}`);

export const businessSettingsSchema = z
  .strictObject({
    tradingName: line('Trading name', 100),
    legalName: line('Legal name'),
    gstin: singleLine({ error: 'GSTIN must be text' })
      .max(40, 'GSTIN is too long')
      .transform((typed, ctx) => {
        const checked = checkGstin(typed);
        if (checked.valid) return checked.gstin;
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }),
    address: addressSchema,
    phone: tenDigits(),
    whatsapp: tenDigits(),
    email: emailAddress(),
    /**
     * The footer's links; left out, none (a save without them drops the demo shop's, which lead nowhere). Not in the
     * business section's first shape: an addition, like coordinates.
     */
    social: z.array(socialLinkSchema, { error: 'Social links are a list' }).max(8, 'At most 8 social links').default([]),
    /** Where the shop is, for maps and search engines' structured data; left out, none. */
    coordinates: z
      .strictObject({ latitude: coordinate('Latitude', 90), longitude: coordinate('Longitude', 180) })
      .nullable()
      .default(null),
  })
  .superRefine((business, ctx) => {
    if (business.gstin.slice(0, 2) !== stateCodeOf(business.address.state)) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_STATE_MESSAGE });
    }
  });
export type BusinessSettings = z.output<typeof businessSettingsSchema>;

export const dispatchSettingsSchema = z.strictObject({ address: addressSchema });
export type DispatchSettings = z.output<typeof dispatchSettingsSchema>;

const HOUR_MESSAGE = 'Hours are whole hours from 0 to 24';
const hour = z.int({ error: HOUR_MESSAGE }).min(0, HOUR_MESSAGE).max(24, HOUR_MESSAGE);
/** One weekday's hours (India time, whole hours), or null: closed all day. */
const openingSchema = z
  .strictObject({ opens: hour, closes: hour })
  .refine(({ opens, closes }) => opens < closes, { error: 'The shop must open before it closes', path: ['closes'] })
  .nullable();
const DATE_MESSAGE = 'A date is YYYY-MM-DD';
export const hoursSettingsSchema = z.strictObject({
  /** Sunday first, as Date's getUTCDay counts. */
  week: z
    .array(openingSchema, { error: 'The week has seven days' })
    .length(7, 'The week has seven days')
    .refine((week) => week.some(Boolean), 'The shop must be open on at least one day'),
  holidays: z
    .array(
      z.strictObject({
        date: z.iso.date({ error: DATE_MESSAGE }),
        name: line('Holiday name', 80),
      }),
    )
    .max(100, 'At most 100 holidays'),
});
export type HoursSettings = z.output<typeof hoursSettingsSchema>;

const PREFIX_MESSAGE = 'A prefix is 1 to 4 capital letters';
const prefix = singleLine({ error: PREFIX_MESSAGE })
  .trim()
  .regex(/^[A-Z]{1,4}$/, PREFIX_MESSAGE);
export const NOT_AN_IMAGE = 'Not an image: upload a PNG, JPEG or WebP picture';
/** An image the pipeline took in, by the URL its upload answered (/media/<hash>-<width>.webp); null: none. */
const uploadedImageUrl = z
  .string({ error: NOT_AN_IMAGE })
  .refine((url) => uploadedImage(url) !== null, NOT_AN_IMAGE)
  .nullable();
const paise = (field: string) =>
  z
    .int({ error: `${field} must be whole paise` })
    .min(0, `${field} must be 0 or more`)
    .max(10_000_000, `${field} is too large`);
export const documentsSettingsSchema = z
  .strictObject({
    logo: uploadedImageUrl,
    signatoryName: line('Signatory’s name', 100),
    signature: uploadedImageUrl,
    invoicePrefix: prefix,
    creditNotePrefix: prefix,
    quoteValidityDays: days('Quote validity', 90).min(1, 'Quote validity must be at least 1 day'),
    paymentTermsDays: days('Payment terms', 365),
    terms: multiLine({ error: 'Terms must be text' }).trim().max(2000, 'Terms are too long'),
    /** Delivery inside the shop's own state, and elsewhere, in paise (elsewhere null: typed on each quote). */
    deliveryInState: paise('Delivery in the shop’s state'),
    deliveryElsewhere: paise('Delivery elsewhere').nullable(),
  })
  .refine((documents) => documents.invoicePrefix !== documents.creditNotePrefix, {
    error: 'Invoices and credit notes need different prefixes',
    path: ['creditNotePrefix'],
  });
export type DocumentsSettings = z.output<typeof documentsSettingsSchema>;

const blankToNull = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());
export const paymentsSettingsSchema = z
  .strictObject({
    upiId: blankToNull(singleLine({ error: UPI_ID_MESSAGE }).trim().regex(UPI_ID_PATTERN, UPI_ID_MESSAGE)),
    upiName: optionalLine('Payee name', 100),
    upiMerchant: z.boolean({ error: 'Merchant ID must be yes or no' }),
    upiMerchantCode: blankToNull(
      singleLine({ error: 'A merchant code is 4 digits' })
        .trim()
        .regex(/^\d{4}$/, 'A merchant code is 4 digits'),
    ),
    /** The most one UPI payment may be, in paise (null: a personal UPI ID's ₹1,00,000). */
    upiLimit: z
      .int({ error: 'UPI limit must be whole paise' })
      .min(100, 'UPI limit must be at least ₹1')
      .max(10_00_000_00, 'UPI limit is at most ₹10,00,000 a payment')
      .nullable(),
    bankAccount: blankToNull(
      singleLine({ error: BANK_ACCOUNT_MESSAGE })
        .transform((typed) => typed.replace(/\s+/g, ''))
        .pipe(z.string().regex(BANK_ACCOUNT_PATTERN, BANK_ACCOUNT_MESSAGE)),
    ),
    ifsc: blankToNull(
      singleLine({ error: IFSC_MESSAGE }).trim().toUpperCase().pipe(z.string().regex(IFSC_PATTERN, IFSC_MESSAGE)),
    ),
    bankName: optionalLine('Bank name', 100),
    bankBranch: optionalLine('Branch', 100),
  })
  .superRefine((payments, ctx) => {
    if (payments.upiMerchant && !payments.upiMerchantCode) {
      ctx.addIssue({ code: 'custom', path: ['upiMerchantCode'], message: 'A merchant ID needs its merchant code' });
    }
    // A personal UPI ID takes at most ₹1,00,000 a payment: more is for a merchant ID.
    if (payments.upiLimit !== null && payments.upiLimit > UPI_PERSONAL_LIMIT && !payments.upiMerchant) {
      ctx.addIssue({
        code: 'custom',
        path: ['upiLimit'],
        message: 'A personal UPI ID takes at most ₹1,00,000 a payment: above that, it must be a merchant ID',
      });
    }
    if (Boolean(payments.bankAccount) !== Boolean(payments.ifsc)) {
      const path = payments.bankAccount ? 'ifsc' : 'bankAccount';
      ctx.addIssue({ code: 'custom', path: [path], message: 'The account number and IFSC are given together, or neither' });
    }
  });
export type PaymentsSettings = z.output<typeof paymentsSettingsSchema>;

export const taxSettingsSchema = z.strictObject({
  gstRates: z
    .array(z.int({ error: 'GST rates are whole per cents' }).min(0).max(100, 'GST rates are at most 100 per cent'), {
      error: 'GST rates are a list',
    })
    .min(1, 'Offer at least one GST rate')
    .transform((rates) => [...new Set(rates)].sort((a, b) => a - b)),
  /** Turnover above the e-invoicing threshold: invoices need an IRN. */
  eInvoicing: z.boolean({ error: 'E-invoicing must be yes or no' }),
  /** HSN digits on invoices: 4 up to ₹5 crore turnover, 6 above. */
  hsnDigits: z.union([z.literal(4), z.literal(6)], { error: 'HSN digits are 4 or 6' }),
});
export type TaxSettings = z.output<typeof taxSettingsSchema>;

const OFFSET_MESSAGE = 'A reminder day is a whole number of days from the due date, from -30 to 365';
export const remindersSettingsSchema = z.strictObject({
  /** Off: no reminder e-mail goes out (quotes still expire, and the WhatsApp links stay). */
  enabled: z.boolean({ error: 'Reminders must be on or off' }),
  /** Days from the due date an invoice's reminder goes out (negative: before it), each once. */
  offsets: z
    .array(z.int({ error: OFFSET_MESSAGE }).min(-30, OFFSET_MESSAGE).max(365, OFFSET_MESSAGE), {
      error: 'The reminder days are a list',
    })
    .max(10, 'At most 10 reminder days')
    .transform((offsets) => [...new Set(offsets)].sort((a, b) => a - b)),
  everyMinutes: z
    .int({ error: 'How often must be whole minutes' })
    .min(1, 'How often must be at least 1 minute')
    .max(1440, 'How often is at most 1440 minutes (a day)'),
  /** Days before a waiting quote's last day its reminder goes out. */
  quoteDaysBefore: days('Quote reminder', 30),
});
export type RemindersSettings = z.output<typeof remindersSettingsSchema>;

/** A step of the schedule in words: '3 days before the due date', 'on the due date', '7 days after it'. */
export function stepWords(offset: number): string {
  if (offset === 0) return 'on the due date';
  const days = `${Math.abs(offset)} ${Math.abs(offset) === 1 ? 'day' : 'days'}`;
  return offset < 0 ? `${days} before the due date` : `${days} after the due date`;
}

/** Where the sales ledger's name takes the rate: 'Sales @ {rate}%' is 'Sales @ 5%' at 5 per cent. */
export const TALLY_RATE = '{rate}';
/**
 * Where a voucher carries the lines' HSN and quantity: 'none', one sales ledger line a rate (the ledger masters hold
 * the HSN); 'ledger', a sales ledger line a rate and HSN with its HSN; 'inventory', an item invoice: each line a stock
 * item with its HSN, quantity, unit, rate and amount, allocated to the sales ledger of its rate.
 */
export const TALLY_DETAILS = ['none', 'ledger', 'inventory'] as const;
export type TallyDetail = (typeof TALLY_DETAILS)[number];
/** A master's name in Tally: no published limit found, so this project's longest single-line name field. */
export const TALLY_NAME_MAX = 100;
/**
 * Two names Tally takes for one master: it ignores case, spaces, dots and hyphens in master names
 * (rtslink.com, "Tally.ERP – Master Name and Alias"), so 'Output CGST' and 'output-cgst.' are one ledger.
 */
export const tallyNameKey = (name: string): string => name.toLowerCase().replace(/[\s.-]+/g, '');

/** The ledgers by their field, in the words the messages use. */
const TALLY_LEDGER_WORDS = {
  sales: 'sales ledger',
  delivery: 'delivery ledger',
  cgst: 'CGST ledger',
  sgst: 'SGST ledger',
  igst: 'IGST ledger',
  roundOff: 'round-off ledger',
  cash: 'cash ledger',
  bank: 'bank ledger',
} as const;
const tallyName = (field: string, max = TALLY_NAME_MAX) => line(field, max);
export const tallySettingsSchema = z
  .strictObject({
    /** The sales ledger of each rate, '{rate}' standing for it: 'Sales @ {rate}%'. */
    sales: tallyName('Sales ledger').refine(
      (name) => name.split(TALLY_RATE).length === 2,
      `The sales ledger’s name holds ${TALLY_RATE} once, where the rate goes: Sales @ ${TALLY_RATE}%`,
    ),
    delivery: tallyName('Delivery ledger'),
    cgst: tallyName('CGST ledger'),
    sgst: tallyName('SGST ledger'),
    igst: tallyName('IGST ledger'),
    roundOff: tallyName('Round-off ledger'),
    /** Where a payment in cash lands, and one by any other method. */
    cash: tallyName('Cash ledger'),
    bank: tallyName('Bank ledger'),
    /** The stock items' unit in inventory entries (a carton is what a line counts). */
    unit: tallyName('Unit', 30),
    detail: z.enum(TALLY_DETAILS, { error: 'Where the HSN and quantity go is none, ledger or inventory' }),
  })
  .superRefine((tally, ctx) => {
    // The tax and round-off ledgers are each their own: one name for two would merge them in the books.
    const seen = new Map<string, keyof typeof TALLY_LEDGER_WORDS>();
    for (const field of Object.keys(TALLY_LEDGER_WORDS) as Array<keyof typeof TALLY_LEDGER_WORDS>) {
      const key = tallyNameKey(tally[field]);
      const earlier = seen.get(key);
      // Cash and bank may be one ledger (every payment to the bank); the sales, tax and round-off ledgers may not.
      if (earlier && !(field === 'bank' && earlier === 'cash')) {
        const message = `Tally reads this as the ${TALLY_LEDGER_WORDS[earlier]}’s name: give each ledger its own`;
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
      if (!earlier) seen.set(key, field);
    }
  });
export type TallySettings = z.output<typeof tallySettingsSchema>;

export const SETTINGS_SCHEMAS = {
  business: businessSettingsSchema,
  dispatch: dispatchSettingsSchema,
  hours: hoursSettingsSchema,
  documents: documentsSettingsSchema,
  payments: paymentsSettingsSchema,
  tax: taxSettingsSchema,
  reminders: remindersSettingsSchema,
  tally: tallySettingsSchema,
} as const;

export interface ShopSettings {
  business: BusinessSettings;
  dispatch: DispatchSettings;
  hours: HoursSettings;
  documents: DocumentsSettings;
  payments: PaymentsSettings;
  tax: TaxSettings;
  reminders: RemindersSettings;
  tally: TallySettings;
}

export const sectionParamsSchema = z.strictObject({
  section: z.enum(SETTINGS_SECTIONS, { error: `The section is one of ${SETTINGS_SECTIONS.join(', ')}` }),
});

/** One saved version of a section: who saved it and when (null: the first version, seeded at install). */
export interface SettingsVersion {
  id: number;
  section: HistorySection;
  savedBy: string | null;
  savedAt: string;
}

/**
 * The steps of setting up a shop installed as the demo, each true once done: its own business details (which end the
 * demo), the address goods leave from, how it is paid, and the logo and signature its documents carry.
 */
export interface SetupSteps {
  details: boolean;
  dispatch: boolean;
  payments: boolean;
  images: boolean;
}

/** GET /api/admin/settings: every section in force, whether the shop is still the demo, its set-up, and the history. */
export interface SettingsAnswer {
  settings: ShopSettings;
  demo: boolean;
  setup: SetupSteps;
  history: SettingsVersion[];
}

/** GET /api/admin/settings/history: a page of the versions saved, newest first, of one section or all. */
export const settingsHistoryQuerySchema = z.strictObject({
  page: pagingFields.page,
  pageSize: pagingFields.pageSize,
  section: z.enum(HISTORY_SECTIONS, { error: `'section' must be one of ${HISTORY_SECTIONS.join(', ')}` }).optional(),
});
export type SettingsHistoryQuery = z.output<typeof settingsHistoryQuerySchema>;

export const SIGNING_FILE_MESSAGE = 'Choose the certificate file (.p12 or .pfx)';
/** The largest certificate file taken: a DSC with its chain is a few kilobytes (the body limit is 64 KB). */
export const SIGNING_FILE_MAX_BYTES = 32 * 1024;
/** PUT /api/admin/settings/signing: the shop's digital signature certificate, the PKCS#12 file in base64, and its password. */
export const signingCertificateUploadSchema = z.strictObject({
  file: z
    .base64({ error: SIGNING_FILE_MESSAGE })
    .min(1, SIGNING_FILE_MESSAGE)
    .max(Math.ceil(SIGNING_FILE_MAX_BYTES / 3) * 4, 'The certificate file is too large (at most 32 KB)'),
  password: z
    .string({ error: 'The password must be text' })
    .min(1, 'Type the certificate’s password')
    .max(200, 'The password is too long'),
});
export type SigningCertificateUpload = z.output<typeof signingCertificateUploadSchema>;

/** The certificate set for signing documents, as the panel sees it (never its key or password). */
export interface SigningCertificate {
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  /** Past its validity: documents go out unsigned until a new one is uploaded. */
  expired: boolean;
}

export interface SettingsHistoryPage {
  items: SettingsVersion[];
  total: number;
  page: number;
  pageSize: number;
}
