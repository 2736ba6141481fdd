import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PublicConfig } from '@storefront/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { registerErrorHandling } from './http/error-handler.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { partRoutes } from './modules/parts/parts.routes.js';
import { reviewRoutes } from './modules/reviews/reviews.routes.js';
import { registerSite } from './modules/site/site.plugin.js';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Omitted in tests: they run silent. */
  logger?: FastifyBaseLogger;
};

/** Builds the whole HTTP application without listening: tests call `inject`, server.ts listens. */
export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: config.nodeEnv === 'production',
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // sweetalert2 injects its stylesheet at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Part images may come from other hosts (admins give a URL).
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  const publicConfig = (): PublicConfig => ({
    brandName: config.brandName,
    paymentProvider: 'sandbox',
    stripePublishableKey: null,
    googleSignIn: false,
  });

  const { db } = database;
  await app.register(healthRoutes, { prefix: '/api', db, publicConfig });
  await app.register(partRoutes, { prefix: '/api/parts', db });
  await app.register(reviewRoutes, { prefix: '/api/reviews', db });

  await registerSite(app, config.webDistDir);
  return app;
}
