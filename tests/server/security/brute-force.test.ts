import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { addStudent, B_PASSWORD } from './students';

// ASVS 2.2.1: 5 failures in 15 minutes lock a login name for that client address, 20 from all
// addresses lock it everywhere (README "Login lockout"); every address is rate limited on login.
const t = useTestApp();

const attempt = (loginName: string, password: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app
    .inject({ method: 'POST', url: '/api/authcust/login/token', remoteAddress, headers, payload: { loginName, password, loginType: 0 } })
    .then((r) => r.json());

const LOCKED = { resultCode: 423, errMsg: '登录失败次数过多，账号已锁定，请15分钟后再试', data: null };
const attemptsOf = (loginName: string) => t.database.db.selectFrom('login_attempts').selectAll().where('login_name', '=', loginName).execute();

describe('account lockout', () => {
  it('5 failures lock the name for 15 minutes from that address only, so nobody can lock a student out from elsewhere', async () => {
    await addStudent(t, 'stu-bf-1', '13700000301');
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt('13700000301', `Wrong${i}pass`, '198.51.100.1')).resultCode);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
    expect(await attempt('13700000301', B_PASSWORD, '198.51.100.1')).toMatchObject(LOCKED);
    // The student, somewhere else, still gets in.
    expect((await attempt('13700000301', B_PASSWORD, '198.51.100.2')).resultCode).toBe(200);
    const row = (await attemptsOf('13700000301')).find((r) => r.client === '198.51.100.1')!;
    const minutes = (new Date(row.locked_until!).getTime() - Date.now()) / 60000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
    expect(await attempt('13700000301', B_PASSWORD, '198.51.100.1')).toMatchObject(LOCKED);
  });

  it('the slower account-wide backstop: 20 failures from many addresses lock the name everywhere', async () => {
    await addStudent(t, 'stu-bf-4', '13700000304');
    const codes = [];
    // 4 failures from each of 5 addresses: no address reaches its own lock.
    for (let i = 0; i < 20; i++) codes.push((await attempt('13700000304', `Wrong${i}pass`, `198.51.103.${Math.floor(i / 4) + 1}`)).resultCode);
    expect(codes).toEqual([...Array(19).fill(400), 423]);
    expect(await attempt('13700000304', B_PASSWORD, '198.51.103.99')).toMatchObject(LOCKED);
  });

  it('failures older than 15 minutes do not count toward the lock', async () => {
    await addStudent(t, 'stu-bf-2', '13700000302');
    for (let i = 0; i < 4; i++) await attempt('13700000302', 'Wrong1234', '198.51.101.1');
    await t.database.db
      .updateTable('login_attempts')
      .set({ window_start: new Date(Date.now() - 16 * 60_000) })
      .where('login_name', '=', '13700000302')
      .execute();
    expect((await attempt('13700000302', 'Wrong1234', '198.51.101.1')).resultCode).toBe(400);
    expect((await attempt('13700000302', B_PASSWORD, '198.51.101.1')).resultCode).toBe(200);
  });

  it('a lock does not reset the count: the next attempt after it starts a fresh window of 5', async () => {
    await addStudent(t, 'stu-bf-5', '13700000305');
    for (let i = 0; i < 5; i++) await attempt('13700000305', 'Wrong1234', '198.51.104.1');
    for (let i = 0; i < 3; i++) expect(await attempt('13700000305', B_PASSWORD, '198.51.104.1')).toMatchObject(LOCKED);
    // Attempts refused while locked were not checked and add no failures.
    expect((await attemptsOf('13700000305')).find((r) => r.client === '198.51.104.1')).toMatchObject({ failures: 5 });
    // 15 minutes later (window and lock both over).
    const past = new Date(Date.now() - 16 * 60_000);
    await t.database.db
      .updateTable('login_attempts')
      .set({ window_start: past, locked_until: new Date(Date.now() - 60_000) })
      .where('login_name', '=', '13700000305')
      .execute();
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt('13700000305', 'Wrong1234', '198.51.104.1')).resultCode);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
  });

  it('a concurrent burst of failures from one address cannot slip past the counter', async () => {
    await addStudent(t, 'stu-bf-3', '13700000303');
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt('13700000303', 'Wrong1234', '198.51.102.1')));
    expect(results.filter((r) => r.resultCode === 400).length).toBeLessThanOrEqual(4);
    expect(await attempt('13700000303', B_PASSWORD, '198.51.102.1')).toMatchObject(LOCKED);
  });

  it('a success gives the address a fresh count', async () => {
    await addStudent(t, 'stu-bf-6', '13700000306');
    for (let i = 0; i < 4; i++) await attempt('13700000306', 'Wrong1234', '198.51.105.1');
    expect((await attempt('13700000306', B_PASSWORD, '198.51.105.1')).resultCode).toBe(200);
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await attempt('13700000306', 'Wrong1234', '198.51.105.1')).resultCode);
    expect(codes).toEqual([400, 400, 400, 400, 423]);
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
