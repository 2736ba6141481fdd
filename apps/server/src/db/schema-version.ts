import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../paths.js';
import { rowsOf } from './raw-rows.js';
import type { Db } from './database.js';

/**
 * Which migrations a database holds, in the migrator's own terms: Drizzle applies every journal
 * entry whose `when` is later than the newest `created_at` in `drizzle.__drizzle_migrations`, so
 * that time names the schema. `tag` is the migration's file name when this code knows it.
 */
export type SchemaVersion = { when: number; tag: string; count: number };

type Journal = { entries: { idx: number; when: number; tag: string }[] };

let journal: Journal | undefined;
function readJournal(): Journal {
  journal ??= JSON.parse(
    fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  return journal;
}

/** The schema this code migrates to: its newest migration. */
export function codeSchemaVersion(): SchemaVersion {
  const entries = readJournal().entries;
  const newest = entries.reduce((a, b) => (b.when > a.when ? b : a));
  return { when: newest.when, tag: newest.tag, count: entries.length };
}

/** The name this code knows for a schema time, or a note that it does not know it. */
export function schemaTag(when: number): string {
  return readJournal().entries.find((e) => e.when === when)?.tag ?? `unknown migration (${when})`;
}

/** The schema a database holds; `when` 0 and `count` 0 when it was never migrated. */
export async function databaseSchemaVersion(db: Db): Promise<SchemaVersion> {
  const exists = rowsOf(
    await db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    ),
  );
  if (!exists[0]?.present) return { when: 0, tag: 'none', count: 0 };
  const [row] = rowsOf(
    await db.execute(
      sql`select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    ),
  ) as { count: number; newest: string | null }[];
  const when = Number(row?.newest ?? 0);
  return { when, tag: when ? schemaTag(when) : 'none', count: row?.count ?? 0 };
}
