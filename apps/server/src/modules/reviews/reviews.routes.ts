import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateReviewBody, endpoints, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { minutes, type RateLimiter } from '../limits/rate-limiter.js';
import { listReviews, postReview } from './reviews.service.js';

export type ReviewRoutesOptions = { db: Db; guards: Guards; limiter: RateLimiter };

/** Reviews one account may post (or correct) an hour. */
const REVIEW_WRITES = { max: 10, windowSeconds: minutes(60) };

export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (
  app,
  { db, guards, limiter },
) => {
  app.get(routePath(endpoints.listReviews), async () => listReviews(db));

  app.post(routePath(endpoints.createReview), async (request, reply) => {
    const caller = await guards.requireUser(request);
    await limiter.take(`reviews:${caller.sub}`, REVIEW_WRITES);
    // A `name` in the body is dropped by the schema: the author is the signed-in account.
    const body = parseOr400(CreateReviewBody, request.body ?? {});
    const { review, replaced } = await postReview(db, caller, body);
    return reply.status(replaced ? 200 : 201).send(review);
  });
};
