import { LIVE_PROTOCOL, LiveClose } from '../../contract/rules';
import type { LiveAppliedSet, LiveOut } from '../../contract/live';
import type { PresenceRoom } from './presence-room';

/**
 * The open map's live socket (server modules/live, protocol contract/live.ts): what another tab,
 * device or member saved reaches this page as it happens, instead of at its next poll. The page
 * still saves through its routes (the autosaver); a set heard here asks it to catch up
 * (`onNews`, with the sets the frame brought), which applies them — the one path that already
 * rebases, merges and says what it could not keep — fetching only what the frames did not bring. Reconnects with a growing pause; stops
 * for good when the map is gone or the student may no longer open it.
 */
export interface LiveChannelOptions {
  /** a case map (default; caseId: the case) or an own map of 我的导图 (caseId: the map's id) */
  kind?: 'case' | 'own';
  caseId: string;
  ownerId: string;
  /** the page's server version now (the socket replays what came after it) */
  since(): number;
  token(): string | null;
  /** Something was saved: `sets` the frame brought (in server order), none when the page must ask (a reload, a gap). */
  onNews(sets?: LiveAppliedSet[]): void;
  /** a member's access changed or the map went away: said by the page */
  onClosed?(reason: string): void;
  socket?: (url: string, protocols: string[]) => WebSocket;
  /** the owner changed this member's role (只读: the page stops editing) */
  onRole?(role: 'edit' | 'view'): void;
  /** who else is here, and where this page is (presence messages both ways) */
  room?: PresenceRoom;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const FINAL = new Set<number>([LiveClose.forbidden, LiveClose.gone]);

export class LiveChannel {
  private ws: WebSocket | null = null;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** 退出共享 under way on this page (see leaving) */
  private left = false;

  constructor(private readonly o: LiveChannelOptions) {}

  /** Whether the socket is open: the page's poll can rest meanwhile. */
  get live(): boolean {
    return this.ws?.readyState === 1;
  }

  /** Offline, no socket is tried (each try would fail and log); back online, one at once. */
  private readonly offline = () => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
    this.o.room?.attach(null);
  };
  private readonly online = () => {
    this.retries = 0;
    this.start();
  };
  private listening = false;

  start(): void {
    if (!this.listening && typeof window !== 'undefined') {
      this.listening = true;
      window.addEventListener('offline', this.offline);
      window.addEventListener('online', this.online);
    }
    if (this.stopped || this.ws || this.timer) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const token = this.o.token();
    if (!token || typeof WebSocket === 'undefined') return;
    const q = new URLSearchParams({ kind: this.o.kind ?? 'case', mapId: this.o.caseId, ownerId: this.o.ownerId, since: String(this.o.since()) });
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live/map?${q}`;
    let ws: WebSocket;
    try {
      ws = (this.o.socket ?? ((u, p) => new WebSocket(u, p)))(url, [LIVE_PROTOCOL, `bearer.${token}`]);
    } catch {
      return this.retry();
    }
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.o.room?.attach((msg) => ws.readyState === 1 && ws.send(JSON.stringify(msg)));
    };
    ws.onmessage = (e: MessageEvent) => this.onMessage(e.data);
    ws.onclose = (e: CloseEvent) => {
      if (this.ws !== ws) return; // closed by going offline: `online` starts the next one
      this.ws = null;
      this.o.room?.attach(null);
      if (this.stopped) return;
      if (FINAL.has(e.code)) {
        // the server closing the socket of a member who has just left on purpose: not a removal to say
        if (this.left && e.code === LiveClose.forbidden) return;
        return this.o.onClosed?.(e.reason);
      }
      // whatever was missed while away comes with the next catch-up
      this.o.onNews();
      this.retry();
    };
  }

  /**
   * The student is leaving the map on purpose (退出共享): the server then closes this socket as it
   * does for a removed member (4403), which must not be said as 你已不是这张导图的成员. `false`:
   * the leave failed, a removal is said again.
   */
  leaving(on = true): void {
    this.left = on;
  }

  close(): void {
    this.stopped = true;
    window.removeEventListener('offline', this.offline);
    window.removeEventListener('online', this.online);
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close(1000);
    this.ws = null;
    this.o.room?.attach(null);
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const ms = RETRY_MS[Math.min(this.retries++, RETRY_MS.length - 1)];
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, ms);
  }

  private onMessage(data: unknown): void {
    let m: LiveOut;
    try {
      m = JSON.parse(String(data)) as LiveOut;
    } catch {
      return;
    }
    if (this.o.room?.handle(m)) return;
    if (m.type === 'role') return this.o.onRole?.(m.role);
    if (m.type === 'set') this.o.onNews([m.set]);
    else if (m.type === 'changes' && m.sets.length) this.o.onNews(m.sets);
    else if (m.type === 'reload') this.o.onNews();
  }
}
