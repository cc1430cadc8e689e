import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ANALYTICS_ID_RULES, type AnalyticsSettings } from '#domains/settings/analytics.ts';
import { demoShop } from '#domains/settings/demo-shop.ts';
import type { PaymentSettings } from '#domains/settings/payment-details.ts';
import { BANK_ACCOUNT_PATTERN, IFSC_PATTERN } from '#domains/settings/schema.ts';
import { MERCHANT_CODE_PATTERN, UPI_ID_PATTERN, UPI_PERSONAL_LIMIT, type UpiPayee } from '#domains/settings/upi.ts';
import { DEFAULT_GST_RATES, type GstRate, parseGstRates } from '#domains/tax/gst.ts';

/** The project root: one level above this file in the sources and above dist/ in the bundle. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL instead of the embedded database when set. */
  databaseUrl: string | undefined;
  logLevel: string;
  /** Seed the demo catalogue into an empty database at start. */
  seedDemo: boolean;
  /**
   * The shop's public address (https://shop.example.in, no trailing slash) for absolute links: the sitemap and every
   * link in an e-mail (see siteUrlOf). Never taken from a request's Host header, which the sender chooses. Without it
   * a production server warns at start (publicUrlWarning).
   */
  publicUrl: string | undefined;
  /** Seconds browsers may cache fingerprinted assets. */
  assetMaxAge: number;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /** Milliseconds an anonymous rendered page stays in the page cache. */
  pageCacheTtlMs: number;
  /** Megabytes the page cache may hold, its pages' compressed forms counted. */
  pageCacheMaxMb: number;
  /** Where new enquiries and messages are announced. */
  shopEmail: string;
  mailFrom: string;
  /**
   * S3-compatible storage for uploaded images (https://<key>:<secret>@<endpoint>/<bucket>?region=…), shared by every
   * app process; unset keeps them under DATA_DIR/uploads.
   */
  imageStoreUrl: string | undefined;
  /** How customers pay an invoice (UPI, bank transfer: each unset leaves it off the invoice) and within how many days. */
  payments: PaymentSettings;
  /** Third-party analytics the shop has set up (none by default); their ids reach the pages, their hosts the CSP. */
  analytics: AnalyticsSettings;
  /** The GST rates (per cent) the staff may give a product or a quote line. */
  gstRates: GstRate[];
  /** SMTP server for outgoing mail; unset writes .eml files into DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /**
   * Fastify's trustProxy: false, true (trust X-Forwarded-* from anyone: only behind a proxy that sets them),
   * or the proxies' addresses/subnets, comma-separated (e.g. 'loopback' or '10.0.0.0/8'). Behind a proxy it
   * makes the client IP (for lockouts and the security log) and https (for secure cookies) visible.
   */
  trustProxy: boolean | string;
  /** Signs CSRF tokens and encrypts two-factor secrets; read from DATA_DIR/app-secret when unset. */
  appSecret: string | undefined;
  /** The first administrator, created at start when there is none. */
  firstAdmin: { username: string; password: string | undefined; email: string };
  lockout: {
    /** Failed sign-ins (password or code) per account before it is locked. */
    accountMaxFailures: number;
    /** Failed sign-ins per IP address before it is locked (generous: mobile networks share addresses). */
    ipMaxFailures: number;
    /** How long a lock lasts, and how long failures are remembered. */
    lockMs: number;
  };
  /** How long security log entries are kept (the purge removes older ones). */
  securityLogMs: number;
  /**
   * Per visitor (the token in their cookie) where many customers may share one address (a mobile carrier's NAT, an
   * office proxy); per IP where only the address can be counted.
   */
  rateLimits: {
    /** Enquiries per visitor per 15 minutes. */
    orders: { max: number; timeWindow: number };
    /** Enquiries per IP per 15 minutes, all its visitors together: a ceiling on the e-mails one address can cause. */
    ordersPerAddress: { max: number; timeWindow: number };
    /** Contact messages per visitor per 15 minutes. */
    contact: { max: number; timeWindow: number };
    /** Cart changes per visitor per minute. */
    cart: { max: number; timeWindow: number };
    /** Sign-ups per IP per hour. */
    register: { max: number; timeWindow: number };
    /** Password-reset links a visitor may ask for per 15 minutes. */
    passwordResets: { max: number; timeWindow: number };
    /** Password-reset links one e-mail address may be sent per hour, whoever asks. */
    passwordResetsPerEmail: { max: number; timeWindow: number };
    /** Visitor sessions one IP may have stored per hour (a session is stored at a visitor's first write). */
    sessions: { max: number; timeWindow: number };
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  return {
    host: env.HOST || '0.0.0.0',
    port: integer(env, 'PORT', 3000, 0, 65535),
    dataDir: path.resolve(PROJECT_ROOT, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    publicUrl: publicUrl(env.PUBLIC_URL),
    assetMaxAge: integer(env, 'ASSET_MAX_AGE', 31_536_000, 0, 31_536_000),
    bodyLimit: integer(env, 'BODY_LIMIT', 64 * 1024, 1024, 10 * 1024 * 1024),
    pageCacheTtlMs: integer(env, 'PAGE_CACHE_TTL_MS', 60_000, 0, 86_400_000),
    pageCacheMaxMb: integer(env, 'PAGE_CACHE_MAX_MB', 32, 1, 4096),
    shopEmail: env.SHOP_EMAIL || demoShop.email,
    mailFrom: env.MAIL_FROM || `${demoShop.name} <no-reply@${demoShop.email.split('@')[1]}>`,
    smtpUrl: env.SMTP_URL || undefined,
    gstRates: gstRates(env.GST_RATES),
    imageStoreUrl: env.IMAGE_STORE_URL || undefined,
    payments: paymentSettings(env),
    analytics: {
      ga4: analyticsId(env, 'ANALYTICS_GA4_ID', 'ga4'),
      metaPixel: analyticsId(env, 'ANALYTICS_META_PIXEL_ID', 'metaPixel'),
      plausibleDomain: analyticsId(env, 'ANALYTICS_PLAUSIBLE_DOMAIN', 'plausibleDomain'),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    appSecret: env.APP_SECRET || undefined,
    firstAdmin: {
      username: env.ADMIN_USERNAME || 'admin',
      password: env.ADMIN_PASSWORD || undefined,
      email: env.ADMIN_EMAIL || demoShop.email,
    },
    lockout: {
      accountMaxFailures: integer(env, 'LOCKOUT_ACCOUNT_FAILURES', 10, 1, 1000),
      ipMaxFailures: integer(env, 'LOCKOUT_IP_FAILURES', 100, 1, 100_000),
      lockMs: integer(env, 'LOCKOUT_MINUTES', 15, 1, 1440) * MINUTE,
    },
    securityLogMs: integer(env, 'SECURITY_LOG_DAYS', 365, 1, 3650) * DAY,
    rateLimits: {
      orders: { max: integer(env, 'RATE_LIMIT_ORDERS', 20, 1, 1_000_000), timeWindow: 15 * MINUTE },
      ordersPerAddress: { max: integer(env, 'RATE_LIMIT_ORDERS_PER_ADDRESS', 300, 1, 1_000_000), timeWindow: 15 * MINUTE },
      contact: { max: integer(env, 'RATE_LIMIT_CONTACT', 10, 1, 1_000_000), timeWindow: 15 * MINUTE },
      cart: { max: integer(env, 'RATE_LIMIT_CART', 120, 1, 1_000_000), timeWindow: MINUTE },
      register: { max: integer(env, 'RATE_LIMIT_REGISTER', 10, 1, 1_000_000), timeWindow: 60 * MINUTE },
      passwordResets: { max: integer(env, 'RATE_LIMIT_PASSWORD_RESETS', 5, 1, 1_000_000), timeWindow: 15 * MINUTE },
      passwordResetsPerEmail: {
        max: integer(env, 'RATE_LIMIT_PASSWORD_RESETS_PER_EMAIL', 3, 1, 1_000_000),
        timeWindow: 60 * MINUTE,
      },
      sessions: { max: integer(env, 'RATE_LIMIT_SESSIONS', 1000, 1, 1_000_000), timeWindow: 60 * MINUTE },
    },
  };
}

/**
 * The origin of the links the shop sends (status, quote, invoice, invitation and password-reset links in e-mails):
 * PUBLIC_URL, else this machine's own address, which only a developer or a test reads. A request's Host and
 * X-Forwarded-* headers are the sender's to choose, so a link never comes from them.
 */
export function siteUrlOf(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

/**
 * What a production server without PUBLIC_URL says when it starts: its e-mails' links point at this machine
 * (http://localhost:PORT), which customers cannot open. It still starts, so `npm ci && npm start` serves the shop
 * out of the box; a link never falls back to a request's headers (docs/decisions/069-the-public-address.md).
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'port'>, env: Env = process.env): string | null {
  if (env.NODE_ENV !== 'production' || config.publicUrl !== undefined) return null;
  return (
    `PUBLIC_URL is not set: links in e-mails will start with ${siteUrlOf(config)}, which customers cannot open. ` +
    'Set it to the address customers reach the shop at, e.g. PUBLIC_URL=https://shop.example.in'
  );
}

function publicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be an http or https address such as https://shop.example.in, got ${JSON.stringify(raw)}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function gstRates(raw: string | undefined): GstRate[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_GST_RATES];
  const parsed = parseGstRates(raw);
  if ('problem' in parsed) throw new Error(`GST_RATES ${parsed.problem}, got ${JSON.stringify(raw)}`);
  return parsed.rates;
}

function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** An analytics id from the environment, refused at start when it is not one (it ends up in the pages and the CSP). */
function analyticsId(env: Env, name: string, provider: keyof AnalyticsSettings): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!ANALYTICS_ID_RULES[provider].test(value))
    throw new Error(`${name} is not a valid ${provider} id: ${JSON.stringify(value)}`);
  return value;
}

/** SHOP_UPI_*, SHOP_BANK_* and PAYMENT_TERMS_DAYS, refused at start when they cannot be right (they go on invoices). */
function paymentSettings(env: Env): PaymentSettings {
  const upiId = env.SHOP_UPI_ID?.trim();
  if (upiId && !UPI_ID_PATTERN.test(upiId)) {
    throw new Error(`SHOP_UPI_ID must be a UPI ID such as greenleaf@okaxis, got ${JSON.stringify(upiId)}`);
  }
  const merchantCode = env.SHOP_UPI_MERCHANT_CODE?.trim();
  if (merchantCode && !MERCHANT_CODE_PATTERN.test(merchantCode)) {
    throw new Error(`SHOP_UPI_MERCHANT_CODE must be the 4-digit merchant category code, got ${JSON.stringify(merchantCode)}`);
  }
  const limit = integer(env, 'SHOP_UPI_LIMIT', UPI_PERSONAL_LIMIT / 100, 1, 10_00_000) * 100;
  // A personal UPI ID takes at most ₹1,00,000 a payment: a higher limit asks for the merchant ID's code.
  if (limit > UPI_PERSONAL_LIMIT && !merchantCode) {
    throw new Error(
      'SHOP_UPI_LIMIT above 100000 needs SHOP_UPI_MERCHANT_CODE: a personal UPI ID takes at most ₹1,00,000 a payment',
    );
  }
  const upi: UpiPayee | null = upiId
    ? { id: upiId, name: env.SHOP_UPI_NAME?.trim() || demoShop.name, ...(merchantCode && { merchantCode }), limit }
    : null;
  const account = env.SHOP_BANK_ACCOUNT?.replace(/\s+/g, '');
  const ifsc = env.SHOP_BANK_IFSC?.trim().toUpperCase();
  if (Boolean(account) !== Boolean(ifsc)) throw new Error('SHOP_BANK_ACCOUNT and SHOP_BANK_IFSC are set together, or neither');
  if (account && !BANK_ACCOUNT_PATTERN.test(account)) {
    throw new Error(`SHOP_BANK_ACCOUNT must be the account number's 9 to 18 digits, got ${JSON.stringify(account)}`);
  }
  if (ifsc && !IFSC_PATTERN.test(ifsc)) {
    throw new Error(`SHOP_BANK_IFSC must be an IFSC such as FDRL0001234, got ${JSON.stringify(ifsc)}`);
  }
  return {
    upi,
    bank: account && ifsc ? { accountName: demoShop.legalName, account, ifsc, bank: env.SHOP_BANK_NAME?.trim() || null } : null,
    termsDays: integer(env, 'PAYMENT_TERMS_DAYS', 7, 0, 365),
  };
}
