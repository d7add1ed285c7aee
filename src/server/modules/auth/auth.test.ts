import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, GRADUATED, NORMAL, call, login } from '../../../../tests/server/helpers';

const t = useTestApp();

const loginWith = (loginName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { loginName, password, loginType: 0 } });

describe('POST /api/authcust/login/token', () => {
  it('returns a token and the user fields of SPEC §3', async () => {
    const body = (await loginWith(NORMAL, 'Xuetu2026')).json();
    expect(body.resultCode).toBe(200);
    expect(body.data).toMatchObject({ customerType: 0, username: '李明', studentNo: '2023010101', userId: 'stu-0001', sex: '0', phone: NORMAL });
    for (const k of ['token', 'userPicUrl', 'identityNumber', 'specialty', 'classmate', 'email']) expect(body.data).toHaveProperty(k);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
  });

  it('stores only the hash of the token', async () => {
    const token = await login(t.app, EXPERIENCE);
    const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers wrong credentials and unknown accounts with the same message', async () => {
    expect((await loginWith(GRADUATED, 'wrong-pass1')).json()).toMatchObject({ resultCode: 400, errMsg: '账号或密码错误', data: null });
    expect((await loginWith('13999999999', 'Xuetu2026')).json()).toMatchObject({ resultCode: 400, errMsg: '账号或密码错误' });
  });

  it('rejects a malformed body with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { password: 'x' } });
    expect(res.json()).toMatchObject({ resultCode: 400, errMsg: '缺少参数：登录名' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { loginName: { a: 1 }, password: 'x' } });
    expect(bad.json().resultCode).toBe(400);
  });

  it('locks the account after 5 failures within 15 minutes, even for the right password', async () => {
    const id = 'stu-lock';
    const { hashPassword } = await import('../../lib/password');
    await t.database.db
      .insertInto('students')
      .values({ id, login_name: '13700000009', password_hash: await hashPassword('Right1234'), username: '锁定测试' })
      .execute();
    for (let i = 0; i < 4; i++) expect((await loginWith('13700000009', 'Wrong1234')).json().errMsg).toBe('账号或密码错误');
    const fifth = (await loginWith('13700000009', 'Wrong1234')).json();
    expect(fifth.resultCode).toBe(423);
    expect(fifth.errMsg).toContain('账号已锁定');
    expect(fifth.errMsg).toContain('15分钟');
    expect((await loginWith('13700000009', 'Right1234')).json().resultCode).toBe(423);
    // Once the lock has passed the right password works again and clears the counter.
    const past = new Date(Date.now() - 16 * 60_000);
    await t.database.db.updateTable('login_attempts').set({ window_start: past, locked_until: past }).where('login_name', '=', '13700000009').execute();
    expect((await loginWith('13700000009', 'Right1234')).json().resultCode).toBe(200);
  });
});

describe('sessions', () => {
  it('accepts the raw token and Bearer, and answers 40101 for missing, unknown and expired tokens', async () => {
    const token = await login(t.app);
    expect((await call(t.app, token, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(200);
    expect((await call(t.app, `Bearer ${token}`, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(40101);
    expect((await call(t.app, 'nonsense', { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(40101);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1) })
      .execute();
    // The token was cached by the calls above; the sessions trigger's NOTIFY reaches this process
    // at once on PGlite and moments later on PostgreSQL (its own listening connection).
    await expect
      .poll(async () => (await call(t.app, token, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode, { timeout: 5000 })
      .toBe(40101);
  });

  it('logout revokes the token', async () => {
    const token = await login(t.app);
    expect((await call(t.app, token, { method: 'POST', url: '/api/authcust/login/logout' })).resultCode).toBe(200);
    expect((await call(t.app, token, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(40101);
    expect((await call(t.app, null, { method: 'POST', url: '/api/authcust/login/logout' })).resultCode).toBe(200);
  });
});

describe('login rate limit', () => {
  it('limits attempts per address, counted in the database', async () => {
    const max = t.app.config.loginRateLimitMax;
    let limited = 0;
    for (let i = 0; i < max + 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authcust/login/token',
        remoteAddress: '10.9.9.9',
        payload: { loginName: 'x', password: 'y' },
      });
      if (res.json().resultCode === 429) limited++;
    }
    expect(limited).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows.some((r) => r.key.includes('10.9.9.9'))).toBe(true);
  });
});
