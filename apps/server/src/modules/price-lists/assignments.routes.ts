import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssignPriceListBody,
  CompanyParams,
  endpoints,
  isActiveOn,
  PriceListCompanyParams,
  routePath,
  utcToday,
  type CompanyPriceLists,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { findCompany } from '../companies/companies.service.js';
import { assignPriceList, companyAssignments, unassignPriceList } from './assignments.service.js';
import { changeList } from './audited.js';

export type PriceListAssignmentRoutesOptions = { db: Db; guards: Guards };

export async function companyListsOf(db: DbOrTx, companyId: string): Promise<CompanyPriceLists> {
  const today = utcToday();
  const rows = await companyAssignments(db, companyId);
  return { companyId, assignments: rows.map((r) => ({ ...r, active: isActiveOn(r, today) })) };
}

async function requireCompany(db: DbOrTx, id: string) {
  const company = await findCompany(db, id);
  if (!company) throw notFound('Company');
  return company;
}

/** Which companies have which lists, with the priority the rule compares (staff only, audited). */
export const priceListAssignmentRoutes: FastifyPluginAsyncZod<
  PriceListAssignmentRoutesOptions
> = async (app, { db, guards }) => {
  app.put(
    routePath(endpoints.staffAssignPriceList),
    { schema: { params: PriceListCompanyParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id, companyId } = request.params;
      const { priority } = parseOr400(AssignPriceListBody, request.body ?? {});
      const company = await requireCompany(db, companyId);
      await changeList(db, caller, id, 'price-list.assign', async (tx, list) => {
        await assignPriceList(tx, id, companyId, priority);
        return {
          value: null,
          summary: `Assigned the price list "${list.name}" to ${company.name} with priority ${priority}`,
          details: { companyId, priority },
        };
      });
      return companyListsOf(db, companyId);
    },
  );

  app.delete(
    routePath(endpoints.staffUnassignPriceList),
    { schema: { params: PriceListCompanyParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id, companyId } = request.params;
      const company = await requireCompany(db, companyId);
      await changeList(db, caller, id, 'price-list.unassign', async (tx, list) => {
        if (!(await unassignPriceList(tx, id, companyId))) throw notFound('Assignment');
        return {
          value: null,
          summary: `Took the price list "${list.name}" away from ${company.name}`,
          details: { companyId },
        };
      });
      return companyListsOf(db, companyId);
    },
  );

  app.get(
    routePath(endpoints.staffCompanyPriceLists),
    { schema: { params: CompanyParams } },
    async (request) => {
      await guards.requireAdmin(request);
      await requireCompany(db, request.params.id);
      return companyListsOf(db, request.params.id);
    },
  );
};
