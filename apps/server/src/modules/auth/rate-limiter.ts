import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export type Limit = { max: number; windowSeconds: number };
export type RateLimiter = {
  /** Counts one attempt; resolves the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: Limit): Promise<number>;
};

/** Fixed windows in the database, so every instance behind a load balancer shares the counts. */
export function createRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, { max, windowSeconds }) {
      const result = await db.execute<{ count: number; retry: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, ceil(extract(epoch from (reset_at - now())))::int as retry`);
      const row = (result as unknown as { rows: { count: number; retry: number }[] }).rows[0];
      if (!row) return 0;
      return Number(row.count) > max ? Math.max(1, Number(row.retry)) : 0;
    },
  };
}
