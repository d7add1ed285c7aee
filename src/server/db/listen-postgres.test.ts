import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database';
import type { ListenHandlers } from './listen';

// PostgreSQL only (excluded from the PGlite project): PGlite has no connection to lose.
describe('database listen on PostgreSQL', () => {
  const r = { messages: [] as string[], live: [] as boolean[] };
  const handlers: ListenHandlers = { onMessage: (p) => r.messages.push(p), onLive: (l) => r.live.push(l) };

  it('goes not-live when its connection dies, then reconnects and listens again', async () => {
    const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
    const listener = await handle.listen('xuetu_listen_drop', handlers);
    try {
      await expect.poll(() => r.live.at(-1), { timeout: 5000 }).toBe(true);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN xuetu_listen_drop'`.execute(handle.db);
      await expect.poll(() => r.live.includes(false), { timeout: 5000 }).toBe(true);
      await expect.poll(() => r.live.at(-1), { timeout: 10_000 }).toBe(true);
      await sql`select pg_notify('xuetu_listen_drop', 'after reconnect')`.execute(handle.db);
      await expect.poll(() => r.messages, { timeout: 5000 }).toEqual(['after reconnect']);
    } finally {
      await listener.close();
      await handle.close();
    }
  });
});
