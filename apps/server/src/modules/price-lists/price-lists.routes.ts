import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  PriceListBody,
  PriceListCategoriesBody,
  PriceListParams,
  routePath,
  utcToday,
  type PriceListDetails,
} from '@storefront/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller, Guards } from '../auth/guards.js';
import { companyNames } from '../companies/companies.service.js';
import { listAssignments } from './assignments.service.js';
import { listGroupAssignments } from './customer-groups.service.js';
import { changeList } from './audited.js';
import {
  createPriceList,
  deletePriceList,
  findPriceList,
  listPriceLists,
  setCategoryPercentages,
  updatePriceList,
  type PriceListValues,
} from './price-lists.service.js';
import { toBp, toDetails, toSummary } from './views.js';

export type PriceListRoutesOptions = { db: Db; guards: Guards };

const actorOf = (caller: Caller) => ({ userId: caller.sub, email: caller.email });

const valuesOf = (body: z.output<typeof PriceListBody>): PriceListValues => ({
  name: body.name,
  validFrom: body.validFrom,
  validUntil: body.validUntil,
  percentOffBp: body.percentOff === null ? null : toBp(body.percentOff),
});

export async function detailsOf(db: DbOrTx, id: string): Promise<PriceListDetails> {
  const list = await findPriceList(db, id);
  if (!list) throw notFound('Price list');
  const assigned = await listAssignments(db, id);
  const names = await companyNames(
    db,
    assigned.map((a) => a.companyId),
  );
  return toDetails(
    list,
    assigned.map((a) => ({ ...a, companyName: names.get(a.companyId) ?? '' })),
    await listGroupAssignments(db, id),
  );
}

/**
 * Staff's price lists and their category percentages (issue 36): only admins, checked before the
 * body is read (decision 007); every change is written with its audit entry in one transaction.
 */
export const priceListRoutes: FastifyPluginAsyncZod<PriceListRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(routePath(endpoints.staffPriceLists), async (request) => {
    await guards.requireAdmin(request);
    const today = utcToday();
    return (await listPriceLists(db)).map((l) => toSummary(l, today));
  });

  app.post(routePath(endpoints.staffCreatePriceList), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const values = valuesOf(parseOr400(PriceListBody, request.body ?? {}));
    const id = await db.transaction(async (tx) => {
      const list = await createPriceList(tx, values);
      await recordAudit(tx, actorOf(caller), {
        action: 'price-list.create',
        targetType: 'price-list',
        targetId: list.id,
        summary: `Made the price list "${list.name}"`,
        details: { ...values },
      });
      return list.id;
    });
    return reply.status(201).send(await detailsOf(db, id));
  });

  app.get(
    routePath(endpoints.staffPriceList),
    { schema: { params: PriceListParams } },
    async (request) => {
      await guards.requireAdmin(request);
      return detailsOf(db, request.params.id);
    },
  );

  app.put(
    routePath(endpoints.staffUpdatePriceList),
    { schema: { params: PriceListParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const values = valuesOf(parseOr400(PriceListBody, request.body ?? {}));
      await changeList(db, caller, request.params.id, 'price-list.update', async (tx) => {
        await updatePriceList(tx, request.params.id, values);
        return { value: null, summary: `Changed the price list "${values.name}"`, details: values };
      });
      return detailsOf(db, request.params.id);
    },
  );

  app.delete(
    routePath(endpoints.staffDeletePriceList),
    { schema: { params: PriceListParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      await db.transaction(async (tx) => {
        const list = await deletePriceList(tx, request.params.id);
        if (!list) throw notFound('Price list');
        await recordAudit(tx, actorOf(caller), {
          action: 'price-list.delete',
          targetType: 'price-list',
          targetId: list.id,
          summary: `Deleted the price list "${list.name}" with its entries and assignments`,
        });
      });
      const today = utcToday();
      return (await listPriceLists(db)).map((l) => toSummary(l, today));
    },
  );

  app.put(
    routePath(endpoints.staffSetPriceListCategories),
    { schema: { params: PriceListParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const body = parseOr400(PriceListCategoriesBody, request.body ?? {});
      const rows = body.categories.map((c) => ({
        category: c.category,
        percentOffBp: toBp(c.percentOff),
      }));
      await changeList(db, caller, request.params.id, 'price-list.categories', async (tx, list) => {
        await setCategoryPercentages(tx, list.id, rows);
        const words = body.categories.map((c) => `${c.category} ${c.percentOff}%`).join(', ');
        return {
          value: null,
          summary: `Set the category percentages of "${list.name}": ${words || 'none'}`,
          details: { categories: rows },
        };
      });
      return detailsOf(db, request.params.id);
    },
  );
};
