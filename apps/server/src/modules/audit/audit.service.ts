import { desc, lt } from 'drizzle-orm';
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
    | 'price-list';
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
