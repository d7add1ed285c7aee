import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database';
import type { ListenHandlers } from './listen';

// Runs on whichever database this project tests (PGlite, or PostgreSQL with DATABASE_URL).
const onPostgres = process.env.TEST_DB === 'postgres';

function recorder() {
  const messages: string[] = [];
  const live: boolean[] = [];
  const handlers: ListenHandlers = { onMessage: (p) => messages.push(p), onLive: (l) => live.push(l) };
  return { messages, live, handlers };
}

describe('database listen', () => {
  it('hears NOTIFYs on its channel only, and says when it is live', async () => {
    const handle = await openDatabase(onPostgres ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 } : {});
    const r = recorder();
    const listener = await handle.listen('xuetu_listen_test', r.handlers);
    try {
      await expect.poll(() => r.live.at(-1), { timeout: 5000 }).toBe(true);
      await sql`select pg_notify('xuetu_listen_test', 'hello'), pg_notify('xuetu_other_channel', 'not for us')`.execute(handle.db);
      await expect.poll(() => r.messages, { timeout: 5000 }).toEqual(['hello']);
    } finally {
      await listener.close();
      await handle.close();
    }
    expect(r.live.at(-1)).toBe(false);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    const handle = await openDatabase(onPostgres ? { databaseUrl: process.env.DATABASE_URL, poolSize: 1 } : {});
    try {
      await expect(handle.listen('x; drop table students', recorder().handlers)).rejects.toThrow('bad channel name');
    } finally {
      await handle.close();
    }
  });
});
