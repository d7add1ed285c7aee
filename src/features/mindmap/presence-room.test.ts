import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LivePresence } from '../../contract/live';
import { LiveChannel } from './live-channel';
import { PresenceRoom, type PeerEvent } from './presence-room';

const peer = (conn: string, name: string, extra: Partial<LivePresence> = {}): LivePresence => ({
  conn,
  memberId: `m-${name}`,
  name,
  colour: '#1971c2',
  role: 'edit',
  selected: null,
  editing: null,
  ...extra,
});

function driven() {
  const sent: object[] = [];
  const ws = { readyState: 0, close: vi.fn(), send: (s: string) => sent.push(JSON.parse(s)) } as unknown as WebSocket & Record<string, (e: object) => void>;
  const fire = (type: string, e: object) => ws[`on${type}`]?.(e);
  const say = (m: object) => fire('message', { data: JSON.stringify(m) });
  return { ws, sent, fire, say };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('presence on a live map', () => {
  it('knows who is here from the welcome, hears who comes and goes, and says where this page is once welcomed and only when it moved', () => {
    const room = new PresenceRoom();
    const events: PeerEvent[] = [];
    room.onPeer = (e) => events.push(e);
    const s = driven();
    const ch = new LiveChannel({ caseId: 'case-01', ownerId: 'o', since: () => 1, token: () => 't', onNews: vi.fn(), room, socket: () => s.ws });
    ch.start();
    room.want('n1', null);
    Object.assign(s.ws, { readyState: 1 });
    s.fire('open', {});
    expect(s.sent).toEqual([]); // not before the welcome: the server has not placed this page yet
    s.say({ type: 'welcome', conn: 'me', memberId: 'm-我', role: 'owner', colour: '#000000', presence: [peer('a', '王芳', { selected: 'n2' })] });
    expect(room.peers.map((p) => p.name)).toEqual(['王芳']);
    expect(events).toEqual([]); // already here: not announced as arriving
    expect(s.sent).toEqual([{ type: 'presence', selected: 'n1', editing: null }]);

    room.want('n1', null);
    expect(s.sent).toHaveLength(1);
    room.want('n3', 'n3');
    expect(s.sent.at(-1)).toEqual({ type: 'presence', selected: 'n3', editing: 'n3' });

    s.say({ type: 'presence', ...peer('b', '李明') });
    s.say({ type: 'presence', ...peer('b', '李明', { selected: 'n4' }) });
    s.say({ type: 'presence', ...peer('me', '我') }); // this page's own echo
    expect(room.peers.map((p) => [p.name, p.selected])).toEqual([
      ['王芳', 'n2'],
      ['李明', 'n4'],
    ]);
    s.say({ type: 'left', conn: 'a' });
    expect(events.map((e) => `${e.kind}:${e.peer.name}`)).toEqual(['joined:李明', 'left:王芳']);

    // The socket drops: nobody is known to be here until the next welcome.
    s.fire('close', { code: 1006, reason: '' });
    expect(room.peers).toEqual([]);
    ch.close();
  });
});
