import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInviteBody,
  BuyingForBody,
  CompanyBody,
  CompanyInviteParams,
  CompanyMemberParams,
  CompanyParams,
  endpoints,
  InviteBody,
  MemberRoleBody,
  routePath,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Caller, Guards } from '../auth/guards.js';
import { takeMailAllowance } from '../limits/mail-limits.js';
import type { RateLimiter } from '../limits/rate-limiter.js';
import { getBuyingFor, setBuyingFor } from './buying-for.service.js';
import {
  acceptInvite,
  changeRole,
  companyNotFound,
  companyView,
  createCompany,
  EVERY_ROLE,
  findCompany,
  inviteMember,
  listMyCompanies,
  listOpenInvites,
  MANAGERS,
  removeMember,
  requireRole,
  revokeInvite,
  updateCompany,
  type InviteMail,
} from './companies.service.js';

export type CompanyRoutesOptions = {
  db: Db;
  guards: Guards;
  mail: InviteMail;
  /** Null when MAIL_RATE_LIMIT is off. */
  limiter: RateLimiter | null;
  /** Runs after a change that queued outbox work (the invitation's mail). */
  onQueued: () => void;
};

/** The company as the caller sees it now; a 404 when they are no longer in it. */
async function viewFor(db: DbOrTx, companyId: string, caller: Caller) {
  const role = await requireRole(db, companyId, caller, EVERY_ROLE);
  const company = await findCompany(db, companyId);
  if (!company) throw companyNotFound();
  return companyView(db, company, role);
}

/**
 * A company's members run it here. Who is asking is checked first (decision 007), then their role
 * in the company named by the path (never by the body), then the body: an outsider, or a member
 * whose role may not do a thing, gets the same 404 whatever the body holds.
 */
export const companyRoutes: FastifyPluginAsyncZod<CompanyRoutesOptions> = async (
  app,
  { db, guards, mail, limiter, onQueued },
) => {
  app.post(routePath(endpoints.createCompany), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(CompanyBody, request.body ?? {});
    const id = await createCompany(db, caller, body);
    return reply.status(201).send(await viewFor(db, id, caller));
  });

  app.get(routePath(endpoints.myCompanies), async (request) => {
    const caller = await guards.requireUser(request);
    return listMyCompanies(db, caller.sub);
  });

  app.get(routePath(endpoints.getBuyingFor), async (request) => {
    const caller = await guards.requireUser(request);
    return getBuyingFor(db, caller.sub);
  });

  app.put(routePath(endpoints.setBuyingFor), async (request) => {
    const caller = await guards.requireUser(request);
    const { companyId } = parseOr400(BuyingForBody, request.body ?? {});
    return setBuyingFor(db, caller, companyId);
  });

  app.get(
    routePath(endpoints.getCompany),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      return viewFor(db, request.params.id, caller);
    },
  );

  app.put(
    routePath(endpoints.updateCompany),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const { id } = request.params;
      await requireRole(db, id, caller, MANAGERS);
      const body = parseOr400(CompanyBody, request.body ?? {});
      await updateCompany(db, id, body);
      return viewFor(db, id, caller);
    },
  );

  app.post(
    routePath(endpoints.inviteMember),
    { schema: { params: CompanyParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const { id } = request.params;
      await requireRole(db, id, caller, MANAGERS);
      const body = parseOr400(InviteBody, request.body ?? {});
      await takeMailAllowance(limiter, 'invite', { userId: caller.sub, ip: request.ip });
      const invite = await inviteMember(db, id, caller, body, mail);
      onQueued();
      return reply.status(201).send(invite);
    },
  );

  app.get(
    routePath(endpoints.listInvites),
    { schema: { params: CompanyParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await requireRole(db, request.params.id, caller, MANAGERS);
      return listOpenInvites(db, request.params.id);
    },
  );

  app.delete(
    routePath(endpoints.revokeInvite),
    { schema: { params: CompanyInviteParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const { id, inviteId } = request.params;
      await requireRole(db, id, caller, MANAGERS);
      await revokeInvite(db, id, inviteId);
      return listOpenInvites(db, id);
    },
  );

  app.post(routePath(endpoints.acceptInvite), async (request) => {
    const caller = await guards.requireUser(request);
    const { token } = parseOr400(AcceptInviteBody, request.body ?? {});
    return acceptInvite(db, caller, token);
  });

  app.put(
    routePath(endpoints.changeMemberRole),
    { schema: { params: CompanyMemberParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const { id, userId } = request.params;
      const actor = await requireRole(db, id, caller, MANAGERS);
      const { role } = parseOr400(MemberRoleBody, request.body ?? {});
      await changeRole(db, id, actor, userId, role);
      return viewFor(db, id, caller);
    },
  );

  app.delete(
    routePath(endpoints.removeMember),
    { schema: { params: CompanyMemberParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const { id, userId } = request.params;
      const actor = await requireRole(db, id, caller, EVERY_ROLE);
      await removeMember(db, id, caller, actor, userId);
      return { removed: true as const };
    },
  );
};
