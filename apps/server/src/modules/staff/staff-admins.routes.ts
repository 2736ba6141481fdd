import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminEmailParams,
  AuditQuery,
  endpoints,
  GrantAdminBody,
  routePath,
  type AdminEntry,
  type AuditPage,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { listAudit, recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { grantAdmin, LastAdminError, listAdmins, revokeAdmin } from '../users/roles.service.js';

export type StaffAdminRoutesOptions = { db: Db; guards: Guards };

const adminList = async (db: DbOrTx): Promise<AdminEntry[]> =>
  (await listAdmins(db)).map((a) => ({
    email: a.email,
    source: a.source,
    grantedAt: a.grantedAt.toISOString(),
    grantedBy: a.grantedBy,
    pending: a.pending,
  }));

/** Admins name and remove admins, and read what staff have done. */
export const staffAdminRoutes: FastifyPluginAsyncZod<StaffAdminRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(routePath(endpoints.staffAdmins), async (request) => {
    await guards.requireAdmin(request);
    return adminList(db);
  });

  app.post(routePath(endpoints.staffGrantAdmin), async (request) => {
    const caller = await guards.requireAdmin(request);
    const { email } = parseOr400(GrantAdminBody, request.body ?? {});
    const list = await db.transaction(async (tx) => {
      const result = await grantAdmin(tx, email, 'staff', caller.email);
      if (result !== 'already')
        await recordAudit(
          tx,
          { userId: caller.sub, email: caller.email },
          {
            action: 'role.grant',
            targetType: 'role',
            targetId: email,
            summary:
              result === 'granted'
                ? `Made ${email} an admin`
                : `Made ${email} an admin once its owner proves the address`,
          },
        );
      return adminList(tx);
    });
    guards.forget();
    return list;
  });

  app.delete(
    routePath(endpoints.staffRevokeAdmin),
    { schema: { params: AdminEmailParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const email = request.params.email.trim().toLowerCase();
      const list = await db
        .transaction(async (tx) => {
          const { revoked, grantRemoved } = await revokeAdmin(tx, email);
          if (!revoked && !grantRemoved) throw notFound('Admin');
          await recordAudit(
            tx,
            { userId: caller.sub, email: caller.email },
            {
              action: 'role.revoke',
              targetType: 'role',
              targetId: email,
              summary: revoked
                ? `Took the admin role from ${email}`
                : `Withdrew the pending admin grant to ${email}`,
            },
          );
          return adminList(tx);
        })
        .catch((err: unknown) => {
          if (err instanceof LastAdminError)
            throw new AppError(
              409,
              'LAST_ADMIN',
              `${email} is the last admin: make someone else an admin first`,
            );
          throw err;
        });
      // Their next request is checked against the role as it is now.
      guards.forget();
      return list;
    },
  );

  app.get(routePath(endpoints.staffAudit), async (request): Promise<AuditPage> => {
    await guards.requireAdmin(request);
    const { after, pageSize } = parseOr400(AuditQuery, request.query);
    const cursor = after !== undefined && /^\d{1,18}$/.test(after) ? Number(after) : undefined;
    const page = await listAudit(db, { after: cursor, pageSize });
    return {
      items: page.items.map((e) => ({
        id: String(e.id),
        at: e.at.toISOString(),
        actorEmail: e.actorEmail,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        summary: e.summary,
      })),
      nextCursor: page.nextCursor,
    };
  });
};
