import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateReviewBody, endpoints, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { createReview, listReviews } from './reviews.service.js';

export type ReviewRoutesOptions = { db: Db; guards: Guards };

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(routePath(endpoints.listReviews), async () => listReviews(db));

  app.post(routePath(endpoints.createReview), async (request, reply) => {
    const caller = guards.requireUser(request);
    // A `name` in the body is dropped by the schema: the author is the signed-in account.
    const body = parseOr400(CreateReviewBody, request.body ?? {});
    return reply.status(201).send(await createReview(db, caller.sub, body));
  });
};
