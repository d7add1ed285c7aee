import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { ACCOUNT_MAX_FAILURES, CLIENT_MAX_FAILURES, admitAttempt, purgeStaleAttempts, recordFailure, recordSuccess } from './lockout';

// The counting itself, straight on the database (on PostgreSQL through a pool of 10 connections,
// so the statements really run side by side). The HTTP-level races are in
// tests/server/security/lockout-race.test.ts.
const t = useTestApp();
const db = () => t.database.db;
const admitted = (all: { admitted: boolean }[]) => all.filter((a) => a.admitted).length;

describe('admitAttempt', () => {
  it('admits exactly 5 of 50 simultaneous attempts from one address', async () => {
    const all = await Promise.all(Array.from({ length: 50 }, () => admitAttempt(db(), 'race-one', '192.0.2.1')));
    expect(admitted(all)).toBe(CLIENT_MAX_FAILURES);
    expect(all.filter((a) => !a.admitted)).toEqual(Array(50 - CLIENT_MAX_FAILURES).fill({ admitted: false, scope: 'client' }));
    // The refused ones never reached the account-wide count; the address's count is marked spent.
    const rows = await db().selectFrom('login_attempts').select(['client', 'attempts']).where('login_name', '=', 'race-one').orderBy('client').execute();
    expect(rows).toEqual([
      { client: '*', attempts: CLIENT_MAX_FAILURES },
      { client: '192.0.2.1', attempts: CLIENT_MAX_FAILURES + 1 },
    ]);
  });

  it('admits exactly 20 of 60 simultaneous attempts from 60 addresses', async () => {
    const all = await Promise.all(Array.from({ length: 60 }, (_, i) => admitAttempt(db(), 'race-many', `192.0.2.${i + 1}`)));
    expect(admitted(all)).toBe(ACCOUNT_MAX_FAILURES);
    expect(all.filter((a) => !a.admitted).every((a) => !a.admitted && a.scope === 'account')).toBe(true);
    // Each refused address got its attempt back.
    const rows = await db().selectFrom('login_attempts').select(['client', 'attempts']).where('login_name', '=', 'race-many').execute();
    expect(rows.filter((r) => r.client !== '*' && r.attempts === 1)).toHaveLength(ACCOUNT_MAX_FAILURES);
    expect(rows.filter((r) => r.client !== '*' && r.attempts === 0)).toHaveLength(60 - ACCOUNT_MAX_FAILURES);
  });

  it('refuses while locked, without counting, and the lock is set by the 5th failure', async () => {
    for (let i = 0; i < CLIENT_MAX_FAILURES; i++) {
      expect(await admitAttempt(db(), 'lock-me', '192.0.2.9')).toEqual({ admitted: true });
      expect(await recordFailure(db(), 'lock-me', '192.0.2.9')).toBe(i === CLIENT_MAX_FAILURES - 1 ? 'client' : null);
    }
    expect(await admitAttempt(db(), 'lock-me', '192.0.2.9')).toEqual({ admitted: false, scope: 'client' });
    const row = await db()
      .selectFrom('login_attempts')
      .selectAll()
      .where('login_name', '=', 'lock-me')
      .where('client', '=', '192.0.2.9')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ failures: CLIENT_MAX_FAILURES });
    // Another address is not locked, and its success leaves the locked address locked.
    expect(await admitAttempt(db(), 'lock-me', '192.0.2.10')).toEqual({ admitted: true });
    await recordSuccess(db(), 'lock-me', '192.0.2.10');
    expect(await admitAttempt(db(), 'lock-me', '192.0.2.9')).toEqual({ admitted: false, scope: 'client' });
  });
});

describe('purgeStaleAttempts', () => {
  it('drops rows whose window and lock are over, keeps the rest', async () => {
    const old = new Date(Date.now() - 16 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await db()
      .insertInto('login_attempts')
      .values([
        { login_name: 'purge-stale', client: '192.0.2.20', attempts: 3, failures: 3, window_start: old },
        { login_name: 'purge-stale', client: '*', attempts: 3, failures: 3, window_start: old, locked_until: old },
        { login_name: 'purge-locked', client: '192.0.2.20', attempts: 6, failures: 5, window_start: old, locked_until: soon },
        { login_name: 'purge-current', client: '192.0.2.20', attempts: 1, failures: 1, window_start: new Date() },
      ])
      .execute();
    await purgeStaleAttempts(db());
    const left = await db().selectFrom('login_attempts').select('login_name').where('login_name', 'like', 'purge-%').orderBy('login_name').execute();
    expect(left.map((r) => r.login_name)).toEqual(['purge-current', 'purge-locked']);
  });
});
