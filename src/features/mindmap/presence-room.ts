import type { LiveOut, LivePresence } from '../../contract/live';

/**
 * Who else is on the open map (live co-editing), from the live socket's welcome, presence and
 * left messages, and where this page is, sent back as its presence: the selected topic and the
 * one whose title is being typed. One room per open map; LiveChannel feeds it and hands it the
 * socket's send while one is open. A page's other tabs are peers too (their own socket each).
 */
export type PeerEvent = { kind: 'joined' | 'left'; peer: LivePresence };

export class PresenceRoom {
  private peerMap = new Map<string, LivePresence>();
  private self: { conn: string; memberId: string } | null = null;
  private sendFn: ((msg: object) => void) | null = null;
  private wanted = { selected: null as string | null, editing: null as string | null };
  private sent = '';
  private listeners = new Set<() => void>();
  /** someone came or went (not said for the peers already there when this page joined) */
  onPeer: (e: PeerEvent) => void = () => {};
  version = 0;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getVersion = (): number => this.version;

  /** The others on the map now, in the order they came. */
  get peers(): LivePresence[] {
    return [...this.peerMap.values()];
  }

  /** This page's member id once the socket welcomed it ('' before). */
  get memberId(): string {
    return this.self?.memberId ?? '';
  }

  /** A message from the socket; true when it was presence (handled here). */
  handle(m: LiveOut): boolean {
    switch (m.type) {
      case 'welcome':
        this.self = { conn: m.conn, memberId: m.memberId };
        this.peerMap = new Map(m.presence.filter((p) => p.conn !== m.conn).map((p) => [p.conn, p]));
        this.sent = '';
        this.flush();
        this.changed();
        return true;
      case 'presence': {
        if (m.conn === this.self?.conn) return true;
        const { type: _type, ...peer } = m;
        const fresh = !this.peerMap.has(peer.conn);
        if (fresh) this.onPeer({ kind: 'joined', peer });
        this.peerMap.set(peer.conn, peer);
        this.changed();
        return true;
      }
      case 'left': {
        const peer = this.peerMap.get(m.conn);
        if (!peer) return true;
        this.peerMap.delete(m.conn);
        this.onPeer({ kind: 'left', peer });
        this.changed();
        return true;
      }
      default:
        return false;
    }
  }

  /** The socket opened (its send) or closed (null): closed, nobody is known to be here. */
  attach(send: ((msg: object) => void) | null): void {
    this.sendFn = send;
    if (send) return;
    this.self = null;
    this.sent = '';
    if (this.peerMap.size) {
      this.peerMap = new Map();
      this.changed();
    }
  }

  /** Where this page is now; sent once the socket has welcomed it, and only when it changed. */
  want(selected: string | null, editing: string | null): void {
    this.wanted = { selected, editing };
    this.flush();
  }

  private flush(): void {
    if (!this.sendFn || !this.self) return;
    const key = `${this.wanted.selected ?? ''}\n${this.wanted.editing ?? ''}`;
    if (key === this.sent) return;
    this.sent = key;
    this.sendFn({ type: 'presence', ...this.wanted });
  }

  private changed(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }
}
