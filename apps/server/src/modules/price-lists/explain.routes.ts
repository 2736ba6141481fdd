import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buyerPrice,
  CompanyParams,
  CustomerGroupParams,
  describePrice,
  endpoints,
  PriceExplanationQuery,
  routePath,
  stepsOfColumns,
  utcToday,
  type PriceExplanation,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { findCompany } from '../companies/companies.service.js';
import { partIdsByNumbers } from '../parts/feeds.service.js';
import { findPart } from '../parts/parts.service.js';
import { loadAssignedLists } from './buyer-prices.js';
import { findCustomerGroup, groupNotFound } from './customer-groups.service.js';
import { toExplanation } from './views.js';

export type PriceExplanationRoutesOptions = { db: Db; guards: Guards };

/**
 * Why a party pays what it pays: the contract's own function over every list assigned to it.
 */
export async function explainFor(
  db: DbOrTx,
  party: { kind: PriceExplanation['party']; id: string; name: string },
  rawQuery: unknown,
): Promise<PriceExplanation> {
  const query = parseOr400(PriceExplanationQuery, rawQuery ?? {});
  const partId = (await partIdsByNumbers(db, [query.partNumber])).get(
    query.partNumber.toUpperCase(),
  );
  const part = partId ? await findPart(db, partId) : undefined;
  if (!part) throw notFound('Part');
  const date = query.date ?? utcToday();
  const lists = await loadAssignedLists(db, party.id, [part.id], null);
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
    party: party.kind,
    company: { id: party.id, name: party.name },
    part: { id: part.id, partNumber: part.sku, name: part.name, category: part.category },
    quantity: query.quantity,
    date,
    summary: describePrice(decision),
  });
}

/**
 * "Why does this company (or this customer group) pay this?" for staff: the contract's own
 * function over every list assigned to the party, valid on the day or not (the console shows why
 * an expired one did not count), on today's UTC date unless staff ask about another day.
 */
export const priceExplanationRoutes: FastifyPluginAsyncZod<PriceExplanationRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(
    routePath(endpoints.staffExplainPrice),
    { schema: { params: CompanyParams } },
    async (request) => {
      await guards.requireAdmin(request);
      const company = await findCompany(db, request.params.id);
      if (!company) throw notFound('Company');
      return explainFor(db, { kind: 'company', id: company.id, name: company.name }, request.query);
    },
  );

  app.get(
    routePath(endpoints.staffExplainGroupPrice),
    { schema: { params: CustomerGroupParams } },
    async (request) => {
      await guards.requireAdmin(request);
      const group = await findCustomerGroup(db, request.params.id);
      if (!group) throw groupNotFound();
      return explainFor(db, { kind: 'group', id: group.id, name: group.name }, request.query);
    },
  );
};
