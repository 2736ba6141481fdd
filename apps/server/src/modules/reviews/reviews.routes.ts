import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { listReviews } from './reviews.service.js';

export type ReviewRoutesOptions = { db: Db };

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { db }) => {
  app.get('/', async () => listReviews(db));
};
