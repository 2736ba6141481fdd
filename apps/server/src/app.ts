import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { returnPhotosDir, type Config } from './config.js';
import type { Database, DbOrTx } from './db/database.js';
import { createAccessKeys } from './modules/auth/access-key.js';
import { createAuth } from './modules/auth/auth.js';
import { authRoutes, PASSWORD_RESET_JOB } from './modules/auth/auth.routes.js';
import { enqueue } from './modules/outbox/outbox.service.js';
import { createGuards } from './modules/auth/guards.js';
import { createRateLimiter } from './modules/limits/rate-limiter.js';
import { findLiveSession } from './modules/auth/identity.service.js';
import { queueMail, registerMailJobs } from './modules/mail/mail.service.js';
import { takenAddressNotice } from './modules/mail/notices.js';
import { invoiceRoutes } from './modules/invoices/invoices.routes.js';
import { registerOrderMailJobs } from './modules/notifications/notifications.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { createOutboxWorker, type OutboxWorker } from './modules/outbox/outbox-worker.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { policyRoutes } from './modules/policies/policies.routes.js';
import { ensureStartingPages } from './modules/policies/policies.service.js';
import { PRIVACY_CONTRIBUTIONS } from './modules/privacy/contributions.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { startRetentionSweep } from './modules/privacy/retention-sweep.js';
import { applyRoleGrants, isAdmin } from './modules/users/roles.service.js';
import { resolveAuthSecret } from './modules/auth/secret.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { companyOrderRoutes } from './modules/orders/company-orders.routes.js';
import { startOrderSweep } from './modules/orders/order-sweep.js';
import { startQuoteExpiry } from './modules/quotes/quote-expiry.js';
import { quoteRoutes } from './modules/quotes/quotes.routes.js';
import { staffQuoteRoutes } from './modules/quotes/staff-quotes.routes.js';
import { startCoreSweep } from './modules/returns/core-sweep.js';
import { registerReturnPhotoJobs } from './modules/returns/return-photo-erasure.js';
import { returnFileRoutes } from './modules/returns/return-files.routes.js';
import { returnRoutes } from './modules/returns/returns.routes.js';
import {
  remindOverdueInvoices,
  startOverdueReminders,
} from './modules/orders/overdue-reminders.js';
import { sweepExpiredOrders } from './modules/orders/cancel-order.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { companyRoutes } from './modules/companies/companies.routes.js';
import { quickOrderRoutes } from './modules/quick-order/quick-order.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import {
  handlePaymentEvent,
  paymentGate,
  registerRefundJobs,
} from './modules/payments/payments.service.js';
import { paymentRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import { createPaymentProvider } from './modules/payments/create-provider.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createCatalogCache } from './modules/parts/catalog-cache.js';
import { createCatalogSearch } from './modules/parts/search/catalog-search.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { publicConfigOf, siteRoutes } from './modules/site/site.routes.js';
import { OneLinePerRequest } from './http/request-log.js';
import { checkInputs } from './http/input.js';
import { checkPathIds } from './http/path-params.js';
import { endpoints } from '@storefront/contract';
import { fillCatalogPage, partRoutes } from './modules/parts/parts.routes.js';
import { fillHomePage } from './modules/parts/home-page.js';
import { buyerOverlay } from './modules/price-lists/buyer-overlay.js';
import { buyerSearchPrices } from './modules/price-lists/buyer-search.js';
import { seoRoutes } from './modules/parts/seo.routes.js';
import { reviewRoutes } from './modules/reviews/reviews.routes.js';
import { listPartReviews, listReviews } from './modules/reviews/reviews.service.js';
import { staffAdminRoutes } from './modules/staff/staff-admins.routes.js';
import { staffOrderRoutes } from './modules/staff/staff-orders.routes.js';
import { staffPartRoutes } from './modules/staff/staff-parts.routes.js';
import { staffCompanyRoutes } from './modules/staff/staff-companies.routes.js';
import { uploadRoutes } from './modules/uploads/uploads.routes.js';
import { catalogImportRoutes } from './modules/catalog-import/catalog-import.routes.js';
import { startImportRecovery } from './modules/catalog-import/recovery.js';
import { VacuumQueue } from './db/vacuum-queue.js';
import { industryRoutes } from './modules/industry-files/industry.routes.js';
import { recordApplications } from './modules/industry-files/aces-import.js';
import { recordPiesData } from './modules/industry-files/pies-import.js';
import { registerSite } from './modules/site/site.plugin.js';
import { readyRoutes } from './modules/health/ready.routes.js';
import { metricsRoutes, registerRequestMetrics } from './modules/metrics/metrics.routes.js';
import {
  createBackups,
  startBackupSchedule,
  type Backups,
} from './modules/backups/backup-schedule.js';
import { backupSource } from './modules/backups/backup.service.js';
import { backupRoutes } from './modules/backups/backups.routes.js';
import { createKeyGuard, type KeyGuard } from './modules/api-keys/api-key-guard.js';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.js';
import { v1Routes } from './modules/machine-api/v1.routes.js';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/delivery-worker.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { priceListRoutes } from './modules/price-lists/price-lists.routes.js';
import { taxRoutes } from './modules/tax/tax.routes.js';
import { taxCertificateRoutes } from './modules/tax/tax-certificate.routes.js';
import { certificateDir } from './modules/tax/certificate-files.js';
import { startCertificateReminders } from './modules/tax/certificate-reminders.js';
import { priceListEntryRoutes } from './modules/price-lists/entries.routes.js';
import { priceListImportRoutes } from './modules/price-lists/entry-import.routes.js';
import { customerGroupRoutes } from './modules/price-lists/customer-groups.routes.js';
import { companyPriceRoutes } from './modules/price-lists/company-prices.routes.js';
import { priceListAssignmentRoutes } from './modules/price-lists/assignments.routes.js';
import { priceExplanationRoutes } from './modules/price-lists/explain.routes.js';
import { syncWebhookSettings } from './modules/webhooks/webhooks.service.js';
import { machinePart } from './modules/parts/feeds.service.js';
import { toV1Order } from './modules/orders/order-feed.js';
import type { Lookup } from './modules/webhooks/destination.js';
import { findOrderView } from './modules/orders/orders.service.js';
import { listAdmins } from './modules/users/roles.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for the process entry and tests (routes get theirs explicitly). */
    storefront: {
      auth: ReturnType<typeof createAuth>;
      accessKeys: ReturnType<typeof createAccessKeys>;
      guards: ReturnType<typeof createGuards>;
      mailer: Mailer;
      outbox: OutboxWorker;
      /** The unpaid-order sweep, as the background job runs it (tests call it directly). */
      sweepUnpaidOrders(olderThanHours: number, now?: Date): Promise<number>;
      /** The overdue-invoice reminders, as the background job runs them (tests call it). */
      remindOverdueInvoices(now?: Date): Promise<number>;
      /** Every route registered, as `METHOD path`: the API description's test reads it. */
      routes: string[];
      /** Backups of this shop's data (the schedule runs only with the background jobs). */
      backups: Backups;
      /** Machine API keys (tests forget cached keys to see a revocation at once). */
      keyGuard: KeyGuard;
      /** Outgoing webhooks (tests call `runDue`). */
      webhooks: WebhookWorker;
    };
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Omitted in tests: they run silent. */
  logger?: FastifyBaseLogger;
  /** Defaults to SMTP or the local outbox, as configured. */
  mailer?: Mailer;
  /** Replaces the configured provider (tests point a Stripe provider at a local fake). */
  paymentProvider?: PaymentProvider;
  /**
   * Background jobs (the unpaid-order sweep, the outbox worker): the server starts them; tests
   * call `sweepExpiredOrders` and `storefront.outbox.runDue()` directly.
   */
  startJobs?: boolean;
  /** Tests: a pause between the steps of a catalog import's apply (to race or crash it there). */
  importSteps?: (step: string) => Promise<void>;
  /** Tests: how webhook deliveries resolve names (one that resolves to a private address). */
  webhookLookup?: Lookup;
  /** Tables an import leaves full of dead rows (decision 078); tests read what was marked. */
  vacuum?: VacuumQueue;
};

/** Believe X-Forwarded-For's last `hops` entries, the ones the shop's own proxies appended. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const hourStamp = () => new Date().toISOString().slice(0, 13);

/** Builds the whole HTTP application without listening: tests call `inject`, server.ts listens. */
export async function buildApp({
  config,
  database,
  logger,
  mailer: givenMailer,
  startJobs = false,
  paymentProvider: givenProvider,
  importSteps,
  webhookLookup,
  // Vacuumed by the import recovery's round once the catalog has been quiet for three minutes.
  vacuum = new VacuumQueue(180_000),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default):
    // otherwise any client could pick its own address and walk round every per-address limit.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // The spec posts to /purchase/ and reads /purchase?email=: both spellings are one route.
    routerOptions: { ignoreTrailingSlash: true },
    logController: new OneLinePerRequest(),
  });
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  checkInputs(app);
  checkPathIds(app, Object.values(endpoints));
  registerRequestMetrics(app);

  registerSecurityHeaders(app, {
    stripe: config.payments.provider === 'stripe',
    https: config.publicUrl.startsWith('https://'),
  });

  const { db } = database;
  const outbox = createOutboxWorker(db, app.log);
  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: `${config.dataDir}/outbox`,
      log: app.log,
    });
  registerMailJobs(outbox, mailer);
  const seller = {
    name: config.brandName,
    address: config.seller.address,
    taxId: config.seller.taxId,
    publicUrl: config.publicUrl,
  };
  registerOrderMailJobs(outbox, {
    db,
    mailer,
    seller,
    context: {
      brandName: config.brandName,
      publicUrl: config.publicUrl,
      unpaidOrderTtlHours: config.unpaidOrderTtlHours,
    },
  });
  const secret = resolveAuthSecret({
    configured: config.authSecret,
    dataDir: config.dataDir,
    warn: (message) => app.log.warn(message),
  });
  const trustedOrigins = [
    config.publicUrl,
    // The Vite dev server runs on its own origin in development.
    ...(config.nodeEnv === 'development' ? ['http://localhost:5173'] : []),
  ];
  const accessKeys = createAccessKeys(secret, config.accessKeyTtlSeconds);
  const guards = createGuards({
    accessKeys,
    findSession: (sessionId) => findLiveSession(db, sessionId),
    isAdmin: (userId) => isAdmin(db, userId),
    cacheMs: config.sessionCheckCacheMs,
  });
  const auth = createAuth({
    config,
    db,
    secret,
    trustedOrigins,
    log: app.log,
    sendMail: async (mail) => {
      await queueMail(db, mail);
      outbox.poke();
    },
    onAddressProved: async (user) => {
      if (await applyRoleGrants(db, user)) guards.forget();
    },
    onIdentityChanged: () => guards.forget(),
  });
  const backups = createBackups({
    config,
    source: () => backupSource(database, config.databaseUrl),
    log: app.log,
  });
  const limiter = createRateLimiter(db);
  // Machine keys are revoked everywhere within the same bound as a session's end.
  const keyGuard = createKeyGuard({ db, limiter, cacheMs: config.sessionCheckCacheMs });
  // Webhooks leave from their own outbox (decision 059): a slow receiver never holds up mail.
  const webhooks = createWebhookWorker({
    db,
    log: app.log,
    rules: { allowLocalHttp: config.webhooks.allowLocalHttp },
    timeoutMs: config.webhooks.timeoutMs,
    disableAfter: config.webhooks.disableAfter,
    ...(webhookLookup ? { lookup: webhookLookup } : {}),
    // The one serializer of each object an event written inside a statement or trigger names.
    render: async (objectType, objectId) => {
      if (objectType === 'part') return (await machinePart(db, objectId)) ?? null;
      if (objectType !== 'order') throw new Error(`no serializer for ${objectType}`);
      const order = await findOrderView(db, objectId);
      return order ? toV1Order(order) : null;
    },
    onDisabled: async (tx, endpoint) => {
      for (const admin of await listAdmins(tx)) {
        if (admin.pending) continue;
        await queueMail(tx, {
          to: admin.email,
          subject: `${config.brandName}: a webhook endpoint was turned off`,
          text:
            `The webhook endpoint ${endpoint.url} failed ${endpoint.consecutiveFailures} times in a row ` +
            `and was turned off.\n\n${endpoint.disabledReason ?? ''}\n\n` +
            `Turn it back on in the console once the receiver answers again: ${config.publicUrl}/dashboard/webhooks`,
        });
      }
    },
  });
  // Filled in below, once the payment provider exists; read only after buildApp returns.
  const storefront = {
    backups,
    auth,
    accessKeys,
    guards,
    mailer,
    outbox,
    routes,
    sweepUnpaidOrders: async (_hours: number, _now?: Date): Promise<number> => 0,
    remindOverdueInvoices: (now?: Date) => remindOverdueInvoices(db, now),
    keyGuard,
    webhooks,
  };
  app.decorate('storefront', storefront);
  // A reset request is carried out here, after its answer (see the identity bridge); the address
  // is forgotten once done.
  outbox.handle(PASSWORD_RESET_JOB, async (payload) => {
    const { email } = payload as { email: string };
    await auth.api.requestPasswordReset({ body: { email } });
    return { keepPayload: { done: true } };
  });
  const mailLimiter = config.mailRateLimit ? limiter : null;

  await app.register(authRoutes, {
    auth,
    db,
    limiter,
    config,
    secret,
    trustedOrigins,
    queuePasswordReset: async (email) => {
      await enqueue(db, { kind: PASSWORD_RESET_JOB, payload: { email } });
      outbox.poke();
    },
    noticeTakenAddress: async (email) => {
      // One notice an hour is enough, however often the address is tried.
      await queueMail(db, takenAddressNotice(config, email), `taken:${email}:${hourStamp()}`);
      outbox.poke();
    },
  });
  await app.register(userRoutes, { db, auth, guards, accessKeys, trustedOrigins });
  await app.register(healthRoutes, { db, searchStatus: () => search.status() });
  await app.register(readyRoutes, { db });
  await app.register(metricsRoutes, {
    token: config.metricsToken,
    database,
    backupStatus: backups.status,
  });
  await app.register(backupRoutes, { guards, backups });
  await app.register(siteRoutes, { config });

  // The sandbox reports outcomes through the same event handler as Stripe's webhook.
  const onQueued = () => {
    outbox.poke();
    webhooks.poke();
  };
  const configured = createPaymentProvider(config.payments, db, async (event) => {
    await handlePaymentEvent(db, event, onQueued);
  });
  const provider = givenProvider ?? configured.provider;
  const sandbox = givenProvider ? null : configured.sandbox;
  registerRefundJobs(outbox, db, provider);
  registerReturnPhotoJobs(outbox, db, returnPhotosDir(config.dataDir));
  const gate = paymentGate(db, provider);
  storefront.sweepUnpaidOrders = (hours, now) => sweepExpiredOrders(db, hours, gate, now);

  // Catalog search from memory, fed by the change log (decision 050); writes here nudge it.
  const search = createCatalogSearch(db, {
    enabled: config.searchIndex,
    pollMs: config.searchPollMs,
    onError: (err) => app.log.error({ err }, 'search index'),
    onReady: (s) => app.log.info(s, 'search index ready'),
  });
  app.addHook('onClose', () => search.stop());
  const catalog = createCatalogCache(db, config.catalogCacheSeconds * 1000, () => search.nudge());
  const onStockChange = () => catalog.invalidate();
  // Only routes that ask for it (`compress: {}`): answers built per request and large enough to
  // gain. Cached answers carry their own precompressed bodies; small ones are not worth the CPU.
  await app.register(compress, {
    global: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(partRoutes, {
    db,
    guards,
    catalog,
    search,
    partReviews: listPartReviews,
    priceOverlay: buyerOverlay,
    buyerSearchPrices,
  });
  await app.register(seoRoutes, {
    db,
    catalog,
    publicUrl: config.publicUrl,
    brandName: config.brandName,
    publicConfig: publicConfigOf(config),
    webDistDir: config.webDistDir,
    partReviews: listPartReviews,
  });
  await app.register(reviewRoutes, { db, guards, limiter });
  await app.register(orderRoutes, {
    db,
    guards,
    openOrderLimits: config.openOrderLimits,
    paymentGate: gate,
    onStockChange,
    onQueued,
  });
  await app.register(cartRoutes, { db, guards });
  await app.register(companyRoutes, {
    db,
    guards,
    limiter: mailLimiter,
    mail: { publicUrl: config.publicUrl, brandName: config.brandName },
    onQueued,
  });
  await app.register(companyOrderRoutes, { db, guards });
  const quoteMail = { publicUrl: config.publicUrl, brandName: config.brandName };
  await app.register(quoteRoutes, {
    db,
    guards,
    limiter: mailLimiter,
    mail: quoteMail,
    openOrderLimits: config.openOrderLimits,
    onStockChange,
    onQueued,
  });
  await app.register(staffQuoteRoutes, { db, guards, mail: quoteMail, onQueued });
  await app.register(returnRoutes, { db, guards, mail: quoteMail, onQueued, onStockChange });
  await app.register(quickOrderRoutes, { db, guards });
  await app.register(paymentRoutes, { db, guards, provider, sandbox, onQueued });
  await app.register(invoiceRoutes, { db, guards, seller });
  await app.register(notificationRoutes, { db, guards });
  await app.register(stripeWebhookRoutes, { db, provider, onQueued });
  await app.register(staffOrderRoutes, {
    db,
    guards,
    config,
    paymentGate: gate,
    onStockChange,
    onQueued,
  });
  await app.register(staffAdminRoutes, { db, guards });
  await app.register(staffCompanyRoutes, { db, guards, seller });
  await app.register(staffPartRoutes, {
    db,
    guards,
    lowStockFactor: config.lowStockFactor,
    onPartChange: onStockChange,
  });
  // The shop's pages start from templates to adapt (decision 053); a shop that has them keeps them.
  await ensureStartingPages(db);
  await app.register(policyRoutes, {
    db,
    guards,
    publicUrl: config.publicUrl,
    brandName: config.brandName,
    webDistDir: config.webDistDir,
    seller: config.seller,
  });
  await app.register(contactRoutes, {
    db,
    limiter,
    contactEmail: config.contactEmail,
    brandName: config.brandName,
    onQueued,
  });
  await app.register(privacyRoutes, {
    db,
    guards,
    limiter,
    contributions: PRIVACY_CONTRIBUTIONS,
    retentionYears: config.invoiceRetentionYears,
  });
  await app.register(catalogImportRoutes, {
    db,
    vacuum,
    guards,
    keyGuard,
    dir: config.importsDir,
    uploadsDir: config.uploadsDir,
    maxBytes: config.importMaxBytes,
    lowStockFactor: config.lowStockFactor,
    onCatalogChange: () => {
      catalog.invalidate();
      search.nudge();
    },
    ...(importSteps ? { betweenSteps: importSteps } : {}),
    // The embedded database is one session: an apply's transaction holds it (decision 071).
    ...(database.kind === 'pglite'
      ? { catalogWhileHeld: (tx: DbOrTx) => search.holdCards(tx) }
      : {}),
    afterVehicles: async (tx, importId) => {
      await recordApplications(tx, importId);
      await recordPiesData(tx, importId);
    },
  });
  await app.register(industryRoutes, {
    db,
    guards,
    dir: config.importsDir,
    uploadsDir: config.uploadsDir,
    maxBytes: config.importMaxBytes,
    publicUrl: config.publicUrl,
    shopName: config.brandName,
    onCatalogChange: () => {
      catalog.invalidate();
      search.nudge();
    },
  });
  await app.register(apiKeyRoutes, { db, guards, keyGuard });
  await syncWebhookSettings(db, config.lowStockFactor);
  await app.register(webhookRoutes, {
    db,
    guards,
    rules: { allowLocalHttp: config.webhooks.allowLocalHttp },
    onQueued,
  });
  await app.register(priceListRoutes, { db, guards });
  await app.register(taxRoutes, { db, guards, certificatesDir: certificateDir(config.uploadsDir) });
  await app.register(taxCertificateRoutes, {
    db,
    guards,
    dir: certificateDir(config.uploadsDir),
  });
  await app.register(priceListEntryRoutes, { db, guards });
  await app.register(priceListImportRoutes, {
    db,
    guards,
    dir: config.importsDir,
    maxBytes: config.importMaxBytes,
  });
  await app.register(priceListAssignmentRoutes, { db, guards });
  await app.register(priceExplanationRoutes, { db, guards });
  await app.register(customerGroupRoutes, { db, guards });
  await app.register(companyPriceRoutes, { db, guards });
  await app.register(v1Routes, {
    db,
    keyGuard,
    openOrderLimits: config.openOrderLimits,
    onCatalogChange: () => {
      catalog.invalidate();
      search.nudge();
    },
    onQueued,
  });
  await app.register(uploadRoutes, {
    db,
    guards,
    dir: config.uploadsDir,
    maxBytes: config.uploadMaxBytes,
  });
  await app.register(returnFileRoutes, {
    db,
    guards,
    dir: returnPhotosDir(config.dataDir),
    maxBytes: config.uploadMaxBytes,
    seller,
  });

  if (startJobs) {
    startOrderSweep(app, db, config, gate, onStockChange);
    // Invoices become overdue by the day: looking every ten minutes is plenty.
    startOverdueReminders(app, db, 600_000, onQueued);
    // Cores fall due by the day too (decision 069): reminded once, then their deposit kept once.
    startCoreSweep(
      app,
      db,
      { publicUrl: config.publicUrl, brandName: config.brandName },
      600_000,
      onQueued,
    );
    // Exemption certificates expire by the day too: their owners are mailed 30 days before.
    startCertificateReminders(
      app,
      db,
      {
        brandName: config.brandName,
        publicUrl: config.publicUrl,
        certificatesDir: certificateDir(config.uploadsDir),
      },
      600_000,
      onQueued,
    );
    // An offer holds to the end of its day: looking every minute marks it soon after.
    startQuoteExpiry(app, db, quoteMail, 60_000, onQueued);
    app.addHook('onReady', async () => outbox.start(config.outboxIntervalSeconds * 1000));
    app.addHook('onReady', async () => webhooks.start(1000));
    startBackupSchedule(app, backups, config.backups.intervalHours);
    startRetentionSweep(app, db, config.invoiceRetentionYears);
    startImportRecovery(app, db, { embedded: !config.databaseUrl, vacuum });
  }
  // The database closes after the app: let a running job finish first.
  app.addHook('onClose', async () => outbox.stop());
  app.addHook('onClose', async () => webhooks.stop());

  // `/parts` arrives with its first page of results drawn in (the catalog module's data), and `/`
  // with its parts and reviews.
  await registerSite(app, config.webDistDir, publicConfigOf(config), {
    '/': fillHomePage(catalog, config.webDistDir, publicConfigOf(config), () => listReviews(db)),
    '/parts': fillCatalogPage(db, catalog, config.webDistDir, publicConfigOf(config), search),
  });
  return app;
}
