import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * LISTEN for a channel's NOTIFYs, on PostgreSQL through one dedicated connection (the pool's
 * connections come and go) and on PGlite through its in-process listener.
 *
 * A listener can miss notifications while its connection is down, so it tells its user when it
 * is live: whoever caches on the strength of notifications must stop caching (and drop what it
 * holds) until `onLive(true)` comes back.
 */
export interface ListenHandlers {
  onMessage(payload: string): void;
  /** true once LISTEN is in place; false when the connection is lost (it reconnects by itself). */
  onLive(live: boolean): void;
}

export interface Listener {
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter: only plain lower-case names get near it.
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name: ${channel}`);
}

export async function listenPglite(pglite: PGlite, channel: string, handlers: ListenHandlers): Promise<Listener> {
  checkChannel(channel);
  // PGlite runs notifications' callbacks before the notifying query's promise resolves.
  const unlisten = await pglite.listen(channel, (payload) => handlers.onMessage(payload));
  handlers.onLive(true);
  return {
    close: async () => {
      handlers.onLive(false);
      if (!pglite.closed) await unlisten();
    },
  };
}

export function listenPostgres(connectionString: string, channel: string, handlers: ListenHandlers, retryMs = 1000): Listener {
  checkChannel(channel);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    handlers.onLive(false);
    c.removeAllListeners();
    c.on('error', () => {}); // a late socket error on a dropped client must not crash the process
    void c.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, retryMs);
  };

  async function connect() {
    retry = undefined;
    const c = new pg.Client({ connectionString });
    client = c;
    c.on('notification', (m) => m.channel === channel && handlers.onMessage(m.payload ?? ''));
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !closed) handlers.onLive(true);
    } catch {
      lost(c);
    }
  }

  void connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      handlers.onLive(false);
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
