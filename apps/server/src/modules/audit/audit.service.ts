import { desc, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { auditLog, type AuditRow } from './audit.tables.js';

export type StaffActor = { userId: string; email: string };

export type AuditEntryInput = {
  action: string;
  targetType:
    | 'order'
    | 'part'
    | 'stock'
    | 'role'
    | 'image'
    | 'company'
    | 'quote'
    | 'page'
    | 'account'
    | 'import'
    | 'api-key'
    | 'webhook'
    | 'price-list'
    | 'customer-group'
    | 'return'
    | 'tax-region';
  targetId: string;
  summary: string;
  details?: Record<string, unknown>;
};

/** Records a staff action; call it inside the action's own transaction. */
export async function recordAudit(
  tx: DbOrTx,
  actor: StaffActor,
  entry: AuditEntryInput,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary,
    details: entry.details ?? null,
  });
}

/**
 * Records an entry unless this action on this target is already recorded: for a step that is not
 * one transaction with its action (an ERP's order, placed by one statement) and is repeated until
 * answered (the same Idempotency-Key). A crash between the action and its entry is mended by the
 * caller's retry, and concurrent retries write one entry (the advisory lock orders them).
 */
export async function recordAuditOnce(
  db: DbOrTx,
  actor: StaffActor,
  entry: AuditEntryInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const target = `${entry.action}:${entry.targetType}:${entry.targetId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${target}, 0))`);
    const [seen] = await tx
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        sql`${auditLog.targetType} = ${entry.targetType} and ${auditLog.targetId} = ${entry.targetId} and ${auditLog.action} = ${entry.action}`,
      )
      .limit(1);
    if (!seen) await recordAudit(tx, actor, entry);
  });
}

/** Newest first, a page at a time; `after` is the last id of the previous page. */
export async function listAudit(
  db: DbOrTx,
  options: { after?: number; pageSize: number },
): Promise<{ items: AuditRow[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(options.after !== undefined ? lt(auditLog.id, options.after) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(options.pageSize + 1);
  const items = rows.slice(0, options.pageSize);
  return {
    items,
    nextCursor: rows.length > options.pageSize ? String(items.at(-1)!.id) : null,
  };
}
