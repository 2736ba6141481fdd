import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  IdParams,
  routePath,
  StaffPartQuery,
  StockChangeBody,
  StockHistoryQuery,
  type StaffPartDetails,
  type StaffPartPage,
  type StaffPartRow,
  type StockHistoryPage,
  type StockMovementKind,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Guards } from '../auth/guards.js';
import { findUsersByIds } from '../auth/identity.service.js';
import { orderNumbersByIds } from '../orders/orders.service.js';
import { findPart } from '../parts/parts.service.js';
import { listStaffParts, setArchived, toStaffPartRow } from '../parts/staff-parts.service.js';
import { changeStock, listMovements } from '../parts/stock.service.js';

export type StaffPartRoutesOptions = {
  db: Db;
  guards: Guards;
  lowStockFactor: number;
  /** The catalog's caches forget what they hold. */
  onPartChange: () => void;
};

/** A page of movements with who made them and the orders they belong to, named for people. */
async function historyPage(
  db: DbOrTx,
  partId: string,
  page: { before?: number | undefined; pageSize: number },
): Promise<StockHistoryPage> {
  const { rows, nextBefore } = await listMovements(db, partId, page);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
  const orderIds = [...new Set(rows.map((r) => r.orderId).filter((id): id is string => !!id))];
  const [people, numbers] = await Promise.all([
    findUsersByIds(db, actorIds),
    orderNumbersByIds(db, orderIds),
  ]);
  const emailOf = new Map(people.map((p) => [p.id, p.email]));
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      kind: r.kind as StockMovementKind,
      delta: r.delta,
      levelAfter: r.levelAfter,
      reason: r.reason,
      actorEmail: r.actorId ? (emailOf.get(r.actorId) ?? null) : null,
      orderId: r.orderId,
      orderNumber: r.orderId ? (numbers.get(r.orderId) ?? null) : null,
    })),
    nextBefore,
  };
}

/**
 * The staff side of parts: every part with its stock, its history, receipts and adjustments as
 * movements, archive and restore. Admins only, checked before anything sent is read.
 */
export const staffPartRoutes: FastifyPluginAsyncZod<StaffPartRoutesOptions> = async (
  app,
  { db, guards, lowStockFactor, onPartChange },
) => {
  async function details(tx: DbOrTx, id: string): Promise<StaffPartDetails> {
    const row = await findPart(tx, id);
    if (!row) throw notFound('Part');
    return {
      part: {
        ...toStaffPartRow(row, lowStockFactor),
        description: row.description,
        createdAt: row.createdAt.toISOString(),
      },
      history: await historyPage(tx, row.id, { pageSize: 50 }),
    };
  }

  app.get(routePath(endpoints.staffParts), async (request): Promise<StaffPartPage> => {
    await guards.requireAdmin(request);
    const query = parseOr400(StaffPartQuery, request.query);
    const { rows, total } = await listStaffParts(db, query, lowStockFactor);
    return {
      items: rows.map((r) => toStaffPartRow(r, lowStockFactor)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      lowStockFactor,
    };
  });

  app.get(routePath(endpoints.staffPart), { schema: { params: IdParams } }, async (request) => {
    await guards.requireAdmin(request);
    return details(db, request.params.id);
  });

  app.get(
    routePath(endpoints.staffStockHistory),
    { schema: { params: IdParams } },
    async (request): Promise<StockHistoryPage> => {
      await guards.requireAdmin(request);
      const query = parseOr400(StockHistoryQuery, request.query);
      const part = await findPart(db, request.params.id);
      if (!part) throw notFound('Part');
      return historyPage(db, part.id, query);
    },
  );

  app.post(
    routePath(endpoints.staffChangeStock),
    { schema: { params: IdParams } },
    async (request): Promise<StaffPartDetails> => {
      const caller = await guards.requireAdmin(request);
      const change = parseOr400(StockChangeBody, request.body ?? {});
      const part = await findPart(db, request.params.id);
      if (!part) throw notFound('Part');
      const result = await db.transaction(async (tx) => {
        const level = await changeStock(tx, part.id, change, caller.sub);
        if (level === undefined) {
          throw new AppError(
            409,
            'STOCK_BELOW_ZERO',
            'That would take the stock below zero: count again or adjust by less',
            { delta: 'More than is in stock' },
          );
        }
        const verb = change.kind === 'receive' ? 'Received' : 'Adjusted';
        const signed = change.delta > 0 ? `+${change.delta}` : String(change.delta);
        await recordAudit(
          tx,
          { userId: caller.sub, email: caller.email },
          {
            action: `stock.${change.kind}`,
            targetType: 'part',
            targetId: part.id,
            summary: `${verb} ${signed} of ${part.name} (now ${level})${change.reason ? `: ${change.reason}` : ''}`,
            details: { delta: change.delta, levelAfter: level, reason: change.reason },
          },
        );
        return details(tx, part.id);
      });
      onPartChange();
      return result;
    },
  );

  for (const [endpoint, archived] of [
    [endpoints.staffArchivePart, true],
    [endpoints.staffRestorePart, false],
  ] as const) {
    app.post(
      routePath(endpoint),
      { schema: { params: IdParams } },
      async (request): Promise<StaffPartRow> => {
        const caller = await guards.requireAdmin(request);
        const row = await db.transaction(async (tx) => {
          const result = await setArchived(tx, request.params.id, archived);
          if (!result) throw notFound('Part');
          if (result.changed)
            await recordAudit(
              tx,
              { userId: caller.sub, email: caller.email },
              {
                action: archived ? 'part.archive' : 'part.restore',
                targetType: 'part',
                targetId: result.row.id,
                summary: `${archived ? 'Archived' : 'Restored'} ${result.row.name}`,
              },
            );
          return result.row;
        });
        onPartChange();
        return toStaffPartRow(row, lowStockFactor);
      },
    );
  }
};
