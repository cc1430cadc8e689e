import path from 'node:path';

import type { AnalyticsSettings } from '#core/analytics.ts';

import { type Config, PROJECT_ROOT, siteUrlOf } from './config.ts';
import type { Db } from './db/client.ts';
import { AuditLog } from './modules/audit/service.ts';
import { deriveKey } from './modules/auth/app-secret.ts';
import { SecretBox } from './modules/auth/secret-box.ts';
import { SecurityLog } from './modules/auth/security-log.ts';
import { AuthService } from './modules/auth/service.ts';
import { LoginThrottle } from './modules/auth/throttle.ts';
import { UserService } from './modules/auth/users.ts';
import { BankStatementService } from './modules/bank-statements/service.ts';
import { BlogService } from './modules/blog/service.ts';
import { CartService } from './modules/cart/service.ts';
import { ProductAdmin } from './modules/catalogue/admin-service.ts';
import { CatalogueService } from './modules/catalogue/service.ts';
import { InquiryAdmin } from './modules/contact/admin-service.ts';
import { ContactService } from './modules/contact/service.ts';
import { AccountService } from './modules/customers/accounts.ts';
import { CustomerService } from './modules/customers/service.ts';
import { DashboardService } from './modules/dashboard/service.ts';
import { PictureReader } from './modules/documents/pictures.ts';
import { DocumentSigner } from './modules/documents/signing.ts';
import { EnquiryAdmin } from './modules/enquiries/admin-service.ts';
import { CustomerEnquiries } from './modules/enquiries/customer-service.ts';
import { QuoteService } from './modules/enquiries/quotes.ts';
import { EnquiryService } from './modules/enquiries/service.ts';
import { StatusLinks } from './modules/enquiries/status-links.ts';
import { EInvoices } from './modules/handoffs/e-invoices.ts';
import { EwayBills } from './modules/handoffs/eway-bills.ts';
import { TallyExport } from './modules/handoffs/tally.ts';
import { ImageLibrary } from './modules/images/library.ts';
import { openImageStore } from './modules/images/store.ts';
import { Fulfilment } from './modules/invoices/fulfilment.ts';
import { InvoiceService } from './modules/invoices/service.ts';
import { MailSender } from './modules/mail/outbox.ts';
import { PriceGroupService } from './modules/price-groups/service.ts';
import { Reminders, ReminderSchedule } from './modules/reminders/service.ts';
import { SessionService } from './modules/session/service.ts';
import { VisitorTokens } from './modules/session/visitor-token.ts';
import { seedSettings } from './modules/settings/seed.ts';
import { SettingsService } from './modules/settings/service.ts';
import { StaffAccounts } from './modules/staff/service.ts';

/** The domain services, created once per process and shared by the API and the page loaders. */
// A type alias, not an interface, so it fits React Router's index-signed AppLoadContext.
export type Services = {
  catalogue: CatalogueService;
  blog: BlogService;
  sessions: SessionService;
  /** Signed tokens for visitors whose session is not stored yet. */
  visitorTokens: VisitorTokens;
  users: UserService;
  auth: AuthService;
  securityLog: SecurityLog;
  loginThrottle: LoginThrottle;
  cart: CartService;
  enquiries: EnquiryService;
  customerEnquiries: CustomerEnquiries;
  quotes: QuoteService;
  /** After the yes: invoices, credit notes, payments, the GSTR-1 report. */
  invoices: InvoiceService;
  /** The bank's statement, uploaded and matched to invoices. */
  bankStatements: BankStatementService;
  ewayBills: EwayBills;
  eInvoices: EInvoices;
  tally: TallyExport;
  statusLinks: StatusLinks;
  contact: ContactService;
  audit: AuditLog;
  enquiryAdmin: EnquiryAdmin;
  inquiryAdmin: InquiryAdmin;
  productAdmin: ProductAdmin;
  /** Uploaded product images and where their files are stored. */
  images: ImageLibrary;
  /** The analytics providers the shop has set (public ids, given to the pages). */
  analytics: AnalyticsSettings;
  /** The shop's public address (PUBLIC_URL), when set: canonical links and structured data use it. */
  publicUrl: string | undefined;
  /** The origin of every link in an e-mail (siteUrlOf: PUBLIC_URL, else this machine's address), never a request's. */
  siteUrl: string;
  dashboard: DashboardService;
  /** The people behind the enquiries, joined by e-mail and phone, and the staff's notes on them. */
  customers: CustomerService;
  /** Price groups, their customers, and the terms a signed-in account is priced by. */
  priceGroups: PriceGroupService;
  /** What customers owe: statements of account and the ageing list. */
  accounts: AccountService;
  /** The panel's accounts: invitations, roles, resets. */
  staff: StaffAccounts;
  /** Started by main.ts; tests start it when they check delivery. */
  mail: MailSender;
  /** The shop's own details, set in the panel (seeded from core/business.ts, core/terms.ts and the environment). */
  settings: SettingsService;
  /** The logo and signature a document's PDF draws. */
  documentPictures: PictureReader;
  /** The shop's digital signature certificate, which signs every issued invoice and credit note. */
  documentSigner: DocumentSigner;
  /** Payment and quote reminders, and the staff's stop for a customer. */
  reminders: Reminders;
  /** Runs the reminders every few minutes (the settings say how often): main.ts starts it, closing the app stops it. */
  reminderSchedule: ReminderSchedule;
};

export interface ServiceOptions {
  log?: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
  /** The clock (tests move it to check expiries and lockouts). */
  now?: () => Date;
  /** Tests only: product photos may be fetched from this machine's own addresses (refused in production). */
  allowLoopbackImageAddresses?: boolean;
}

export function createServices(
  db: Db,
  config: Config,
  { log, now = () => new Date(), allowLoopbackImageAddresses }: ServiceOptions = {},
): Services {
  const appSecret = requireAppSecret(config);
  const mail = new MailSender(db, {
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const poke = () => mail.poke();
  const sessions = new SessionService(db, now);
  const users = new UserService(db);
  const audit = new AuditLog(db);
  const catalogue = new CatalogueService(db);
  const priceGroups = new PriceGroupService(db, audit, catalogue, now);
  const termsOfUser = (userId: number) => priceGroups.termsOfUser(userId);
  const cart = new CartService(db, termsOfUser);
  const settings = new SettingsService(db, seedSettings(config));
  const loginThrottle = new LoginThrottle(db, config.lockout, now);
  const securityLog = new SecurityLog(db, now, config.securityLogMs, (entry) => log?.info?.(entry, 'security event'));
  const auth = new AuthService({
    db,
    users,
    sessions,
    cart,
    throttle: loginThrottle,
    log: securityLog,
    secretBox: new SecretBox(deriveKey(appSecret, 'totp')),
    backupCodeKey: deriveKey(appSecret, 'backup-codes'),
    issuer: async () => (await settings.current()).business.tradingName,
    now,
  });
  const statusLinks = new StatusLinks(deriveKey(appSecret, 'status-links'));
  const quotes = new QuoteService(db, audit, statusLinks, settings, now, poke, (customerId) =>
    priceGroups.termsOfCustomer(customerId),
  );
  const productAdmin = new ProductAdmin(db, audit, catalogue, settings);
  const enquiries = new EnquiryService(db, settings, statusLinks, now, poke, termsOfUser);
  const imageStore = openImageStore(config);
  const documentPictures = new PictureReader(imageStore);
  const documentSigner = new DocumentSigner(db, new SecretBox(deriveKey(appSecret, 'document-signing')), log, now);
  const invoices = new InvoiceService(db, audit, statusLinks, settings, documentPictures, documentSigner, now, poke);
  const reminders = new Reminders(db, audit, statusLinks, settings, invoices, siteUrlOf(config), now, poke);
  return {
    catalogue,
    blog: new BlogService(path.join(PROJECT_ROOT, 'content/blog')),
    sessions,
    visitorTokens: new VisitorTokens(deriveKey(appSecret, 'visitor-tokens')),
    users,
    auth,
    securityLog,
    loginThrottle,
    cart,
    enquiries,
    customerEnquiries: new CustomerEnquiries(db, quotes, (orderId) => invoices.ofOrderForCustomer(orderId), settings, now),
    quotes,
    invoices,
    ewayBills: new EwayBills(db, invoices, settings),
    eInvoices: new EInvoices(db, invoices, settings, audit, now),
    bankStatements: new BankStatementService(db, invoices, now),
    tally: new TallyExport(db, invoices, settings),
    statusLinks,
    contact: new ContactService(db, settings, poke),
    audit,
    enquiryAdmin: new EnquiryAdmin(
      db,
      audit,
      statusLinks,
      new Fulfilment(audit, statusLinks, invoices, settings, now),
      quotes,
      settings,
      now,
      poke,
    ),
    inquiryAdmin: new InquiryAdmin(db, audit, enquiries, poke),
    productAdmin,
    images: new ImageLibrary(imageStore, {
      hashesInUse: async () => new Set([...(await productAdmin.imageHashesInUse()), ...(await settings.imageHashesInUse())]),
      now,
      log,
      allowLoopback: allowLoopbackImageAddresses,
    }),
    analytics: config.analytics,
    publicUrl: config.publicUrl,
    siteUrl: siteUrlOf(config),
    dashboard: new DashboardService(db, settings, now),
    customers: new CustomerService(db, audit, quotes, now),
    priceGroups,
    accounts: new AccountService(db, audit, settings, now, poke),
    staff: new StaffAccounts({
      db,
      users,
      sessions,
      audit,
      log: securityLog,
      throttle: loginThrottle,
      now,
      onMail: poke,
      settings,
    }),
    mail,
    settings,
    documentPictures,
    documentSigner,
    reminders,
    reminderSchedule: new ReminderSchedule(reminders, settings, log),
  };
}

/** The app secret, resolved at start by loadAppSecret (server/modules/auth/app-secret.ts). */
export function requireAppSecret(config: Pick<Config, 'appSecret'>): string {
  if (!config.appSecret) throw new Error('The app secret is not loaded: call loadAppSecret(config) first');
  return config.appSecret;
}
