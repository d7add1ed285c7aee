import { sql } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';

/**
 * A @fastify/rate-limit store that counts in the database (table rate_limits), so the limit holds
 * across any number of stateless instances. One upsert per request: a window starts on the first
 * hit and the counter resets once reset_at has passed.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const fullKey = `${this.prefix}${key}`;
      const window = `${Math.max(1, Math.round(timeWindow))} milliseconds`;
      sql<{ count: number; ttl: number }>`
        insert into rate_limits (key, count, reset_at) values (${fullKey}, 1, now() + ${window}::interval)
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then now() + ${window}::interval else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - now())) * 1000)::integer as ttl`
        .execute(db)
        .then(
          (res) => {
            const row = res.rows[0];
            callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl ?? timeWindow)) });
          },
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
    }

    child(routeOptions: { path: string; method?: string | string[] }): FastifyRateLimitStore {
      return new DatabaseStore(undefined, `${String(routeOptions.method ?? '')}:${routeOptions.path}:`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
