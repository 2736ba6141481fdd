import type { Db, Tx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller } from '../auth/guards.js';
import { lockPriceList } from './price-lists.service.js';
import type { PriceListRow } from './price-lists.tables.js';

export type ListChange<T> = {
  value: T;
  /** One line for people: `Set 120 fixed prices of "Fleet 2027"…`. */
  summary: string;
  details?: Record<string, unknown>;
};

/**
 * One change of a price list and its audit entry, in one transaction: the list is locked first
 * (writers of one list take turns; a list deleted meanwhile is a 404), then `work` runs.
 */
export function changeList<T>(
  db: Db,
  caller: Caller,
  listId: string,
  action: string,
  work: (tx: Tx, list: PriceListRow) => Promise<ListChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const list = await lockPriceList(tx, listId);
    if (!list) throw notFound('Price list');
    const change = await work(tx, list);
    await recordAudit(
      tx,
      { userId: caller.sub, email: caller.email },
      {
        action,
        targetType: 'price-list',
        targetId: listId,
        summary: change.summary,
        ...(change.details ? { details: change.details } : {}),
      },
    );
    return change.value;
  });
}
