import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
export type PartRoutesOptions = {
  db: Db;
};
export declare const partRoutes: FastifyPluginAsyncZod<PartRoutesOptions>;
