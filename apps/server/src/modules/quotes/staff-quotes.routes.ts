import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  QuoteDeclineBody,
  QuoteOfferBody,
  QuoteParams,
  routePath,
  StaffQuoteListQuery,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import type { QuoteMailConfig } from './quote-mail.js';
import { offerQuote } from './offer-quote.js';
import { declineQuote } from './quote-transitions.js';
import { findQuote, listStaffQuotes, quoteNotFound, quoteView } from './quotes.service.js';

export type StaffQuoteRoutesOptions = {
  db: Db;
  guards: Guards;
  mail: QuoteMailConfig;
  onQueued: () => void;
};

/** Quotes in the staff console: admins only, every step audited and mailed to the buyer. */
export const staffQuoteRoutes: FastifyPluginAsyncZod<StaffQuoteRoutesOptions> = async (
  app,
  { db, guards, mail, onQueued },
) => {
  app.get(routePath(endpoints.staffQuotes), async (request) => {
    await guards.requireAdmin(request);
    const { status } = parseOr400(StaffQuoteListQuery, request.query ?? {});
    return listStaffQuotes(db, status);
  });

  app.get(routePath(endpoints.staffQuote), { schema: { params: QuoteParams } }, async (request) => {
    await guards.requireAdmin(request);
    const quote = await findQuote(db, request.params.id);
    if (!quote) throw quoteNotFound();
    return quoteView(db, quote);
  });

  app.post(
    routePath(endpoints.staffOfferQuote),
    { schema: { params: QuoteParams } },
    async (request) => {
      const staff = await guards.requireAdmin(request);
      const body = parseOr400(QuoteOfferBody, request.body ?? {});
      const quote = await offerQuote(db, staff, request.params.id, body, mail);
      onQueued();
      return quote;
    },
  );

  app.post(
    routePath(endpoints.staffDeclineQuote),
    { schema: { params: QuoteParams } },
    async (request) => {
      const staff = await guards.requireAdmin(request);
      const body = parseOr400(QuoteDeclineBody, request.body ?? {});
      const quote = await declineQuote(db, staff, request.params.id, body.message, mail);
      onQueued();
      return quote;
    },
  );
};
