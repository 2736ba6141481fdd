import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createAccessKeys } from './modules/auth/access-key.js';
import { createAuth } from './modules/auth/auth.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createGuards } from './modules/auth/guards.js';
import { createRateLimiter } from './modules/auth/rate-limiter.js';
import { resolveAuthSecret } from './modules/auth/secret.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { orderRoutes } from './modules/orders/orders.routes.js';
import { startOrderSweep } from './modules/orders/order-sweep.js';
import { userRoutes } from './modules/users/users.routes.js';
import { isAdmin } from './modules/users/users.service.js';
import { handlePaymentEvent } from './modules/payments/payments.service.js';
import { paymentRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import { createPaymentProvider } from './modules/payments/create-provider.js';
import { registerErrorHandling } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createCatalogCache } from './modules/parts/catalog-cache.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { OneLinePerRequest } from './http/request-log.js';
import { partRoutes } from './modules/parts/parts.routes.js';
import { reviewRoutes } from './modules/reviews/reviews.routes.js';
import { registerSite } from './modules/site/site.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for the process entry and tests (routes get theirs explicitly). */
    storefront: {
      auth: ReturnType<typeof createAuth>;
      accessKeys: ReturnType<typeof createAccessKeys>;
      guards: ReturnType<typeof createGuards>;
      mailer: Mailer;
      /** Every route registered, as `METHOD path`: the API description's test reads it. */
      routes: string[];
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
  /** Background jobs (the unpaid-order sweep): the server starts them, tests call them directly. */
  startJobs?: boolean;
};

/** Builds the whole HTTP application without listening: tests call `inject`, server.ts listens. */
export async function buildApp({
  config,
  database,
  logger,
  mailer: givenMailer,
  startJobs = false,
  paymentProvider: givenProvider,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: config.nodeEnv === 'production',
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

  registerSecurityHeaders(app, { stripe: config.payments.provider === 'stripe' });

  const { db } = database;
  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: `${config.dataDir}/outbox`,
      log: app.log,
    });
  const secret = resolveAuthSecret({
    configured: config.authSecret,
    dataDir: config.dataDir,
    warn: (message) => app.log.warn(message),
  });
  const auth = createAuth({ config, db, mailer, secret, log: app.log });
  const accessKeys = createAccessKeys(secret, config.accessKeyTtlSeconds);
  const guards = createGuards(accessKeys, (caller) => isAdmin(db, caller.email));
  app.decorate('storefront', { auth, accessKeys, guards, mailer, routes });

  await app.register(authRoutes, {
    auth,
    limiter: createRateLimiter(db),
    config,
  });
  await app.register(userRoutes, { db, auth, guards, accessKeys, config });
  await app.register(healthRoutes, { db });
  await app.register(siteRoutes, { config });
  const catalog = createCatalogCache(db, config.catalogCacheSeconds * 1000);
  const onStockChange = () => catalog.invalidate();
  await app.register(partRoutes, { db, guards, catalog });
  await app.register(reviewRoutes, { db, guards });
  await app.register(orderRoutes, { db, guards, onStockChange });
  if (startJobs) startOrderSweep(app, db, config, onStockChange);

  // The sandbox reports outcomes through the same event handler as Stripe's webhook.
  const configured = createPaymentProvider(config.payments, db, async (event) => {
    await handlePaymentEvent(db, event, app.log);
  });
  const provider = givenProvider ?? configured.provider;
  const sandbox = givenProvider ? null : configured.sandbox;
  await app.register(paymentRoutes, { db, guards, provider, sandbox });
  await app.register(stripeWebhookRoutes, { db, provider });

  await registerSite(app, config.webDistDir);
  return app;
}
