import path from 'node:path';

import { deriveKey } from '#domains/account/app-secret.server.ts';
import { SecretBox } from '#domains/account/secret-box.server.ts';
import { SecurityLog } from '#domains/account/security-log.server.ts';
import { AuthService } from '#domains/account/service.server.ts';
import { LoginThrottle } from '#domains/account/throttle.server.ts';
import { sessionAccounts, UserService } from '#domains/account/users.server.ts';
import { BankStatementService } from '#domains/bank/service.server.ts';
import { BlogService } from '#domains/blog/service.server.ts';
import { CartService, holdsNoCart } from '#domains/cart/service.server.ts';
import { ProductAdmin } from '#domains/catalogue/admin-service.server.ts';
import { CatalogueService } from '#domains/catalogue/service.server.ts';
import { PriceGroupService } from '#domains/customer/price-groups.server.ts';
import { customerKeysOf, CustomerService } from '#domains/customer/service.server.ts';
import { EnquiryService } from '#domains/enquiry/service.server.ts';
import { StatusLinks } from '#domains/enquiry/status-links.server.ts';
import { EInvoices, registrationsOf } from '#domains/handoff/e-invoices.server.ts';
import { EwayBills } from '#domains/handoff/eway-bills.server.ts';
import { MonthFiles } from '#domains/handoff/month-files.server.ts';
import { Fulfilment } from '#domains/invoice/fulfilment.server.ts';
import { invoiceNumberOf, InvoiceService } from '#domains/invoice/service.server.ts';
import { InquiryAdmin } from '#domains/message/admin-service.server.ts';
import { ContactService } from '#domains/message/service.server.ts';
import { EnquiryAdmin } from '#domains/order-file/admin-service.server.ts';
import { CustomerEnquiries } from '#domains/order-file/customer-service.server.ts';
import { DashboardService } from '#domains/order-file/dashboard-service.server.ts';
import { QuoteService } from '#domains/quote/service.server.ts';
import { Reminders, ReminderSchedule } from '#domains/reminder/service.server.ts';
import type { AnalyticsSettings } from '#domains/settings/analytics.ts';
import { DocumentSigner } from '#domains/settings/pdf-signing.server.ts';
import { SettingsService } from '#domains/settings/service.server.ts';
import { StaffAccounts } from '#domains/staff/service.server.ts';
import { StatementService } from '#domains/statement/service.server.ts';
import { AuditLog } from '#platform/audit/service.ts';
import { type Config, PROJECT_ROOT, siteUrlOf } from '#platform/config.ts';
import type { Db } from '#platform/db/client.ts';
import { ImageLibrary } from '#platform/images/library.ts';
import { openImageStore } from '#platform/images/store.ts';
import { MailSender } from '#platform/mail/outbox.ts';
import { PictureReader } from '#platform/pdf/pictures.ts';
import { SessionService } from '#platform/session/service.ts';
import { VisitorTokens } from '#platform/session/visitor-token.ts';
import { seedSettings } from '#server/seed-settings.ts';

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
  /** The month's GSTR-1 and Tally's XML. */
  monthFiles: MonthFiles;
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
  statements: StatementService;
  /** The panel's accounts: invitations, roles, resets. */
  staff: StaffAccounts;
  /** Started by main.ts; tests start it when they check delivery. */
  mail: MailSender;
  /** The shop's own details, set in the panel (seeded from domains/settings/demo-shop.ts, domains/settings/terms.ts and the environment). */
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
  const sessions = new SessionService(db, holdsNoCart, sessionAccounts, now);
  const users = new UserService(db);
  const audit = new AuditLog(db);
  const catalogue = new CatalogueService(db);
  const priceGroups = new PriceGroupService(db, audit, catalogue, now);
  const termsOfUser = (userId: number) => priceGroups.termsOfUser(userId);
  const cart = new CartService(db, catalogue, termsOfUser);
  const settings = new SettingsService(db, seedSettings(config));
  const loginThrottle = new LoginThrottle(db, config.lockout, now);
  const securityLog = new SecurityLog(db, now, config.securityLogMs, (entry) => log?.info?.(entry, 'security event'));
  const auth = new AuthService({
    db,
    users,
    sessions,
    joinGuestCart: (sessionId, userId) => cart.mergeIntoAccount(sessionId, userId),
    throttle: loginThrottle,
    log: securityLog,
    secretBox: new SecretBox(deriveKey(appSecret, 'totp')),
    backupCodeKey: deriveKey(appSecret, 'backup-codes'),
    issuer: async () => (await settings.current()).business.tradingName,
    now,
  });
  const statusLinks = new StatusLinks(deriveKey(appSecret, 'status-links'));
  const quotes = new QuoteService(db, audit, statusLinks, settings, invoiceNumberOf, now, poke, (customerId) =>
    priceGroups.termsOfCustomer(customerId),
  );
  const productAdmin = new ProductAdmin(db, audit, catalogue, settings);
  // An enquiry may join an account to a customer record in a group: this process forgets at once, the others on the
  // database's notice.
  const enquirySent = () => {
    poke();
    priceGroups.forgetMemberships();
  };
  const enquiries = new EnquiryService(db, settings, statusLinks, now, enquirySent, termsOfUser);
  const imageStore = openImageStore(config);
  const documentPictures = new PictureReader(imageStore);
  const documentSigner = new DocumentSigner(db, new SecretBox(deriveKey(appSecret, 'document-signing')), log, now);
  const invoices = new InvoiceService(
    db,
    audit,
    statusLinks,
    settings,
    documentPictures,
    documentSigner,
    registrationsOf,
    now,
    poke,
  );
  const reminders = new Reminders(db, audit, statusLinks, settings, invoices, customerKeysOf, siteUrlOf(config), now, poke);
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
    customerEnquiries: new CustomerEnquiries(db, audit, quotes, (orderId) => invoices.ofOrderForCustomer(orderId), settings, now),
    quotes,
    invoices,
    ewayBills: new EwayBills(db, invoices, settings),
    eInvoices: new EInvoices(db, invoices, settings, audit, now),
    bankStatements: new BankStatementService(db, invoices, now),
    monthFiles: new MonthFiles(invoices, settings),
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
    statements: new StatementService(db, audit, settings, now, poke),
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

/** The app secret, resolved at start by loadAppSecret (domains/account/app-secret.server.ts). */
export function requireAppSecret(config: Pick<Config, 'appSecret'>): string {
  if (!config.appSecret) throw new Error('The app secret is not loaded: call loadAppSecret(config) first');
  return config.appSecret;
}
