import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyParams, endpoints, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import type { Guards } from '../auth/guards.js';
import { EVERY_ROLE, requireRole } from '../companies/companies.service.js';
import { listCompanyOrders } from './orders.service.js';

export type CompanyOrderRoutesOptions = { db: Db; guards: Guards };

/** My Orders' "Company orders": every member sees every order of the company, with its buyer. */
export const companyOrderRoutes: FastifyPluginAsyncZod<CompanyOrderRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(
    routePath(endpoints.companyOrders),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await requireRole(db, request.params.id, caller, EVERY_ROLE);
      return listCompanyOrders(db, request.params.id);
    },
  );
};
