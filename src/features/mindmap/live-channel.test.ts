import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveChannel } from './live-channel';

/** A socket the test drives: what the channel opened, and the server's side of it. */
function fakeSockets() {
  const opened: { url: string; protocols: string[]; ws: WebSocket & { fire(type: string, e: object): void } }[] = [];
  const make = (url: string, protocols: string[]) => {
    const ws = { readyState: 0, close: vi.fn() } as unknown as WebSocket & { fire(type: string, e: object): void };
    ws.fire = (type, e) => (ws as unknown as Record<string, (e: object) => void>)[`on${type}`]?.(e);
    opened.push({ url, protocols, ws });
    return ws;
  };
  return { opened, make };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LiveChannel', () => {
  it('connects with the token as a subprotocol and the page’s version; another’s set asks the page to catch up', () => {
    const { opened, make } = fakeSockets();
    const news = vi.fn();
    const ch = new LiveChannel({ caseId: 'case-01', ownerId: 'stu-1', since: () => 7, token: () => 'tok', onNews: news, socket: make });
    ch.start();
    expect(opened[0].url).toMatch(/\/api\/live\/map\?kind=case&mapId=case-01&ownerId=stu-1&since=7$/);
    expect(opened[0].protocols).toEqual(['xuetu-live.1', 'bearer.tok']);
    const ws = opened[0].ws;
    ws.fire('open', {});
    ws.fire('message', { data: JSON.stringify({ type: 'welcome', conn: 'c', memberId: 'stu-1', role: 'owner', colour: '#000000', presence: [] }) });
    ws.fire('message', { data: JSON.stringify({ type: 'changes', version: 7, sets: [] }) });
    ws.fire('message', { data: 'not json' });
    expect(news).not.toHaveBeenCalled();
    ws.fire('message', { data: JSON.stringify({ type: 'set', by: 'stu-1', set: { id: 'x:1', version: 8, changes: [] } }) });
    // with the set the frame brought: the page applies it without asking again
    expect(news).toHaveBeenCalledTimes(1);
    expect(news).toHaveBeenLastCalledWith([{ id: 'x:1', version: 8, changes: [] }]);
    ch.close();
  });

  it('a dropped socket catches up and reconnects after a pause that grows; removal or a deleted map ends it', () => {
    const { opened, make } = fakeSockets();
    const news = vi.fn();
    const closed = vi.fn();
    const ch = new LiveChannel({ caseId: 'c', ownerId: 'o', since: () => 1, token: () => 't', onNews: news, onClosed: closed, socket: make });
    ch.start();
    opened[0].ws.fire('close', { code: 1006, reason: '' });
    expect(news).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(2);
    opened[1].ws.fire('close', { code: 1006, reason: '' });
    vi.advanceTimersByTime(1_999);
    expect(opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(3);
    opened[2].ws.fire('close', { code: 4403, reason: '你已不是这张导图的成员' });
    expect(closed).toHaveBeenCalledWith('你已不是这张导图的成员');
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(3);
  });

  // Outside walk (issue 32): after 退出共享 the page said 已退出共享 and also 你已不是这张导图的成员.
  it('a member leaving on purpose is not told they were removed when the server closes the socket', () => {
    const { opened, make } = fakeSockets();
    const closed = vi.fn();
    const ch = new LiveChannel({ caseId: 'c', ownerId: 'o', since: () => 1, token: () => 't', onNews: vi.fn(), onClosed: closed, socket: make });
    ch.start();
    ch.leaving();
    opened[0].ws.fire('close', { code: 4403, reason: '你已不是这张导图的成员' });
    expect(closed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);
    // the leave failed: a removal afterwards is said again
    const again = new LiveChannel({ caseId: 'c', ownerId: 'o', since: () => 1, token: () => 't', onNews: vi.fn(), onClosed: closed, socket: make });
    again.start();
    again.leaving();
    again.leaving(false);
    opened[1].ws.fire('close', { code: 4403, reason: '你已不是这张导图的成员' });
    expect(closed).toHaveBeenCalledWith('你已不是这张导图的成员');
  });

  it('no token, no socket; closed by the page, it stays closed', () => {
    const { opened, make } = fakeSockets();
    new LiveChannel({ caseId: 'c', ownerId: 'o', since: () => 0, token: () => null, onNews: vi.fn(), socket: make }).start();
    expect(opened).toHaveLength(0);
    const ch = new LiveChannel({ caseId: 'c', ownerId: 'o', since: () => 0, token: () => 't', onNews: vi.fn(), socket: make });
    ch.start();
    ch.close();
    opened[0].ws.fire('close', { code: 1000, reason: '' });
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);
  });

  it('offline: the socket is closed and none is tried; online: one at once', () => {
    const { opened, make } = fakeSockets();
    const news = vi.fn();
    const ch = new LiveChannel({ caseId: 'c', ownerId: 'o', since: () => 0, token: () => 't', onNews: news, socket: make });
    ch.start();
    window.dispatchEvent(new Event('offline'));
    expect(opened[0].ws.close).toHaveBeenCalled();
    opened[0].ws.fire('close', { code: 1000, reason: '' });
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(opened).toHaveLength(2);
    ch.close();
  });
});
