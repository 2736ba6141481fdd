import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartTaxBody,
  CompanyTaxStatusBody,
  endpoints,
  formatRate,
  regionKey,
  routePath,
  TaxRegionBody,
  utcToday,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller, Guards } from '../auth/guards.js';
import { findUserById } from '../auth/identity.service.js';
import { EVERY_ROLE, findCompany, requireRole } from '../companies/companies.service.js';
import {
  createTaxRegion,
  deleteTaxRegion,
  findTaxStatusRow,
  listTaxRegions,
  regionValuesOf,
  toRegionResponse,
  toStatusResponse,
  updateTaxRegion,
  verifyTaxStatus,
  writeTaxStatus,
  type TaxRegionValues,
  type TaxStatusValues,
} from './tax.service.js';
import type { CompanyTaxStatusRow } from './tax.tables.js';
import { cartTaxOf } from './cart-tax.js';
import { removeCertificateFiles } from './certificate-files.js';
import { checkVatId } from './vat-id.js';

export type TaxRoutesOptions = {
  db: Db;
  guards: Guards;
  /** Where exemption certificates' files are kept (decision 066). */
  certificatesDir: string;
};

const actorOf = (caller: Caller) => ({ userId: caller.sub, email: caller.email });

const describeRegion = (v: TaxRegionValues) =>
  `${regionKey(v)} at ${formatRate(v.rateBp)}` +
  (v.categoryRates.length > 0
    ? ` (${v.categoryRates.map((c) => `${c.category} ${formatRate(c.rateBp)}`).join(', ')})`
    : '');

const describeStatus = (v: TaxStatusValues) =>
  v.kind === 'standard'
    ? 'standard'
    : v.kind === 'exempt'
      ? `exempt, certificate ${v.certificateNumber} for ${v.regions.join(', ')} until ${v.expiresOn}`
      : `reverse charge, VAT id ${v.vatId}`;

/**
 * Taxes (issue 37, decision 063): staff configure where the shop collects tax and each company's
 * status, every change audited in its transaction; a company's members read its status (404 to
 * anyone else). Who is asking is checked before the body is read (decision 007).
 */
export const taxRoutes: FastifyPluginAsyncZod<TaxRoutesOptions> = async (
  app,
  { db, guards, certificatesDir },
) => {
  const regionsNow = async () => (await listTaxRegions(db)).map(toRegionResponse);
  const regionNow = async (id: string) => {
    const region = (await listTaxRegions(db)).find((r) => r.id === id);
    if (!region) throw notFound('Tax region');
    return toRegionResponse(region);
  };

  app.get(routePath(endpoints.staffTaxRegions), async (request) => {
    await guards.requireAdmin(request);
    return regionsNow();
  });

  app.post(routePath(endpoints.staffCreateTaxRegion), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const values = regionValuesOf(parseOr400(TaxRegionBody, request.body ?? {}));
    const id = await db.transaction(async (tx) => {
      const made = await createTaxRegion(tx, values);
      await recordAudit(tx, actorOf(caller), {
        action: 'tax-region.create',
        targetType: 'tax-region',
        targetId: made,
        summary: `Collects tax in ${describeRegion(values)}`,
        details: { ...values },
      });
      return made;
    });
    return reply.code(201).send(await regionNow(id));
  });

  app.put(routePath(endpoints.staffUpdateTaxRegion), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = request.params as { id: string };
    const values = regionValuesOf(parseOr400(TaxRegionBody, request.body ?? {}));
    await db.transaction(async (tx) => {
      await updateTaxRegion(tx, id, values);
      await recordAudit(tx, actorOf(caller), {
        action: 'tax-region.update',
        targetType: 'tax-region',
        targetId: id,
        summary: `Changed the tax region to ${describeRegion(values)}`,
        details: { ...values },
      });
    });
    return regionNow(id);
  });

  app.delete(routePath(endpoints.staffDeleteTaxRegion), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = request.params as { id: string };
    await db.transaction(async (tx) => {
      const gone = await deleteTaxRegion(tx, id);
      await recordAudit(tx, actorOf(caller), {
        action: 'tax-region.delete',
        targetType: 'tax-region',
        targetId: id,
        summary: `Stopped collecting tax in ${regionKey(gone)}`,
      });
    });
    return regionsNow();
  });

  // The cart's tax before placing (decision 066): the caller's own cart, for whom it buys for.
  app.post(routePath(endpoints.cartTax), async (request) => {
    const caller = await guards.requireUser(request);
    const shipTo = parseOr400(CartTaxBody, request.body ?? {});
    return cartTaxOf(db, caller.sub, shipTo);
  });

  app.get(routePath(endpoints.companyTaxStatus), async (request) => {
    const caller = await guards.requireUser(request);
    const { id } = request.params as { id: string };
    await requireRole(db, id, caller, EVERY_ROLE);
    return toStatusResponse(await findTaxStatusRow(db, id), utcToday());
  });

  /** What staff read: the status with who verified it (members never see staff's emails). */
  const staffStatusOf = async (row: CompanyTaxStatusRow | undefined) => {
    const by = row?.kind === 'exempt' ? row.verifiedBy : row?.confirmedBy;
    const user = by ? await findUserById(db, by) : undefined;
    return { ...toStatusResponse(row, utcToday()), verifiedBy: user?.email ?? by ?? null };
  };

  const companyOr404 = async (id: string) => {
    const company = await findCompany(db, id);
    if (!company) throw notFound('Company');
    return company;
  };

  app.get(routePath(endpoints.staffCompanyTaxStatus), async (request) => {
    await guards.requireAdmin(request);
    const { id } = request.params as { id: string };
    await companyOr404(id);
    return staffStatusOf(await findTaxStatusRow(db, id));
  });

  app.put(routePath(endpoints.staffSetCompanyTaxStatus), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = request.params as { id: string };
    const body = parseOr400(CompanyTaxStatusBody, request.body ?? {});
    let values: TaxStatusValues = body;
    if (body.kind === 'reverse_charge') {
      const checked = checkVatId(body.vatId);
      if (!checked.ok)
        throw new AppError(400, 'VALIDATION_FAILED', 'This is not a valid VAT id', {
          vatId: 'This is not a valid VAT id',
        });
      values = { kind: 'reverse_charge', vatId: checked.vatId };
    }
    const company = await companyOr404(id);
    const row = await db.transaction(async (tx) => {
      const written = await writeTaxStatus(tx, id, values);
      await recordAudit(tx, actorOf(caller), {
        action: 'company.tax-status',
        targetType: 'company',
        targetId: id,
        summary: `Set ${company.name}'s tax status: ${describeStatus(values)}`,
        details: { ...values },
      });
      return written;
    });
    // A status that is no longer an exemption keeps no certificate file.
    await removeCertificateFiles(certificatesDir, [row.dropped]);
    return staffStatusOf(row);
  });

  app.post(routePath(endpoints.staffVerifyCompanyTaxStatus), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { id } = request.params as { id: string };
    const company = await companyOr404(id);
    const row = await db.transaction(async (tx) => {
      const verified = await verifyTaxStatus(tx, id, caller.sub);
      await recordAudit(tx, actorOf(caller), {
        action: 'company.tax-status-verify',
        targetType: 'company',
        targetId: id,
        summary:
          verified.kind === 'exempt'
            ? `Verified ${company.name}'s exemption certificate ${verified.certificateNumber}`
            : `Confirmed ${company.name}'s VAT id ${verified.vatId} for reverse charge`,
      });
      return verified;
    });
    return staffStatusOf(row);
  });
};
