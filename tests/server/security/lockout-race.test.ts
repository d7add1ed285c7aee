import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts';
import { EXPERIENCE, GRADUATED, NORMAL } from '../helpers';
import { spawnServer, type SpawnedServer } from '../spawn-server';
import { spawnTarget } from '../spawn-target';

/**
 * Password guessing in parallel bursts against the real server (issue 21, items 1 and 2): however
 * many attempts race, at most 5 passwords are checked per account and client address (20 from all
 * addresses together), and the right password sent last, still racing the burst, is refused.
 * A checked wrong password answers 400 (the one that locks, 423); an unchecked one 423 at once, so
 * "at most 4 answers of 400" means "at most 5 passwords checked". PGlite runs one query at a time,
 * so the race shows on PostgreSQL (server-pg); the same test must hold on both.
 */
let server: SpawnedServer;
const target = spawnTarget('lockrace', async () => {
  await server?.stop('SIGKILL');
});
beforeAll(async () => {
  // The loopback test client is a trusted proxy (TRUST_PROXY default), so X-Forwarded-For names
  // the client address; the per-address rate limit is raised so 40 attempts from one address are
  // all let through to the lockout (the rate limit has its own tests in brute-force.test.ts).
  server = await spawnServer({ ...target.env, LOGIN_RATE_LIMIT: '1000' });
}, 180_000);

type Envelope = { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function post(path: string, body: unknown, client: string, token?: string): Promise<Envelope> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}

const login = (loginName: string, password: string, client: string) => post('/api/authcust/login/token', { loginName, password, loginType: 0 }, client);

const LOCKED = '登录失败次数过多，账号已锁定，请15分钟后再试';

/**
 * `n - 1` wrong passwords at once, attempt i from `clientOf(i)`, and the right one last, from
 * `rightFrom`: sent as soon as the burst has drawn its first 423 (so the budget it races for is
 * known to be spent, whatever order the requests reached the server in), while the rest of the
 * burst is still in flight.
 */
async function burst(loginName: string, n: number, clientOf: (i: number) => string, rightFrom: string) {
  const wrong = Array.from({ length: n - 1 }, (_, i) => login(loginName, `Wrong${i}guess`, clientOf(i)));
  await firstRefusal(wrong);
  const last = await login(loginName, DEMO_PASSWORD, rightFrom);
  const results = await Promise.all(wrong);
  return { wrongChecked: results.filter((r) => r.resultCode === 400).length, last, results };
}

/** Resolves at the first answer that is not a 400 (or once all have answered). */
function firstRefusal(pending: Promise<Envelope>[]): Promise<void> {
  return new Promise((resolve, reject) => {
    for (const p of pending) p.then((r) => r.resultCode !== 400 && resolve(), reject);
    Promise.all(pending).then(() => resolve(), reject);
  });
}

describe(`parallel login bursts (${target.onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('20 parallel wrong oldPassword values: at most 5 checked, then the session is ended', async () => {
    const client = '198.51.100.21';
    const signedIn = await login(NORMAL, DEMO_PASSWORD, client);
    expect(signedIn.resultCode).toBe(200);
    const token = signedIn.data.token as string;
    const change = (oldPassword: string) => post('/api/customer/login/updatePassword', { oldPassword, newPassword: 'Changed2026' }, client, token);
    const wrong = Array.from({ length: 19 }, (_, i) => change(`Wrong${i}guess`));
    await firstRefusal(wrong);
    const last = await change(DEMO_PASSWORD);
    const results = await Promise.all(wrong);
    expect(results.filter((r) => r.resultCode === 400).length).toBeLessThanOrEqual(4);
    for (const r of results) expect([400, 423, 40101]).toContain(r.resultCode);
    // The right one is refused unchecked: 423, or 40101 when the lock has already ended the session.
    expect([423, 40101]).toContain(last.resultCode);
    const selectUser = await fetch(`${server.url}/api/customer/login/selectUser`, { headers: { authorization: token, 'x-forwarded-for': client } });
    expect(((await selectUser.json()) as Envelope).resultCode).toBe(40101);
    // The lock holds for a fresh login from that address; the password was not changed.
    expect(await login(NORMAL, 'Changed2026', client)).toMatchObject({ resultCode: 423 });
    expect(await login(NORMAL, DEMO_PASSWORD, '198.51.100.22')).toMatchObject({ resultCode: 200 });
  });

  it('20 at once from one address: at most 5 passwords checked, the right one refused', async () => {
    const { wrongChecked, last, results } = await burst(NORMAL, 20, () => '198.51.100.20', '198.51.100.20');
    expect(wrongChecked).toBeLessThanOrEqual(4);
    expect(last).toMatchObject({ resultCode: 423, errMsg: LOCKED, data: null });
    for (const r of results) expect([400, 423]).toContain(r.resultCode);
    expect(await login(NORMAL, DEMO_PASSWORD, '198.51.100.20')).toMatchObject({ resultCode: 423, errMsg: LOCKED });
  });

  it('40 at once from one address: still at most 5 checked', async () => {
    const { wrongChecked, last, results } = await burst(EXPERIENCE, 40, () => '198.51.100.40', '198.51.100.40');
    expect(wrongChecked).toBeLessThanOrEqual(4);
    for (const r of results) expect([400, 423]).toContain(r.resultCode);
    expect(last).toMatchObject({ resultCode: 423, errMsg: LOCKED });
    expect(await login(EXPERIENCE, DEMO_PASSWORD, '198.51.100.40')).toMatchObject({ resultCode: 423, errMsg: LOCKED });
  });

  it('40 at once from 40 addresses: the account-wide backstop checks at most 20', async () => {
    const { wrongChecked, last, results } = await burst(GRADUATED, 40, (i) => `203.0.113.${i + 1}`, '203.0.113.100');
    expect(wrongChecked).toBeLessThanOrEqual(19);
    for (const r of results) expect([400, 423]).toContain(r.resultCode);
    expect(last).toMatchObject({ resultCode: 423, errMsg: LOCKED });
    expect(await login(GRADUATED, DEMO_PASSWORD, '203.0.113.200')).toMatchObject({ resultCode: 423, errMsg: LOCKED });
  });
});
