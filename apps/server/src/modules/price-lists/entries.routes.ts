import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  fromCents,
  PRICE_LIST_BODY_BYTES,
  PRICE_LIST_ENTRY_PAGE,
  PriceListEntriesBody,
  PriceListEntryQuery,
  PriceListParams,
  RemovePriceListEntriesBody,
  routePath,
  toCents,
  type PriceListEntryPage,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Caller, Guards } from '../auth/guards.js';
import { partIdsByNumbers } from '../parts/feeds.service.js';
import { changeList } from './audited.js';
import { entriesPage, removeEntries, writeEntries } from './entries.service.js';
import { findPriceList } from './price-lists.service.js';

export type PriceListEntryRoutesOptions = { db: Db; guards: Guards };

/** Rows naming no part: a 400 naming each row (the first 100), nothing written. */
async function partIdsOfRows(
  db: DbOrTx,
  rows: readonly { partNumber: string }[],
): Promise<string[]> {
  const ids = await partIdsByNumbers(
    db,
    rows.map((r) => r.partNumber),
  );
  const fields: Record<string, string> = {};
  let unknown = 0;
  const found = rows.map((row, i) => {
    const id = ids.get(row.partNumber.toUpperCase());
    if (id) return id;
    unknown += 1;
    if (unknown <= 100)
      fields[`entries.${i}.partNumber`] =
        `Row ${i + 1}: no part has the number "${row.partNumber}"`;
    return '';
  });
  if (unknown > 0)
    throw new AppError(
      400,
      'UNKNOWN_PART_NUMBERS',
      unknown === 1
        ? Object.values(fields)[0]!
        : `${unknown} rows name part numbers the catalog does not have; nothing was changed`,
      fields,
    );
  return found;
}

/**
 * A list's fixed prices. The batch routes take up to 20,000 rows (2 MB), so the caller is checked
 * when the request arrives, before its body is read: a stranger's body is never parsed.
 */
export const priceListEntryRoutes: FastifyPluginAsyncZod<PriceListEntryRoutesOptions> = async (
  app,
  { db, guards },
) => {
  const callers = new WeakMap<FastifyRequest, Caller>();
  const staffFirst: onRequestHookHandler = async (request) => {
    callers.set(request, await guards.requireAdmin(request));
  };
  const callerOf = (request: FastifyRequest): Caller => {
    const caller = callers.get(request);
    if (!caller) throw new Error('a price-list batch ran without its staff check');
    return caller;
  };

  app.get(
    routePath(endpoints.staffPriceListEntries),
    { schema: { params: PriceListParams } },
    async (request): Promise<PriceListEntryPage> => {
      await guards.requireAdmin(request);
      const query = parseOr400(PriceListEntryQuery, request.query ?? {});
      if (!(await findPriceList(db, request.params.id))) throw notFound('Price list');
      const page = await entriesPage(db, request.params.id, query);
      return {
        entries: page.rows.map((r) => ({
          partId: r.partId,
          partNumber: r.sku,
          partName: r.name,
          minQuantity: r.minQuantity,
          price: fromCents(r.unitCents),
        })),
        total: page.total,
        page: query.page,
        pageSize: PRICE_LIST_ENTRY_PAGE,
      };
    },
  );

  app.post(
    routePath(endpoints.staffPutPriceListEntries),
    {
      onRequest: staffFirst,
      bodyLimit: PRICE_LIST_BODY_BYTES,
      schema: { params: PriceListParams },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = parseOr400(PriceListEntriesBody, request.body ?? {});
      const ids = await partIdsOfRows(db, body.entries);
      const rows = body.entries.map((e, i) => ({
        partId: ids[i]!,
        minQuantity: e.minQuantity,
        unitCents: toCents(e.price),
      }));
      return changeList(db, caller, request.params.id, 'price-list.entries', async (tx, list) => {
        const outcome = await writeEntries(tx, list.id, rows, body.replaceAll);
        return {
          value: outcome,
          summary:
            `${body.replaceAll ? 'Replaced the' : 'Set'} fixed prices of "${list.name}" from ` +
            `${rows.length} rows: ${outcome.added} added, ${outcome.changed} changed, ` +
            `${outcome.removed} removed`,
          details: { ...outcome, rows: rows.length, replaceAll: body.replaceAll },
        };
      });
    },
  );

  app.post(
    routePath(endpoints.staffRemovePriceListEntries),
    {
      onRequest: staffFirst,
      bodyLimit: PRICE_LIST_BODY_BYTES,
      schema: { params: PriceListParams },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = parseOr400(RemovePriceListEntriesBody, request.body ?? {});
      const ids = await partIdsOfRows(db, body.entries);
      const keys = body.entries.map((e, i) => ({
        partId: ids[i]!,
        minQuantity: e.minQuantity ?? null,
      }));
      return changeList(
        db,
        caller,
        request.params.id,
        'price-list.entries-remove',
        async (tx, list) => {
          const outcome = await removeEntries(tx, list.id, keys);
          return {
            value: outcome,
            summary: `Removed ${outcome.removed} fixed prices of "${list.name}"`,
            details: { removed: outcome.removed, rows: keys.length },
          };
        },
      );
    },
  );
};
