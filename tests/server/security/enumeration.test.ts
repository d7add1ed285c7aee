import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { addStudent } from './students';

// Account enumeration (issue 21 item 12): whether a login name exists must not show in any answer
// of the login route — not in the wrong-password answer, and not in when the lock answers start.
// (Timing: unknown names are checked against a dummy scrypt hash; measured, not asserted here.)
const t = useTestApp();

const attempt = (loginName: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/authcust/login/token', remoteAddress, payload: { loginName, password, loginType: 0 } }).then((r) => r.json());

/** The answers to `n` wrong passwords for a name, the address of attempt i given by `addressOf`. */
async function answers(loginName: string, n: number, addressOf: (i: number) => string) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await attempt(loginName, `Wrong${i}pass`, addressOf(i)));
  return out;
}

describe('unknown and known login names answer alike', () => {
  it('through the per-address lock', async () => {
    await addStudent(t, 'stu-enum-1', '13700000401');
    const known = await answers('13700000401', 8, () => '198.51.110.1');
    const unknown = await answers('13700000499', 8, () => '198.51.110.1');
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.resultCode)).toEqual([400, 400, 400, 400, 423, 423, 423, 423]);
    expect(known[0]).toEqual({ resultCode: 400, errMsg: '账号或密码错误', data: null });
    expect(known[4]).toEqual({ resultCode: 423, errMsg: '登录失败次数过多，账号已锁定，请15分钟后再试', data: null });
  });

  it('through the account-wide backstop', async () => {
    await addStudent(t, 'stu-enum-2', '13700000402');
    // 4 failures from each of 6 addresses: the account-wide lock answers from the 20th on.
    const known = await answers('13700000402', 24, (i) => `198.51.111.${Math.floor(i / 4) + 1}`);
    const unknown = await answers('13700000498', 24, (i) => `198.51.111.${Math.floor(i / 4) + 1}`);
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.resultCode)).toEqual([...Array(19).fill(400), ...Array(5).fill(423)]);
  });
});
