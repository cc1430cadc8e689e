import path from 'node:path';

import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { ServerBuild } from 'react-router';

import { securityAdminRoutes } from '#domains/account/admin-routes.server.ts';
import { deriveKey } from '#domains/account/app-secret.server.ts';
import { authRoutes } from '#domains/account/routes.server.ts';
import { bankStatementRoutes } from '#domains/bank/routes.server.ts';
import { cartRoutes } from '#domains/cart/routes.server.ts';
import { productAdminRoutes } from '#domains/catalogue/admin-routes.server.ts';
import { demoArtRoutes } from '#domains/catalogue/demo-art-routes.server.ts';
import { imageAdminRoutes, mediaRoutes } from '#domains/catalogue/image-routes.server.ts';
import { catalogueRoutes } from '#domains/catalogue/routes.server.ts';
import { CATALOGUE_CHANNEL } from '#domains/catalogue/service.server.ts';
import { priceGroupRoutes } from '#domains/customer/price-group-routes.server.ts';
import { PRICE_MEMBERSHIP_CHANNEL } from '#domains/customer/price-groups.server.ts';
import { customerRoutes } from '#domains/customer/routes.server.ts';
import { enquiryRoutes } from '#domains/enquiry/routes.server.ts';
import { handoffRoutes } from '#domains/handoff/routes.server.ts';
import { invoiceAdminRoutes } from '#domains/invoice/admin-routes.server.ts';
import { inquiryAdminRoutes } from '#domains/message/admin-routes.server.ts';
import { contactRoutes } from '#domains/message/routes.server.ts';
import { enquiryAdminRoutes } from '#domains/order-file/admin-routes.server.ts';
import { customerEnquiryRoutes } from '#domains/order-file/customer-routes.server.ts';
import { dashboardRoutes } from '#domains/order-file/dashboard-routes.server.ts';
import { quoteAdminRoutes } from '#domains/quote/routes.server.ts';
import { settingsAdminRoutes } from '#domains/settings/routes.server.ts';
import { SETTINGS_CHANNEL } from '#domains/settings/service.server.ts';
import { seoRoutes } from '#domains/site/seo-routes.server.ts';
import { accountLinkRoutes, staffAdminRoutes } from '#domains/staff/routes.server.ts';
import { statementRoutes } from '#domains/statement/routes.server.ts';
import type { Config } from '#platform/config.ts';
import type { Database } from '#platform/db/client.ts';
import { requireCsrfToken } from '#platform/http/csrf.ts';
import { answerFrameworkError, answerUnknownPaths, registerErrorHandling } from '#platform/http/errors.ts';
import { createCounter, registerRateLimits, takeAllowance } from '#platform/http/rate-limits.ts';
import { requireAdminForAdminPaths } from '#platform/http/require-admin.ts';
import { requireSameOrigin } from '#platform/http/same-origin.ts';
import { registerSecurityHeaders } from '#platform/http/security-headers.ts';
import { sessionPlugin } from '#platform/session/plugin.ts';
import { sessionCookieName } from '#platform/session/service.ts';
import { PageCache } from '#platform/ssr/page-cache.ts';
import { ssrPlugin } from '#platform/ssr/plugin.ts';

import { requireAppSecret, type Services } from './services.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  services: Services;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is added (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Server-rendered pages; API tests leave it out. */
  pages?: {
    /**
     * The built pages, or (development) a function that loads them anew on each request. React Router works out its
     * route table from a build once, but from a function on every request: production must pass the build itself.
     */
    build: ServerBuild | (() => Promise<ServerBuild>);
    mode: 'production' | 'development';
    /** Built browser assets to serve (production); in development Vite serves them. */
    clientDir?: string;
  };
}

/**
 * One log line a request, written when it is answered and saying what was asked: Fastify's own are two (on arrival, and
 * on completion without the request), and a line costs the redaction of every secret field each time.
 */
class OneLineARequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Builds the whole app without listening: main.ts serves it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, services } = options;
  const csrfKey = deriveKey(requireAppSecret(config), 'csrf');
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLineARequest(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorate('documentPictures', services.documentPictures);
  app.decorate('documentSigner', services.documentSigner);

  // A change made by another process (or, for the price groups, by a trigger) reaches this one's copies (LISTEN/NOTIFY).
  const stopListening = await database.listen(CATALOGUE_CHANNEL, () => services.catalogue.invalidate());
  app.addHook('onClose', stopListening);
  const stopListeningToSettings = await database.listen(SETTINGS_CHANNEL, () => services.settings.invalidate());
  app.addHook('onClose', stopListeningToSettings);
  const stopListeningToGroups = await database.listen(PRICE_MEMBERSHIP_CHANNEL, () => services.priceGroups.forgetMemberships());
  app.addHook('onClose', stopListeningToGroups);
  // The reminders' timer (started by main.ts once the app listens) ends with the app.
  app.addHook('onClose', () => services.reminderSchedule.stop());

  // The protective headers, HSTS over HTTPS, a CSP that allows nothing; pages get theirs from the SSR plugin.
  registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  app.get('/healthz', async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });

  const counter = createCounter(database);
  await app.register(sessionPlugin, {
    sessions: services.sessions,
    tokens: services.visitorTokens,
    allowNewSession: (request) =>
      takeAllowance(
        counter,
        'stored-sessions',
        request.ip,
        config.rateLimits.sessions,
        'Too many new visitors from your network.',
      ),
  });
  await app.register(
    async (api) => {
      registerErrorHandling(api);
      requireAdminForAdminPaths(api);
      requireSameOrigin(api);
      requireCsrfToken(api, csrfKey);
      await registerRateLimits(api, counter);
      await api.register(authRoutes(services.auth, csrfKey, config.rateLimits));
      await api.register(
        accountLinkRoutes(services.staff, config.rateLimits.register, {
          perVisitor: config.rateLimits.passwordResets,
          perEmail: (email) =>
            takeAllowance(
              counter,
              'password-resets-email',
              email,
              config.rateLimits.passwordResetsPerEmail,
              'Too many links asked for this address.',
            ),
          siteUrl: services.siteUrl,
        }),
      );
      await api.register(securityAdminRoutes(services.securityLog));
      await api.register(staffAdminRoutes(services.staff, services.siteUrl));
      await api.register(catalogueRoutes(services.catalogue));
      await api.register(cartRoutes(services.cart, config.rateLimits.cart));
      await api.register(
        enquiryRoutes(services.enquiries, services.siteUrl, {
          perVisitor: config.rateLimits.orders,
          perAddress: (request) =>
            takeAllowance(
              counter,
              'orders-address',
              request.ip,
              config.rateLimits.ordersPerAddress,
              'Too many enquiries from your network.',
            ),
        }),
      );
      await api.register(
        customerEnquiryRoutes(services.customerEnquiries, services.quotes, services.cart, services.invoices, services.siteUrl),
      );
      await api.register(contactRoutes(services.contact, config.rateLimits.contact));
      await api.register(enquiryAdminRoutes(services.enquiryAdmin, services.siteUrl));
      await api.register(quoteAdminRoutes(services.quotes, services.siteUrl));
      await api.register(invoiceAdminRoutes(services.invoices, services.siteUrl));
      await api.register(handoffRoutes(services.ewayBills, services.eInvoices, services.monthFiles, services.siteUrl));
      await api.register(bankStatementRoutes(services.bankStatements, services.siteUrl));
      await api.register(inquiryAdminRoutes(services.inquiryAdmin, services.siteUrl));
      await api.register(dashboardRoutes(services.dashboard));
      await api.register(customerRoutes(services.customers, services.priceGroups, services.reminders, services.statements));
      await api.register(priceGroupRoutes(services.priceGroups));
      await api.register(statementRoutes(services.statements));
      await api.register(productAdminRoutes(services.productAdmin, services.images));
      await api.register(imageAdminRoutes(services.images, services.productAdmin));
      await api.register(settingsAdminRoutes(services.settings, services.documentSigner));
      answerUnknownPaths(api);
    },
    { prefix: '/api' },
  );
  await app.register(demoArtRoutes);
  await app.register(mediaRoutes(services.images.store));
  await app.register(seoRoutes(services));

  if (options.pages?.clientDir) await registerStaticAssets(app, options.pages.clientDir, config.assetMaxAge);
  if (options.pages) {
    const pageCache = new PageCache(options.pages.mode === 'production' ? config.pageCacheTtlMs : 0, {
      maxBytes: config.pageCacheMaxMb * 1024 * 1024,
    });
    services.catalogue.onInvalidate(() => pageCache.clear());
    services.settings.onInvalidate(() => pageCache.clear());
    await app.register(ssrPlugin, {
      build: options.pages.build,
      mode: options.pages.mode,
      services,
      pageCache,
      visitorCookie: (request) => sessionCookieName(request.protocol === 'https'),
    });
  }
  return app;
}

async function registerStaticAssets(app: FastifyInstance, clientDir: string, maxAge: number): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    // The headers are setHeaders' alone: with its default, send's `public, max-age=0` overwrote them.
    cacheControl: false,
    wildcard: false,
    preCompressed: true,
    // Only /assets/ names carry a content hash; everything else may change between releases,
    // and the service worker must be checked on every visit so a new release reaches everyone.
    setHeaders(res, filePath) {
      const fingerprinted = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
      const policy = fingerprinted
        ? `public, max-age=${maxAge}, immutable`
        : path.basename(filePath) === 'sw.js'
          ? 'no-cache'
          : 'public, max-age=3600';
      res.setHeader('cache-control', policy);
    },
  });
}
