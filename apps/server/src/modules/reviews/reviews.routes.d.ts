import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
export type ReviewRoutesOptions = {
  db: Db;
};
export declare const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions>;
