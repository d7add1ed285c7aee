import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call, login } from '../../../../tests/server/helpers';
import { hashPassword } from '../../lib/password';

const t = useTestApp();

describe('GET /api/customer/login/selectUser', () => {
  it('returns the signed-in user', async () => {
    const token = await login(t.app);
    const body = await call(t.app, token, { method: 'GET', url: '/api/customer/login/selectUser' });
    expect(body).toMatchObject({ resultCode: 200, data: { userId: 'stu-0001', username: '李明', customerType: 0, token } });
  });
  it('answers 40101 without a token', async () => {
    expect((await call(t.app, null, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(40101);
  });
});

describe('POST /api/customer/login/updateUserInfo', () => {
  const url = '/api/customer/login/updateUserInfo';
  it('updates only the signed-in student and strips unknown fields', async () => {
    const token = await login(t.app);
    const body = await call(t.app, token, {
      method: 'POST',
      url,
      payload: { phone: '13912345678', email: 'liming@xuetu.edu.cn', customerType: 1, userId: 'stu-0003' },
    });
    expect(body).toMatchObject({ resultCode: 200, data: { userId: 'stu-0001', phone: '13912345678', email: 'liming@xuetu.edu.cn', customerType: 0 } });
    const other = await t.database.db.selectFrom('students').select('phone').where('id', '=', 'stu-0003').executeTakeFirstOrThrow();
    expect(other.phone).toBe(GRADUATED);
  });
  it('enforces the phone and email rules of SPEC §5', async () => {
    const token = await login(t.app);
    expect(await call(t.app, token, { method: 'POST', url, payload: { phone: '11345678901' } })).toMatchObject({
      resultCode: 400,
      errMsg: '请输入正确的手机号',
    });
    expect(await call(t.app, token, { method: 'POST', url, payload: { email: 'not-an-email' } })).toMatchObject({
      resultCode: 400,
      errMsg: '请输入正确的邮箱',
    });
    expect((await call(t.app, token, { method: 'POST', url, payload: { sex: 7 } })).resultCode).toBe(400);
    expect((await call(t.app, token, { method: 'POST', url, payload: {} })).resultCode).toBe(200);
  });
  it('answers 40101 without a token', async () => {
    expect((await call(t.app, null, { method: 'POST', url, payload: { phone: '13912345678' } })).resultCode).toBe(40101);
  });
});

describe('POST /api/customer/login/updatePassword', () => {
  const url = '/api/customer/login/updatePassword';
  it('needs the old password and the letters+digits rule, then revokes other sessions', async () => {
    const a = await login(t.app, GRADUATED);
    const b = await login(t.app, GRADUATED);
    expect(await call(t.app, a, { method: 'POST', url, payload: { oldPassword: 'Xuetu2026', newPassword: '12345678' } })).toMatchObject({
      resultCode: 400,
      errMsg: '必须含有字母数字,8-20个字符',
    });
    expect(await call(t.app, a, { method: 'POST', url, payload: { oldPassword: 'Wrong2026', newPassword: 'NewPass2026' } })).toMatchObject({
      resultCode: 400,
      errMsg: '原密码错误',
    });
    expect((await call(t.app, a, { method: 'POST', url, payload: { oldPassword: 'Xuetu2026', newPassword: 'NewPass2026' } })).resultCode).toBe(200);
    expect((await call(t.app, a, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(200);
    expect((await call(t.app, b, { method: 'GET', url: '/api/customer/login/selectUser' })).resultCode).toBe(40101);
    await login(t.app, GRADUATED, 'NewPass2026');
  });
  it('rejects a missing field with 400 and no token with 40101', async () => {
    const token = await login(t.app, NORMAL);
    expect(await call(t.app, token, { method: 'POST', url, payload: { oldPassword: 'x' } })).toMatchObject({ resultCode: 400, errMsg: '缺少参数：新密码' });
    expect((await call(t.app, null, { method: 'POST', url, payload: { oldPassword: 'a', newPassword: 'b' } })).resultCode).toBe(40101);
  });
});

describe('updatePassword is throttled like login (issue 21 item 2)', () => {
  const url = '/api/customer/login/updatePassword';
  const LOCKED = { resultCode: 423, errMsg: '登录失败次数过多，账号已锁定，请15分钟后再试' };
  const loginFrom = (remoteAddress: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/authcust/login/token', remoteAddress, payload: { loginName: '13700000501', password } }).then((r) => r.json());

  it('5 wrong old passwords lock the name for this address and end the session', async () => {
    await t.database.db
      .insertInto('students')
      .values({ id: 'stu-oracle', login_name: '13700000501', password_hash: await hashPassword('Right2026'), username: '改密测试' })
      .execute();
    const here = '198.51.120.1';
    const token = (await loginFrom(here, 'Right2026')).data.token as string;
    const change = (oldPassword: string) =>
      call(t.app, token, { method: 'POST', url, remoteAddress: here, payload: { oldPassword, newPassword: 'Changed2026' } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await change(`Wrong${i}pass`));
    expect(answers.map((a) => a.resultCode)).toEqual([400, 400, 400, 400, 423]);
    expect(answers[0]!.errMsg).toBe('原密码错误');
    expect(answers[4]).toMatchObject(LOCKED);
    // The session is over, the right old password changes nothing, and login from here is locked.
    expect((await call(t.app, token, { method: 'GET', url: '/api/customer/login/selectUser', remoteAddress: here })).resultCode).toBe(40101);
    expect((await change('Right2026')).resultCode).toBe(40101);
    expect(await loginFrom(here, 'Right2026')).toMatchObject(LOCKED);
    // The student elsewhere still logs in with the unchanged password.
    expect((await loginFrom('198.51.120.2', 'Right2026')).resultCode).toBe(200);
  });

  it('login failures and oldPassword failures share one count', async () => {
    await t.database.db
      .insertInto('students')
      .values({ id: 'stu-oracle-2', login_name: '13700000502', password_hash: await hashPassword('Right2026'), username: '改密测试二' })
      .execute();
    const here = '198.51.121.1';
    const login2 = (password: string) =>
      t.app
        .inject({ method: 'POST', url: '/api/authcust/login/token', remoteAddress: here, payload: { loginName: '13700000502', password } })
        .then((r) => r.json());
    const token = (await login2('Right2026')).data.token as string;
    for (let i = 0; i < 3; i++) expect((await login2('Wrong1234')).resultCode).toBe(400);
    const change = (oldPassword: string) =>
      call(t.app, token, { method: 'POST', url, remoteAddress: here, payload: { oldPassword, newPassword: 'Changed2026' } });
    expect((await change('Wrong1234')).resultCode).toBe(400);
    expect(await change('Wrong1234')).toMatchObject(LOCKED);
  });
});
