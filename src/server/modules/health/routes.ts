import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';

/** A database that does not answer within this time counts as unreachable (a probe must not hang). */
const DB_CHECK_MS = 2000;

/**
 * GET /api/health: is the process up and can it reach its database. Answers HTTP 503 (same
 * envelope) when the database is unreachable, so a load balancer's readiness probe, which reads
 * only the status code, takes this instance out of rotation until the database is back.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (_request, reply) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), DB_CHECK_MS);
    });
    let database = 'ok';
    try {
      await Promise.race([sql`select 1`.execute(app.db), timeout]);
    } catch {
      database = 'unreachable';
    } finally {
      clearTimeout(timer);
    }
    if (database !== 'ok') void reply.code(503);
    return ok({ status: database === 'ok' ? 'ok' : 'degraded', database, databaseKind: app.dbKind, dbMs: Math.round(performance.now() - started) });
  });
}
