import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApproveReturnBody,
  CreateReturnBody,
  endpoints,
  InspectReturnBody,
  ReceiveReturnBody,
  RefuseReturnBody,
  RestockingFeesBody,
  ReturnWindowsBody,
  ReturnOptionsQuery,
  ReturnParams,
  ReturnPolicyBody,
  routePath,
  SettleReturnBody,
  StaffReturnListQuery,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { findPart } from '../parts/parts.service.js';
import {
  approveReturn,
  createReturn,
  inspectReturn,
  receiveReturn,
  refuseReturn,
} from './return-actions.js';
import { settleReturn } from './return-settle.js';
import { categoryReturnWindows } from './returns.tables.js';
import type { ReturnMailConfig } from './return-mail.js';
import {
  feesView,
  policyView,
  setFees,
  setPolicy,
  setWindows,
  windowsView,
} from './return-policy.js';
import {
  findReturn,
  listMyReturns,
  listStaffReturns,
  returnNotFound,
  returnOptions,
  returnView,
  visibleReturn,
} from './returns.service.js';

export type ReturnRoutesOptions = {
  db: Db;
  guards: Guards;
  mail: ReturnMailConfig;
  /** Runs after a committed change that queued outbox work (mail, a refund). */
  onQueued: () => void;
  /** Runs after a committed change to stock (the catalog cache listens). */
  onStockChange: () => void;
};

/**
 * Returns as buyers ask for and follow them, and the staff console's queue and actions. Who is
 * asking is checked before the body is parsed; a return the caller may not see is a 404.
 */
export const returnRoutes: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (
  app,
  { db, guards, mail, onQueued, onStockChange },
) => {
  app.get(routePath(endpoints.returnOptions), async (request) => {
    const caller = await guards.requireUser(request);
    const { orderId } = parseOr400(ReturnOptionsQuery, request.query ?? {});
    return returnOptions(db, caller, orderId);
  });

  app.post(routePath(endpoints.createReturn), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(CreateReturnBody, request.body ?? {});
    const made = await createReturn(db, caller, body, mail);
    onQueued();
    return reply.status(201).send(made);
  });

  app.get(routePath(endpoints.myReturns), async (request) => {
    const caller = await guards.requireUser(request);
    return listMyReturns(db, caller);
  });

  app.get(routePath(endpoints.getReturn), { schema: { params: ReturnParams } }, async (request) => {
    const caller = await guards.requireUser(request);
    return returnView(db, await visibleReturn(db, caller, request.params.id));
  });

  // Staff.
  app.get(routePath(endpoints.staffReturns), async (request) => {
    await guards.requireAdmin(request);
    return listStaffReturns(db, parseOr400(StaffReturnListQuery, request.query ?? {}));
  });

  app.get(
    routePath(endpoints.staffReturn),
    { schema: { params: ReturnParams } },
    async (request) => {
      await guards.requireAdmin(request);
      const row = await findReturn(db, request.params.id);
      if (!row) throw returnNotFound();
      return returnView(db, row);
    },
  );

  const actions = [
    [endpoints.staffApproveReturn, ApproveReturnBody, approveReturn],
    [endpoints.staffRefuseReturn, RefuseReturnBody, refuseReturn],
    [endpoints.staffReceiveReturn, ReceiveReturnBody, receiveReturn],
    [endpoints.staffInspectReturn, InspectReturnBody, inspectReturn],
    [endpoints.staffSettleReturn, SettleReturnBody, settleReturn],
  ] as const;
  for (const [endpoint, schema, act] of actions) {
    app.post(routePath(endpoint), { schema: { params: ReturnParams } }, async (request) => {
      const staff = await guards.requireAdmin(request);
      const body = parseOr400(schema as typeof SettleReturnBody, request.body ?? {});
      const done = await (act as typeof settleReturn)(
        db,
        request.params.id,
        body,
        { userId: staff.sub, email: staff.email },
        mail,
      );
      onQueued();
      if (endpoint === endpoints.staffInspectReturn) onStockChange();
      return done;
    });
  }

  app.get(routePath(endpoints.staffRestockingFees), async (request) => {
    await guards.requireAdmin(request);
    return feesView(db);
  });

  app.put(routePath(endpoints.staffSetRestockingFees), async (request) => {
    const staff = await guards.requireAdmin(request);
    const body = parseOr400(RestockingFeesBody, request.body ?? {});
    return db.transaction(async (tx) => {
      const fees = await setFees(tx, body.fees);
      await recordAudit(
        tx,
        { userId: staff.sub, email: staff.email },
        {
          action: 'return.fees',
          targetType: 'return',
          targetId: 'restocking-fees',
          summary: `Restocking fees set: ${Object.entries(body.fees)
            .map(([reason, percent]) => `${reason} ${percent}%`)
            .join(', ')}`,
        },
      );
      return fees;
    });
  });

  app.get(routePath(endpoints.staffReturnWindows), async (request) => {
    await guards.requireAdmin(request);
    return windowsView(db);
  });

  app.put(routePath(endpoints.staffSetReturnWindows), async (request) => {
    const staff = await guards.requireAdmin(request);
    const body = parseOr400(ReturnWindowsBody, request.body ?? {});
    return db.transaction(async (tx) => {
      // One change at a time: the whole set is replaced under the table's lock.
      await tx.execute(sql`lock table ${categoryReturnWindows} in exclusive mode`);
      const windows = await setWindows(tx, body.windows);
      const text = Object.entries(windows.windows)
        .map(([category, days]) => `${category} ${days} days`)
        .join(', ');
      await recordAudit(
        tx,
        { userId: staff.sub, email: staff.email },
        {
          action: 'return.windows',
          targetType: 'return',
          targetId: 'return-windows',
          summary: `Return windows by category: ${text || `all ${windows.defaultDays} days`}`,
        },
      );
      return windows;
    });
  });

  app.get(
    routePath(endpoints.staffReturnPolicy),
    { schema: { params: ReturnParams } },
    async (request) => {
      await guards.requireAdmin(request);
      if (!(await findPart(db, request.params.id))) throw notFound('Part');
      return policyView(db, request.params.id);
    },
  );

  app.put(
    routePath(endpoints.staffSetReturnPolicy),
    { schema: { params: ReturnParams } },
    async (request) => {
      const staff = await guards.requireAdmin(request);
      const body = parseOr400(ReturnPolicyBody, request.body ?? {});
      const part = await findPart(db, request.params.id);
      if (!part) throw notFound('Part');
      return db.transaction(async (tx) => {
        const policy = await setPolicy(tx, part.id, body);
        await recordAudit(
          tx,
          { userId: staff.sub, email: staff.email },
          {
            action: 'part.return-policy',
            targetType: 'part',
            targetId: part.id,
            summary:
              `Return policy of ${part.name}: ` +
              (policy.noReturnReason
                ? `no return (${policy.noReturnReason})`
                : `${policy.returnDays ?? 'default'} days`) +
              `, warranty ${policy.warrantyMonths} months`,
          },
        );
        return policy;
      });
    },
  );
};
