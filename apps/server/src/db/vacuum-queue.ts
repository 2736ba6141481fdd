import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.js';

/**
 * Tables that lost many rows at once (an import's staged rows discarded or pruned, a catalog
 * rewritten by an apply), vacuumed later in one statement (decision 078).
 *
 * The embedded database has no autovacuum: a deleted or updated row's space was never marked free
 * again, so every preview grew the import's staging table by its size for good (1.3 GB after 17
 * previews of 100,000 parts, for 100,000 live rows), and every scan read the dead rows too. The
 * PostgreSQL server's autovacuum would get there; vacuuming there too costs little and keeps
 * both databases alike. Not at once: on the embedded database a vacuum holds the one session for
 * seconds (2.4 s for the catalog after a 100,000-part apply), so it runs on a background job's
 * round, a few minutes after the last bulk change and while no import is being read or applied.
 */
export class VacuumQueue {
  private readonly due = new Map<string, PgTable>();
  private lastMark = 0;

  /** `quietMs`: a round vacuums once that long has passed since the last table was marked. */
  constructor(private readonly quietMs = 0) {}

  /** These tables are to be vacuumed on a later round. */
  mark(...tables: PgTable[]): void {
    for (const table of tables) this.due.set(getTableName(table), table);
    this.lastMark = Date.now();
  }

  /**
   * Vacuums (and analyzes) the tables marked since the last round; nothing when none were.
   * Answers what it vacuumed and how long it took, for the log.
   */
  async run(db: Db): Promise<{ tables: string[]; ms: number } | null> {
    // Right after an apply the search index reloads and staff export and look: not then.
    if (this.due.size === 0 || Date.now() - this.lastMark < this.quietMs) return null;
    const tables = [...this.due.values()];
    this.due.clear();
    const start = performance.now();
    try {
      // VACUUM takes identifiers only: the tables' own names, never input.
      await db.execute(sql`vacuum (analyze) ${sql.join(tables, sql`, `)}`);
    } catch (err) {
      // Still to do: the next round tries again.
      for (const table of tables) this.due.set(getTableName(table), table);
      throw err;
    }
    return {
      tables: tables.map((t) => getTableName(t)),
      ms: Math.round(performance.now() - start),
    };
  }
}
