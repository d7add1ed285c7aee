import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/lib/password';
import { useTestApp } from './test-app';
import { call, login } from './helpers';

// Two app instances on one database stand in for N servers behind a load balancer.
const t = useTestApp();
let second: FastifyInstance;
beforeAll(async () => {
  second = await buildApp({ config: t.app.config, database: { ...t.database, close: async () => {} }, logger: false });
  await second.ready();
});
afterAll(async () => second.close());

describe('stateless instances', () => {
  it('a token issued by one instance works on the other, and logout on one ends it on both', async () => {
    const token = await login(t.app);
    expect((await call(second, token, { method: 'GET', url: '/api/customer/login/selectUser' })).data.userId).toBe('stu-0001');
    await call(second, token, { method: 'POST', url: '/api/authcust/login/logout' });
    expect((await call(t.app, token, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(40101);
  });

  it('login failures spread over both instances still lock the account', async () => {
    await t.database.db.insertInto('students').values({ id: 'stu-spread', login_name: '13700000010', password_hash: await hashPassword('Right1234'), username: '多实例' }).execute();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? second : t.app;
      const res = await app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { loginName: '13700000010', password: 'Wrong1234' } });
      codes.push(res.json().resultCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 423]);
  });

  it('the login rate limit counts requests to both instances together', async () => {
    const max = t.app.config.loginRateLimitMax;
    const codes: number[] = [];
    for (let i = 0; i < max + 1; i++) {
      const app = i % 2 ? second : t.app;
      const res = await app.inject({ method: 'POST', url: '/api/authcust/login/token', remoteAddress: '10.1.2.3', payload: { loginName: 'nobody', password: 'x' } });
      codes.push(res.json().resultCode);
    }
    expect(codes.slice(0, max).every((c) => c === 400)).toBe(true);
    expect(codes[max]).toBe(429);
  });
});
