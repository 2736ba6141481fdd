import pg from 'pg';

export type FreshDatabase = { name: string; url: string; drop(): Promise<void> };

const live = new Set<FreshDatabase>();

/** Drops every database this run created and has not dropped yet (Ctrl-C, crashes). */
export async function dropAllDatabases(): Promise<void> {
  await Promise.allSettled([...live].map((d) => d.drop()));
}

async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates an empty database named bench_* (BENCH_DATABASE_PREFIX_* when set, for a machine shared
 * with others) on the server BENCH_DATABASE_URL points at (that URL's own database is only used
 * to connect) and returns its URL; drop() removes it again.
 */
export async function createFreshDatabase(serverUrl: string): Promise<FreshDatabase> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const name = `${process.env.BENCH_DATABASE_PREFIX || 'bench'}_${stamp}_${process.pid}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | null = null;
  const db: FreshDatabase = {
    name,
    url: url.toString(),
    drop() {
      dropped ??= withClient(serverUrl, async (c) => {
        // FORCE (PostgreSQL 13+) ends connections a stopped server may have left behind.
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }).finally(() => live.delete(db));
      return dropped;
    },
  };
  live.add(db);
  return db;
}
