import { createRequire } from 'node:module';
import { LIVE_PROTOCOL, type LiveIn, type LiveOut } from '../../src/contract/live';

/** The few members of a ws client the tests use (ws ships no types in this install). */
interface WsClient {
  readyState: number;
  send(data: string | Buffer): void;
  close(): void;
  terminate(): void;
  on(event: 'message', f: (data: Buffer) => void): void;
  on(event: 'close', f: (code: number, reason: Buffer | string) => void): void;
  on(event: 'open', f: () => void): void;
  on(event: 'error', f: (e: Error) => void): void;
  on(event: 'unexpected-response', f: (req: unknown, res: { statusCode: number; on(e: 'data', f: (d: Buffer) => void): void }) => void): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols: string[]) => WsClient;

export interface LiveClient {
  ws: WsClient;
  messages: LiveOut[];
  send(message: LiveIn | string | Buffer): void;
  /** The next message (from the first not yet taken by `next`) matching `pred`. */
  next<T extends LiveOut['type']>(type: T, pred?: (m: Extract<LiveOut, { type: T }>) => boolean, timeoutMs?: number): Promise<Extract<LiveOut, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a live socket as a browser does (token in the subprotocol); rejects with the envelope of a refused upgrade. */
export function connectLive(base: string, token: string, q: { mapId: string; ownerId: string; since: number; kind?: 'case' | 'own' }): Promise<LiveClient> {
  const url = `${base.replace(/^http/, 'ws')}/api/live/map?kind=${q.kind ?? 'case'}&mapId=${q.mapId}&ownerId=${q.ownerId}&since=${q.since}`;
  const ws = new WebSocket(url, [LIVE_PROTOCOL, `bearer.${token}`]);
  const messages: LiveOut[] = [];
  const waiters = new Set<() => void>();
  let closeInfo: (v: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((r) => (closeInfo = r));
  ws.on('message', (d) => {
    messages.push(JSON.parse(d.toString()) as LiveOut);
    for (const w of [...waiters]) w();
  });
  ws.on('close', (code, reason) => {
    closeInfo({ code, reason: reason.toString() });
    for (const w of [...waiters]) w();
  });
  const taken = new Set<number>();
  const client: LiveClient = {
    ws,
    messages,
    closed,
    send: (m) => ws.send(typeof m === 'string' || Buffer.isBuffer(m) ? m : JSON.stringify(m)),
    next: (type, pred, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const look = () => {
          const i = messages.findIndex((m, k) => !taken.has(k) && m.type === type && (!pred || pred(m as never)));
          if (i < 0) return false;
          taken.add(i);
          waiters.delete(look);
          clearTimeout(timer);
          resolve(messages[i] as never);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
        }, timeoutMs);
        if (!look()) waiters.add(look);
      }),
  };
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(client));
    ws.on('error', reject);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d) => (body += d.toString()));
      setTimeout(() => reject(new Error(`upgrade refused (${res.statusCode}): ${body}`)), 50);
    });
  });
}

type Envelope = { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A route of a server listening at `base` (a spawned process, or the test app on a port), over the network. */
export async function api(base: string, token: string, path: string, body?: object): Promise<Envelope> {
  const res = await fetch(`${base}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Envelope;
}
