import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';

const t = useTestApp();

describe('GET /api/health', () => {
  it('reports the database as reachable in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ resultCode: 200, errMsg: '', data: { status: 'ok', database: 'ok', databaseKind: t.database.kind } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.json()).toMatchObject({ resultCode: 404, errMsg: '接口不存在' });
  });

  it('sends a page address without its hash to the app’s route, keeping its query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/personal/myStudy?tab=1', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/#/personal/myStudy?tab=1');
    // a missing file or API path asked for by code is still a 404
    const asset = await t.app.inject({ method: 'GET', url: '/assets/nope.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.json()).toMatchObject({ resultCode: 404 });
  });

  it('sees the seeded demo accounts', async () => {
    const n = await t.database.db
      .selectFrom('students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/health without a database', () => {
  it('answers 503 with database unreachable when the database does not answer', async () => {
    const { Kysely, PostgresDialect } = await import('kysely');
    const pg = (await import('pg')).default;
    const { buildApp } = await import('../../app');
    // Nothing listens on port 1: every connection attempt fails.
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'x', database: 'x', connectionTimeoutMillis: 1000 });
    const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
    const { listenPostgres } = await import('../../db/listen');
    const listen = async (channel: string, handlers: Parameters<typeof listenPostgres>[2]) => listenPostgres('postgres://x@127.0.0.1:1/x', channel, handlers);
    const down = await buildApp({ config: t.app.config, database: { db: db as never, kind: 'postgres', listen, close: () => db.destroy() }, logger: false });
    try {
      const res = await down.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ resultCode: 200, data: { status: 'degraded', database: 'unreachable', databaseKind: 'postgres' } });
    } finally {
      await down.close();
    }
  });
});
