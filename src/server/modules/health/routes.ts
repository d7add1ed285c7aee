import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';

/** GET /api/health: is the process up and can it reach its database. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async () => {
    const started = performance.now();
    let database = 'ok';
    try {
      await sql`select 1`.execute(app.db);
    } catch {
      database = 'unreachable';
    }
    return ok({ status: database === 'ok' ? 'ok' : 'degraded', database, databaseKind: app.dbKind, dbMs: Math.round(performance.now() - started) });
  });
}
