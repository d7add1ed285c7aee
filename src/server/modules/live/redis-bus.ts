import { Redis } from 'ioredis';
import type { BusEvent, LiveBus } from './bus';

/**
 * The bus across processes (REDIS_URL): one Redis channel per map room, JSON events. Two
 * connections, as Redis wants (a subscribed connection cannot publish). Pub/sub keeps no
 * history: a process that misses an event (reconnecting) fills the gap from the change log,
 * which is the truth (hub.ts); presence is said again every few seconds.
 */
export async function redisBus(url: string): Promise<LiveBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([pub.connect(), sub.connect()]);
  const rooms = new Map<string, (event: BusEvent) => void>();
  sub.on('message', (channel: string, message: string) => {
    const listener = rooms.get(channel);
    if (!listener) return;
    let event: BusEvent;
    try {
      event = JSON.parse(message) as BusEvent;
    } catch {
      return;
    }
    listener(event);
  });
  return {
    kind: 'redis',
    async publish(room, event) {
      await pub.publish(room, JSON.stringify(event));
    },
    async subscribe(room, onEvent) {
      rooms.set(room, onEvent);
      await sub.subscribe(room);
    },
    async unsubscribe(room) {
      rooms.delete(room);
      await sub.unsubscribe(room);
    },
    async close() {
      rooms.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
