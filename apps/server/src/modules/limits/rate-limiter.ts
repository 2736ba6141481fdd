import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { rateLimits } from './limits.tables.js';

export type Limit = { max: number; windowSeconds: number };
export type RateLimiter = {
  /** Counts one attempt; resolves the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: Limit): Promise<number>;
  /** Counts one attempt and throws a 429 (with `Retry-After`) when over the limit. */
  take(key: string, limit: Limit): Promise<void>;
  /** Forgets a counter (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
};

const minutes = (n: number) => n * 60;
export { minutes };

/** "Too many attempts", with the wait in words and in `Retry-After`. */
export function tooMany(retryAfter: number): AppError {
  const wait = retryAfter < 90 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Please wait ${wait} and try again.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/** Fixed windows in the database, so every instance behind a load balancer shares the counts. */
export function createRateLimiter(db: Db): RateLimiter {
  const hit: RateLimiter['hit'] = async (key, { max, windowSeconds }) => {
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
  };
  return {
    hit,
    async take(key, limit) {
      const wait = await hit(key, limit);
      if (wait) throw tooMany(wait);
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
