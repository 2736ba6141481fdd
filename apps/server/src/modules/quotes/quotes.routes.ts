import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  QuoteAcceptBody,
  QuoteAnswerBody,
  QuoteParams,
  QuoteRequestBody,
  QuoteWithdrawBody,
  routePath,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { takeMailAllowance } from '../limits/mail-limits.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import type { OpenOrderLimits } from '../orders/place-order.js';
import { acceptQuote } from './accept-quote.js';
import type { QuoteMailConfig } from './quote-mail.js';
import { requestQuote } from './request-quote.js';
import { answerQuote, withdrawQuote } from './quote-transitions.js';
import { listMyQuotes, quoteView, visibleQuote } from './quotes.service.js';

export type QuoteRoutesOptions = {
  db: Db;
  guards: Guards;
  mail: QuoteMailConfig;
  /** Null when MAIL_RATE_LIMIT is off. */
  limiter: RateLimiter | null;
  openOrderLimits: OpenOrderLimits;
  /** Runs after a committed change to stock (the catalog cache listens). */
  onStockChange: () => void;
  /** Runs after a change that queued outbox work (mail). */
  onQueued: () => void;
};

/**
 * Quotes as buyers ask for and answer them. Who is asking is checked before the body is parsed;
 * a quote the caller may not see is a 404 on every route.
 */
export const quoteRoutes: FastifyPluginAsyncZod<QuoteRoutesOptions> = async (
  app,
  { db, guards, mail, limiter, openOrderLimits, onStockChange, onQueued },
) => {
  app.post(routePath(endpoints.requestQuote), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(QuoteRequestBody, request.body ?? {});
    // Every request mails every admin.
    await takeMailAllowance(limiter, 'quote-request', { userId: caller.sub, ip: request.ip });
    const quote = await requestQuote(db, caller, body, mail);
    onQueued();
    return reply.status(201).send(quote);
  });

  app.get(routePath(endpoints.myQuotes), async (request) => {
    const caller = await guards.requireUser(request);
    return listMyQuotes(db, caller);
  });

  app.get(routePath(endpoints.getQuote), { schema: { params: QuoteParams } }, async (request) => {
    const caller = await guards.requireUser(request);
    return quoteView(db, await visibleQuote(db, caller, request.params.id));
  });

  app.post(
    routePath(endpoints.acceptQuote),
    { schema: { params: QuoteParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      await visibleQuote(db, caller, request.params.id);
      const body = parseOr400(QuoteAcceptBody, request.body ?? {});
      const { order, created } = await acceptQuote(db, caller, request.params.id, body, {
        limits: openOrderLimits,
        mail,
      });
      if (!created) return reply.status(200).send(order);
      onStockChange();
      onQueued();
      return reply.status(201).send(order);
    },
  );

  app.post(
    routePath(endpoints.withdrawQuote),
    { schema: { params: QuoteParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await visibleQuote(db, caller, request.params.id);
      const body = parseOr400(QuoteWithdrawBody, request.body ?? {});
      const quote = await withdrawQuote(db, caller, request.params.id, body.message, mail);
      onQueued();
      return quote;
    },
  );

  for (const [endpoint, to] of [
    [endpoints.rejectQuote, 'rejected'],
    [endpoints.reviseQuote, 'revision_requested'],
  ] as const) {
    app.post(routePath(endpoint), { schema: { params: QuoteParams } }, async (request) => {
      const caller = await guards.requireUser(request);
      await visibleQuote(db, caller, request.params.id);
      const body = parseOr400(QuoteAnswerBody, request.body ?? {});
      const quote = await answerQuote(db, caller, request.params.id, { to, ...body }, mail);
      onQueued();
      return quote;
    });
  }
};
