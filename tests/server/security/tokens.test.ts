import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../../src/server/modules/auth/sessions';
import { useTestApp } from '../test-app';
import { call, login } from '../helpers';
import { authMatrix } from '../routes';
import { addStudent, B_PASSWORD } from './students';

// ASVS V3: every protected route refuses missing, expired, forged and revoked tokens alike.
const t = useTestApp();

const selectUser = { method: 'GET', url: '/api/customer/login/selectUser' } as const;

async function expectAll40101(authorization: string | undefined, label: string) {
  const protectedRoutes = authMatrix(t.routes);
  expect(protectedRoutes.length).toBeGreaterThan(50);
  for (const r of protectedRoutes) {
    const res = await t.app.inject({ method: r.method, url: r.url, headers: authorization === undefined ? {} : { authorization } });
    expect(res.statusCode, `${label} ${r.method} ${r.url}`).toBe(200);
    expect(res.json(), `${label} ${r.method} ${r.url}`).toMatchObject({ resultCode: 40101, data: null });
  }
}

describe('every protected route answers 40101', () => {
  it('without a token', async () => {
    await expectAll40101(undefined, 'none');
    await expectAll40101('', 'empty');
    await expectAll40101('Bearer ', 'bare Bearer');
  });

  it('for an expired token (expired in the database)', async () => {
    const token = await login(t.app);
    expect((await call(t.app, token, selectUser)).resultCode).toBe(200);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    // Cached by the call above: wait for the sessions trigger's NOTIFY to reach this process.
    await expect.poll(async () => (await call(t.app, token, selectUser)).resultCode, { timeout: 5000 }).toBe(40101);
    await expectAll40101(token, 'expired');
    await expectAll40101(`Bearer ${token}`, 'expired Bearer');
  });

  it('for forged tokens: random, the stored hash itself, a near miss, oversized, hostile', async () => {
    const real = await login(t.app);
    const [row] = await t.database.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', hashToken(real)).execute();
    const forged = [
      randomBytes(32).toString('base64url'),
      row!.token_hash,
      real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A'),
      real + 'x',
      'x'.repeat(5000),
      "' or '1'='1",
      'Basic dXNlcjpwYXNz',
    ];
    for (const f of forged) await expectAll40101(f, `forged ${f.slice(0, 12)}`);
    // The real token still works: a forged attempt does not disturb a live session.
    expect((await call(t.app, real, selectUser)).resultCode).toBe(200);
  });

  it('for a revoked (logged-out) token', async () => {
    const token = await login(t.app);
    expect((await call(t.app, token, { method: 'POST', url: '/api/authcust/login/logout' })).resultCode).toBe(200);
    await expectAll40101(token, 'revoked');
  });
});

describe('session tokens', () => {
  it('differ on every login, and each login is its own session', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 4; i++) tokens.add(await login(t.app));
    expect(tokens.size).toBe(4);
    for (const tok of tokens) {
      expect(tok.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
      expect((await call(t.app, tok, selectUser)).data.userId).toBe('stu-0001');
    }
    // Logging one out leaves the others alive.
    const [first, ...rest] = [...tokens];
    await call(t.app, first!, { method: 'POST', url: '/api/authcust/login/logout' });
    expect((await call(t.app, first!, selectUser)).resultCode).toBe(40101);
    for (const tok of rest) expect((await call(t.app, tok, selectUser)).resultCode).toBe(200);
  });

  it('a password change ends every other session of that student, not the current one nor anyone else’s', async () => {
    const phone = await addStudent(t, 'stu-pw', '13700000101');
    const laptop = await login(t.app, '13700000101', B_PASSWORD);
    const other = await login(t.app);
    const res = await call(t.app, laptop, {
      method: 'POST',
      url: '/api/customer/login/updatePassword',
      payload: { oldPassword: B_PASSWORD, newPassword: 'Changed2026' },
    });
    expect(res.resultCode).toBe(200);
    expect((await call(t.app, laptop, selectUser)).resultCode).toBe(200);
    expect((await call(t.app, phone, selectUser)).resultCode).toBe(40101);
    expect((await call(t.app, other, selectUser)).resultCode).toBe(200);
    // The old password no longer opens a session; the new one does.
    const old = await t.app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { loginName: '13700000101', password: B_PASSWORD } });
    expect(old.json().resultCode).toBe(400);
    expect(await login(t.app, '13700000101', 'Changed2026')).toMatch(/^[\w-]{43,}$/);
  });

  it('the token is never echoed in a login failure or stored in clear', async () => {
    const token = await login(t.app);
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
