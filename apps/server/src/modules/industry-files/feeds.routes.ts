import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CatalogFeedAccessBody,
  CatalogFeedQuery,
  endpoints,
  routePath,
  VcdbParams,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import {
  companyNotFound,
  findCompany,
  MANAGERS,
  requireRole,
} from '../companies/companies.service.js';
import { feedAces, feedCsv, feedPies } from './feeds.service.js';
import { catalogFeedCompanies } from './industry.tables.js';

const allowedFor = async (db: Db, companyId: string) =>
  (
    await db
      .select({ id: catalogFeedCompanies.companyId })
      .from(catalogFeedCompanies)
      .where(eq(catalogFeedCompanies.companyId, companyId))
      .limit(1)
  ).length > 0;

/**
 * The distributors' feeds (decision 067): an owner or admin of a company staff allowed downloads
 * the catalog at the company's prices; anyone else, a member without the role included, gets the
 * same 404 as for a company that does not exist.
 */
export function feedRoutes(
  app: FastifyInstance,
  options: { db: Db; guards: Guards; publicUrl: string; shopName: string },
): void {
  const { db, guards } = options;

  app.get(routePath(endpoints.companyCatalogFeed), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const { id } = parseOr400(VcdbParams, request.params);
    await requireRole(db, id, caller, MANAGERS);
    if (!(await allowedFor(db, id))) throw companyNotFound();
    const { format } = parseOr400(CatalogFeedQuery, request.query ?? {});
    const day = new Date().toISOString().slice(0, 10);
    reply.header('cache-control', 'no-store');
    if (format === 'csv')
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-${day}.csv"`)
        .send(feedCsv(db, id));
    if (format === 'aces')
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="aces-${day}.xml"`)
        .send(feedAces(db, id, options.shopName));
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="pies-${day}.xml"`)
      .send(feedPies(db, id, options.publicUrl));
  });

  app.get(routePath(endpoints.companyCatalogFeedAccess), async (request) => {
    const caller = await guards.requireUser(request);
    const { id } = parseOr400(VcdbParams, request.params);
    await requireRole(db, id, caller, MANAGERS);
    return { companyId: id, allowed: await allowedFor(db, id) };
  });

  app.get(routePath(endpoints.staffCatalogFeedAccess), async (request) => {
    await guards.requireAdmin(request);
    const { id } = parseOr400(VcdbParams, request.params);
    if (!(await findCompany(db, id))) throw companyNotFound();
    return { companyId: id, allowed: await allowedFor(db, id) };
  });

  app.put(routePath(endpoints.staffSetCatalogFeedAccess), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = parseOr400(VcdbParams, request.params);
    const { allowed } = parseOr400(CatalogFeedAccessBody, request.body ?? {});
    const company = await findCompany(db, id);
    if (!company) throw companyNotFound();
    try {
      await db.transaction(async (tx) => {
        if (allowed)
          await tx
            .insert(catalogFeedCompanies)
            .values({ companyId: id, grantedByEmail: caller.email })
            .onConflictDoNothing();
        else await tx.delete(catalogFeedCompanies).where(eq(catalogFeedCompanies.companyId, id));
        await recordAudit(
          tx,
          { userId: caller.sub, email: caller.email },
          {
            action: allowed ? 'company.catalog-feed.allow' : 'company.catalog-feed.stop',
            targetType: 'company',
            targetId: id,
            summary: allowed
              ? `Let ${company.name} download the catalog feeds`
              : `Stopped ${company.name} downloading the catalog feeds`,
          },
        );
      });
    } catch (err) {
      // The company deleted meanwhile.
      if (isForeignKeyViolation(err)) throw companyNotFound();
      throw err;
    }
    return { companyId: id, allowed };
  });
}
