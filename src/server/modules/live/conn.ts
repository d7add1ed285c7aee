import { randomUUID } from 'node:crypto';
import { LIVE_BURST, LIVE_RATE_PER_S, LiveClose, type LiveOut, type LivePresence } from '../../../contract/live';

/** The little of a ws WebSocket a connection uses (the ws package ships no types here). */
export interface RawSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
  on(event: 'error', listener: (e: Error) => void): void;
}

/** Bytes waiting in a socket's send buffer over which presence is dropped (it is superseded anyway). */
export const SOFT_BUFFER = 1 * 1024 * 1024;
/** Over this, or over SOFT_BUFFER for SLOW_MS, the reader cannot keep up: closed (it reconnects and catches up). */
export const HARD_BUFFER = 16 * 1024 * 1024;
export const SLOW_MS = 10_000;
/** Messages dropped by the rate limit after which the socket is closed. */
export const FLOOD_DROPS = 200;

const OPEN = 1;

/** A stable colour per member (presence on the canvas), from a 12-hue palette readable on white. */
export function colourOf(memberId: string): string {
  const palette = ['#d9480f', '#1971c2', '#2f9e44', '#ae3ec9', '#e8590c', '#0c8599', '#c2255c', '#5f3dc4', '#087f5b', '#a61e4d', '#364fc7', '#66a80f'];
  let h = 0;
  for (const ch of memberId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return palette[h % palette.length];
}

/** A token bucket per member (shared by their sockets in this process). */
export class Bucket {
  private tokens = LIVE_BURST;
  private at = Date.now();
  dropped = 0;
  take(now = Date.now()): boolean {
    this.tokens = Math.min(LIVE_BURST, this.tokens + ((now - this.at) / 1000) * LIVE_RATE_PER_S);
    this.at = now;
    if (this.tokens < 1) {
      this.dropped++;
      return false;
    }
    this.tokens -= 1;
    this.dropped = Math.max(0, this.dropped - 1);
    return true;
  }
}

/** One open socket of one member on one map. */
export class LiveConn {
  readonly id = randomUUID();
  /** The last map version this socket was sent (changes, ack or set): the stream is contiguous from here. */
  last = -1;
  /** Everything sent or done for this socket runs in order on this chain. */
  private chain: Promise<unknown> = Promise.resolve();
  private slowSince = 0;
  closed = false;
  missedPongs = 0;
  presence: LivePresence;

  constructor(
    readonly socket: RawSocket,
    readonly memberId: string,
    name: string,
    public role: 'owner' | 'edit' | 'view',
    readonly bucket: Bucket,
  ) {
    this.presence = { conn: this.id, memberId, name, colour: colourOf(memberId), role, selected: null, editing: null };
  }

  /** Runs `task` after everything queued before it; an error closes the socket. */
  queue(task: () => Promise<void> | void): Promise<void> {
    const next = this.chain.then(async () => {
      if (!this.closed) await task();
    });
    this.chain = next.catch(() => this.close(1011, '服务器出错，请重新连接'));
    return next.catch(() => undefined);
  }

  /**
   * Sends a message. `droppable` (presence): skipped while the reader is behind. A reader whose
   * buffer stays full is closed (LiveClose.slowConsumer): it reconnects and catches up from the log.
   */
  send(message: LiveOut | string, droppable = false): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    const buffered = this.socket.bufferedAmount;
    if (buffered > SOFT_BUFFER) {
      const now = Date.now();
      this.slowSince ||= now;
      if (buffered > HARD_BUFFER || now - this.slowSince > SLOW_MS) return this.close(LiveClose.slowConsumer, '网络太慢，正在重新连接');
      if (droppable) return;
    } else this.slowSince = 0;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
  }
}
