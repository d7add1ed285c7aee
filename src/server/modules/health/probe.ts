import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';

/** True when the database answers `select 1` within `timeoutMs` (a probe must not hang). */
export async function databaseAnswers(db: DbOrTrx, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
