import type { FastifyInstance } from 'fastify';
import { Envelope } from '../../../contract/common';
import { Health } from '../../../contract/health';
import { ok } from '../../http/envelope';
import { databaseAnswers } from './probe';

/** A database that does not answer within this time counts as unreachable (a probe must not hang). */
const DB_CHECK_MS = 2000;

/**
 * GET /api/health: is the process up and can it reach its database. Answers HTTP 503 (same
 * envelope) when the database is unreachable, so a load balancer's readiness probe, which reads
 * only the status code, takes this instance out of rotation until the database is back.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', { schema: { response: { 200: Envelope(Health), 503: Envelope(Health) } } }, async (_request, reply) => {
    const started = performance.now();
    const up = await databaseAnswers(app.db, DB_CHECK_MS);
    if (!up) void reply.code(503);
    return ok<Health>({
      status: up ? 'ok' : 'degraded',
      database: up ? 'ok' : 'unreachable',
      databaseKind: app.dbKind,
      dbMs: Math.round(performance.now() - started),
    });
  });
}
