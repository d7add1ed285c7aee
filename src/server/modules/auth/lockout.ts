import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { ApiError, ResultCode } from '../../http/envelope';

/**
 * Password-guessing lockout for login and updatePassword (README "Login lockout"), counted in
 * table login_attempts per login name — known or not, so an unknown name answers exactly like a
 * real one — in two scopes:
 * - per client address: 5 failures in 15 minutes lock that name from that address for 15 minutes;
 * - account-wide (client '*'), the slower backstop against guesses spread over many addresses:
 *   20 failures in 15 minutes lock the name from everywhere for 15 minutes.
 *
 * An attempt is counted BEFORE its password is checked (`admitAttempt`, one upsert), and refused
 * when the count is spent, so however many attempts race at most 5 (20) passwords are checked per
 * window; a success gives its count back. Every statement that writes both rows of a name writes
 * the client's first, then '*', so concurrent statements cannot deadlock.
 */
export const CLIENT_MAX_FAILURES = 5;
export const ACCOUNT_MAX_FAILURES = 20;
export const WINDOW_MINUTES = 15;
// Not shorter than the window: a lock then always outlasts the window it ends, so the first
// attempt after a lock starts a fresh window instead of finding the old, spent count.
export const LOCK_MINUTES = 15;
const ACCOUNT = '*';

export const LOCKED_MSG = `登录失败次数过多，账号已锁定，请${LOCK_MINUTES}分钟后再试`;
export const lockedError = () => new ApiError(ResultCode.locked, LOCKED_MSG);

/** Which count refused or locked an attempt: this client address's, or the account-wide one. */
export type LockScope = 'client' | 'account';
export type Admission = { admitted: true } | { admitted: false; scope: LockScope };

const windowStart = sql`now() - ${`${WINDOW_MINUTES} minutes`}::interval`;
const lockEnd = sql`now() + ${`${LOCK_MINUTES} minutes`}::interval`;
const scopeOf = (client: string): LockScope => (client === ACCOUNT ? 'account' : 'client');

/**
 * The ON CONFLICT update that counts one attempt on an existing row (alias `a`) against `limit`:
 * a locked row is refused, a row whose window and lock are over starts afresh, otherwise the count
 * goes up — to `limit + 1` at most, which marks it spent (refused) until the window ends.
 */
function countAttempt(limit: number) {
  const stale = sql`((a.locked_until is null or a.locked_until <= now()) and a.window_start <= ${windowStart})`;
  return sql`
    attempts = case
      when a.locked_until > now() then ${sql.lit(limit + 1)}
      when ${stale} then 1
      else least(a.attempts + 1, ${sql.lit(limit + 1)}) end,
    failures = case when ${stale} then 0 else a.failures end,
    window_start = case when ${stale} then now() else a.window_start end,
    locked_until = case when ${stale} then null else a.locked_until end`;
}

/**
 * Counts an attempt on `loginName` from `client`, in one statement that decides under the rows'
 * locks: first this address's count, then — only if that had room, so one address cannot crowd
 * out the others — the account-wide one. Admitted only when both had room; an address count taken
 * while the account-wide one refused is given back.
 */
export async function admitAttempt(db: DbOrTrx, loginName: string, client: string): Promise<Admission> {
  const { rows } = await sql<{ client_attempts: number; account_attempts: number | null }>`
    with c as (
      insert into login_attempts as a (login_name, client, attempts, failures, window_start)
      values (${loginName}, ${client}, 1, 0, now())
      on conflict (login_name, client) do update set ${countAttempt(CLIENT_MAX_FAILURES)}
      returning a.attempts
    ), g as (
      insert into login_attempts as a (login_name, client, attempts, failures, window_start)
      select ${loginName}, ${ACCOUNT}, 1, 0, now() from c where c.attempts <= ${sql.lit(CLIENT_MAX_FAILURES)}
      on conflict (login_name, client) do update set ${countAttempt(ACCOUNT_MAX_FAILURES)}
      returning a.attempts
    )
    select (select attempts from c) as client_attempts, (select attempts from g) as account_attempts`.execute(db);
  const row = rows[0]!;
  if (row.client_attempts > CLIENT_MAX_FAILURES) return { admitted: false, scope: 'client' };
  if (row.account_attempts !== null && row.account_attempts <= ACCOUNT_MAX_FAILURES) return { admitted: true };
  await giveBack(db, loginName, client);
  return { admitted: false, scope: 'account' };
}

async function giveBack(db: DbOrTrx, loginName: string, client: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ attempts: sql`greatest(attempts - 1, 0)` })
    .where('login_name', '=', loginName)
    .where('client', '=', client)
    .execute();
}

/**
 * Turns an admitted attempt into a failure in both scopes and locks a scope whose failures reach
 * its limit. Returns the scope that is now locked (the client's first), or null. (A row that a
 * concurrent success removed is recreated holding this failure.)
 */
export async function recordFailure(db: DbOrTrx, loginName: string, client: string): Promise<LockScope | null> {
  const limit = sql`(case when a.client = ${ACCOUNT} then ${sql.lit(ACCOUNT_MAX_FAILURES)} else ${sql.lit(CLIENT_MAX_FAILURES)} end)`;
  const { rows } = await sql<{ client: string; locked: boolean }>`
    insert into login_attempts as a (login_name, client, attempts, failures, window_start)
    values (${loginName}, ${client}, 1, 1, now()), (${loginName}, ${ACCOUNT}, 1, 1, now())
    on conflict (login_name, client) do update set
      failures = a.failures + 1,
      locked_until = case
        when a.failures + 1 >= ${limit} and (a.locked_until is null or a.locked_until <= now()) then ${lockEnd}
        else a.locked_until end
    returning client, coalesce(locked_until > now(), false) as locked`.execute(db);
  const locked = rows.filter((r) => r.locked).map((r) => scopeOf(r.client));
  return locked.includes('client') ? 'client' : (locked[0] ?? null);
}

/**
 * The right password: this address starts afresh, and the account-wide count gets this attempt
 * back (it keeps other addresses' failures: the owner's success must not reopen a distributed
 * attacker's budget).
 */
export async function recordSuccess(db: DbOrTrx, loginName: string, client: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('login_name', '=', loginName).where('client', '=', client).execute();
  await giveBack(db, loginName, ACCOUNT);
}

/**
 * Drops rows whose window and lock have both passed (unknown names would otherwise pile up). Rows
 * another statement holds are skipped rather than waited for, so the purge never deadlocks.
 */
export async function purgeStaleAttempts(db: DbOrTrx): Promise<void> {
  await sql`
    delete from login_attempts where (login_name, client) in (
      select login_name, client from login_attempts
      where window_start <= ${windowStart} and (locked_until is null or locked_until <= now())
      limit 500 for update skip locked)`.execute(db);
}
