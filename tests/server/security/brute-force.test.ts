import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { addStudent, B_PASSWORD } from './students';

// ASVS 2.2.1: 5 failures in 15 minutes lock the account; every address is rate limited on login.
const t = useTestApp();

const attempt = (loginName: string, password: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/authcust/login/token', remoteAddress, headers, payload: { loginName, password, loginType: 0 } }).then((r) => r.json());

describe('account lockout', () => {
  it('locks after 5 failures from different addresses, refuses the right password while locked', async () => {
    await addStudent(t, 'stu-bf-1', '13700000301');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt('13700000301', `Wrong${i}pass`, `198.51.100.${i + 1}`)).resultCode);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
    expect(await attempt('13700000301', B_PASSWORD, '198.51.100.99')).toMatchObject({ resultCode: 423 });
    const row = await t.database.db.selectFrom('students').select('locked_until').where('id', '=', 'stu-bf-1').executeTakeFirstOrThrow();
    const minutes = (new Date(row.locked_until!).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
  });

  it('failures older than 15 minutes do not count toward the lock', async () => {
    await addStudent(t, 'stu-bf-2', '13700000302');
    for (let i = 0; i < 4; i++) await attempt('13700000302', 'Wrong1234', '198.51.101.1');
    await t.database.db.updateTable('students').set({ first_failed_at: new Date(Date.now() - 16 * 60_000) }).where('id', '=', 'stu-bf-2').execute();
    expect((await attempt('13700000302', 'Wrong1234', '198.51.101.2')).resultCode).toBe(400);
    expect((await attempt('13700000302', B_PASSWORD, '198.51.101.3')).resultCode).toBe(200);
  });

  it('a concurrent burst of failures cannot slip past the counter', async () => {
    await addStudent(t, 'stu-bf-3', '13700000303');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt('13700000303', 'Wrong1234', `198.51.102.${i + 1}`)));
    expect(results.filter((r) => r.resultCode === 423).length).toBeGreaterThanOrEqual(1);
    expect(await attempt('13700000303', B_PASSWORD, '198.51.102.50')).toMatchObject({ resultCode: 423 });
  });
});

describe('login rate limit per address', () => {
  it('answers 429 past the limit for one address, while another address still gets through', async () => {
    const max = t.app.config.loginRateLimitMax;
    const codes = [];
    for (let i = 0; i < max + 2; i++) codes.push((await attempt(`nobody${i}`, 'x', '203.0.113.7')).resultCode);
    expect(codes.slice(0, max).every((c) => c === 400)).toBe(true);
    expect(codes.slice(max)).toEqual([429, 429]);
    expect((await attempt('nobody', 'x', '203.0.113.8')).resultCode).toBe(400);
  });

  it('a client on the internet cannot dodge the limit by inventing X-Forwarded-For addresses', async () => {
    const max = t.app.config.loginRateLimitMax;
    const codes = [];
    for (let i = 0; i < max + 1; i++) codes.push((await attempt('nobody', 'x', '203.0.113.9', { 'x-forwarded-for': `10.0.${i}.1` })).resultCode);
    expect(codes[max]).toBe(429);
  });

  it('behind a proxy on the private network, the forwarded client address is what counts', async () => {
    const max = t.app.config.loginRateLimitMax;
    for (let i = 0; i < max + 1; i++) await attempt('nobody', 'x', '10.0.0.2', { 'x-forwarded-for': '203.0.113.10' });
    expect((await attempt('nobody', 'x', '10.0.0.2', { 'x-forwarded-for': '203.0.113.10' })).resultCode).toBe(429);
    expect((await attempt('nobody', 'x', '10.0.0.2', { 'x-forwarded-for': '203.0.113.11' })).resultCode).toBe(400);
  });
});
