import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompanyApiKeyBody,
  CompanyApiKeyParams,
  CompanyParams,
  endpoints,
  IdParams,
  routePath,
  StaffApiKeyBody,
  type ApiKeySelf,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { requireRole } from '../companies/companies.service.js';
import type { KeyGuard } from './api-key-guard.js';
import { createApiKey, listApiKeys, revokeApiKey, type NewApiKey } from './api-keys.service.js';

export type ApiKeyRoutesOptions = { db: Db; guards: Guards; keyGuard: KeyGuard };

const OWNERS = ['owner'] as const;

type Caller = { sub: string; email: string };

/** A new key and its audit entry, committed together (staff's and a company's alike). */
function createAudited(db: Db, caller: Caller, input: NewApiKey) {
  const whose = input.kind === 'staff' ? 'staff' : 'company';
  return db.transaction(async (tx) => {
    const key = await createApiKey(tx, input);
    await recordAudit(
      tx,
      { userId: caller.sub, email: caller.email },
      {
        action: 'api-key.create',
        targetType: 'api-key',
        targetId: key.id,
        summary: `Made the ${whose} API key "${key.name}" (${key.prefix}…): ${key.scopes.join(', ')}`,
        ...(input.companyId ? { details: { companyId: input.companyId } } : {}),
      },
    );
    return key;
  });
}

/** Revokes a key of this owner with its audit entry; 404 for a key that is not the owner's. */
async function revokeAudited(
  db: Db,
  caller: Caller,
  id: string,
  owner: { kind: 'staff' } | { companyId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const key = await revokeApiKey(tx, id, owner);
    if (!key) throw notFound('API key');
    await recordAudit(
      tx,
      { userId: caller.sub, email: caller.email },
      {
        action: 'api-key.revoke',
        targetType: 'api-key',
        targetId: key.id,
        summary: `Revoked the ${'kind' in owner ? 'staff' : 'company'} API key "${key.name}" (${key.prefix}…)`,
        ...('companyId' in owner ? { details: { companyId: owner.companyId } } : {}),
      },
    );
  });
}

/**
 * Staff make keys for the shop's systems, company owners for their ERP. Who is asking is checked
 * before the body (decision 007); a company's keys are its owners' alone (404 to anyone else).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<ApiKeyRoutesOptions> = async (
  app,
  { db, guards, keyGuard },
) => {
  app.get(routePath(endpoints.staffApiKeys), async (request) => {
    await guards.requireAdmin(request);
    return listApiKeys(db, { kind: 'staff' });
  });

  app.post(routePath(endpoints.staffCreateApiKey), async (request, reply) => {
    const caller = await guards.requireAdmin(request);
    const body = parseOr400(StaffApiKeyBody, request.body ?? {});
    const created = await createAudited(db, caller, {
      kind: 'staff',
      companyId: null,
      createdBy: caller.sub,
      ...body,
    });
    return reply.status(201).send(created);
  });

  app.delete(
    routePath(endpoints.staffRevokeApiKey),
    { schema: { params: IdParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      await revokeAudited(db, caller, request.params.id, { kind: 'staff' });
      keyGuard.forget();
      return listApiKeys(db, { kind: 'staff' });
    },
  );

  app.get(
    routePath(endpoints.companyApiKeys),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await requireRole(db, request.params.id, caller, OWNERS);
      return listApiKeys(db, { companyId: request.params.id });
    },
  );

  app.post(
    routePath(endpoints.companyCreateApiKey),
    { schema: { params: CompanyParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const companyId = request.params.id;
      await requireRole(db, companyId, caller, OWNERS);
      const body = parseOr400(CompanyApiKeyBody, request.body ?? {});
      const created = await createAudited(db, caller, {
        kind: 'company',
        companyId,
        createdBy: caller.sub,
        ...body,
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    routePath(endpoints.companyRevokeApiKey),
    { schema: { params: CompanyApiKeyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const { id: companyId, keyId } = request.params;
      await requireRole(db, companyId, caller, OWNERS);
      await revokeAudited(db, caller, keyId, { companyId });
      keyGuard.forget();
      return listApiKeys(db, { companyId });
    },
  );

  app.get(routePath(endpoints.v1Key), async (request): Promise<ApiKeySelf> => {
    const key = await keyGuard.requireKey(request);
    return {
      name: key.name,
      kind: key.kind,
      companyId: key.companyId,
      scopes: [...key.scopes],
      expiresAt: key.expiresAt?.toISOString() ?? null,
    };
  });
};
