import type { DbOrTrx } from '../../db/database';
import { purgeStaleAttempts } from './lockout';
import { purgeExpiredSessions } from './sessions';

/** Housekeeping a login does on its way: expired sessions, old failed attempts, spent rate-limit windows (older than an hour). */
export async function purgeStale(db: DbOrTrx): Promise<void> {
  await purgeExpiredSessions(db);
  await purgeStaleAttempts(db);
  await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', new Date(Date.now() - 3600_000))
    .execute();
}
