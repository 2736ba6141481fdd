import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicConfig } from '@storefront/contract';
import { type Db } from '../../db/database.js';
export type HealthRoutesOptions = {
  db: Db;
  publicConfig: () => PublicConfig;
};
export declare const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions>;
