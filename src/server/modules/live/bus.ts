// The fan-out between the sockets of one map (issue 32): every event about a map room goes
// through a bus, so members on other server processes hear it too. In-process by default (the
// embedded `npm start` needs no Redis); Redis pub/sub when REDIS_URL is set (redis-bus.ts).

/** What travels on the bus about one map room (never to a browser as is: rooms.ts turns it into LiveOut). */
export type BusEvent =
  /** A change set applied and committed: JSON of the applied set (AppliedSetBody) and who sent it. */
  | { t: 'set'; from: string; conn: string; version: number; json: string }
  /** A member's presence changed (or left: `gone`). */
  | { t: 'presence'; conn: string; json: string; gone?: 1 }
  /** A member was removed or made 只读, or the map deleted: their sockets re-check or close. */
  | { t: 'access'; memberId?: string; deleted?: 1 }
  /** A process asks the others to say their members' presence again (a join). */
  | { t: 'hello'; conn: string }
  /** The map was saved whole (a first save, an import, a restore, a reworded outline): its sockets reload it. */
  | { t: 'whole'; version: number };

export interface LiveBus {
  /** Resolves once the event is on its way to every process (this one included). */
  publish(room: string, event: BusEvent): Promise<void>;
  /** Starts hearing a room; resolves once subscribed. */
  subscribe(room: string, onEvent: (event: BusEvent) => void): Promise<void>;
  unsubscribe(room: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

/** One process: a map from room to listener, delivered on the next tick like a network would. */
export function memoryBus(): LiveBus {
  const rooms = new Map<string, (event: BusEvent) => void>();
  return {
    kind: 'memory',
    async publish(room, event) {
      const listener = rooms.get(room);
      if (listener) queueMicrotask(() => listener(event));
    },
    async subscribe(room, onEvent) {
      rooms.set(room, onEvent);
    },
    async unsubscribe(room) {
      rooms.delete(room);
    },
    async close() {
      rooms.clear();
    },
  };
}

/** The bus channel of a map room: kind, owner and ref, under a prefix (one per deployment or test). */
export const roomKey = (prefix: string, key: { kind: string; ownerId: string; ref: string }) => `${prefix}map:${key.kind}:${key.ownerId}:${key.ref}`;
