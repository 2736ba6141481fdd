import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyerPrice,
  CompanyParams,
  describePrice,
  endpoints,
  PriceExplanationQuery,
  routePath,
  stepsOfColumns,
  utcToday,
  type PriceExplanation,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { findCompany } from '../companies/companies.service.js';
import { partIdsByNumbers } from '../parts/feeds.service.js';
import { findPart } from '../parts/parts.service.js';
import { loadAssignedLists } from './buyer-prices.js';
import { toExplanation } from './views.js';

export type PriceExplanationRoutesOptions = { db: Db; guards: Guards };

/**
 * "Why does this company pay this?" for staff: the contract's own function over every list
 * assigned to the company, valid on the day or not (the console shows why an expired one did not
 * count), on today's UTC date unless staff ask about another day.
 */
export const priceExplanationRoutes: FastifyPluginAsyncZod<PriceExplanationRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(
    routePath(endpoints.staffExplainPrice),
    { schema: { params: CompanyParams } },
    async (request): Promise<PriceExplanation> => {
      await guards.requireAdmin(request);
      const company = await findCompany(db, request.params.id);
      if (!company) throw notFound('Company');
      const query = parseOr400(PriceExplanationQuery, request.query ?? {});
      const partId = (await partIdsByNumbers(db, [query.partNumber])).get(
        query.partNumber.toUpperCase(),
      );
      const part = partId ? await findPart(db, partId) : undefined;
      if (!part) throw notFound('Part');
      const date = query.date ?? utcToday();
      const lists = await loadAssignedLists(db, company.id, [part.id], null);
      const decision = buyerPrice(
        {
          id: part.id,
          category: part.category,
          priceCents: part.priceCents,
          steps: stepsOfColumns(part.tierQuantities, part.tierCents),
        },
        query.quantity,
        lists,
        date,
      );
      return toExplanation(decision, {
        company: { id: company.id, name: company.name },
        part: { id: part.id, partNumber: part.sku, name: part.name, category: part.category },
        quantity: query.quantity,
        date,
        summary: describePrice(decision),
      });
    },
  );
};
