import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyParams, endpoints, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import type { Guards } from '../auth/guards.js';
import { EVERY_ROLE, findCompany, requireRole } from '../companies/companies.service.js';
import { companyListsOf } from './assignments.routes.js';
import { explainFor } from './explain.routes.js';

export type CompanyPriceRoutesOptions = { db: Db; guards: Guards };

/**
 * A company's own contract, for its members (any role): its lists with their priorities and
 * which apply today, and why it pays what it pays. A member of another company, a plain
 * customer and staff who are not members get 404, as on every company route: whether a company
 * has negotiated prices is the company's business.
 */
export const companyPriceRoutes: FastifyPluginAsyncZod<CompanyPriceRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(
    routePath(endpoints.companyPriceLists),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await requireRole(db, request.params.id, caller, EVERY_ROLE);
      return companyListsOf(db, request.params.id);
    },
  );

  app.get(
    routePath(endpoints.companyExplainPrice),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await requireRole(db, request.params.id, caller, EVERY_ROLE);
      const company = (await findCompany(db, request.params.id))!;
      return explainFor(db, { kind: 'company', id: company.id, name: company.name }, request.query);
    },
  );
};
