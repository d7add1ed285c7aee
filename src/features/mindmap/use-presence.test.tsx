import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LivePresence } from '../../contract/live';
import type { EditorController } from '../../mindmap';
import { PresenceBar } from './PresenceBar';
import { PresenceRoom } from './presence-room';
import { presenceMarks, usePresence } from './use-presence';

const peer = (conn: string, memberId: string, name: string): LivePresence => ({
  conn,
  memberId,
  name,
  colour: '#1971c2',
  role: 'edit',
  selected: null,
  editing: null,
});

/** The few members of the editor the hook uses. */
function fakeEditor() {
  const said: string[] = [];
  const ctl = {
    said,
    subscribe: () => () => {},
    getState: () => ({ selection: [] }),
    textEdit: { typed: null },
    say: (m: string) => said.push(m),
    doc: { setPresence: () => {} },
    model: { get: () => undefined },
  };
  return ctl as unknown as EditorController & { said: string[] };
}

function Page({ ctl, room }: { ctl: EditorController; room: PresenceRoom }) {
  const peers = usePresence(ctl, room);
  return <PresenceBar ctl={ctl} peers={peers} ownMemberId={room.memberId} />;
}

describe('presence, a person at a time', () => {
  // Re-walk: a classmate with a second tab open was listed twice, and closing that tab said
  // 李明离开了这张导图 while he was still on the map.
  it('lists a classmate once whatever their tabs, and says they came or left only with their first and last page', () => {
    const ctl = fakeEditor();
    const room = new PresenceRoom();
    room.attach(() => {});
    render(<Page ctl={ctl} room={room} />);
    act(() => void room.handle({ type: 'welcome', conn: 'me', memberId: 'stu-me', role: 'owner', colour: '#000000', presence: [] }));
    act(() => void room.handle({ type: 'presence', ...peer('a1', 'stu-li', '李明') }));
    act(() => void room.handle({ type: 'presence', ...peer('a2', 'stu-li', '李明') }));
    act(() => void room.handle({ type: 'presence', ...peer('m2', 'stu-me', '我') }));
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['李李明', '我你的另一个页面']);
    act(() => void room.handle({ type: 'left', conn: 'a2' }));
    act(() => void room.handle({ type: 'left', conn: 'a1' }));
    expect(ctl.said).toEqual(['李明打开了这张导图', '你的另一个页面打开了这张导图', '李明离开了这张导图']);
  });

  it('names a person once on a topic in the tree, whatever their pages there; 编辑 over 看', () => {
    const at = (p: LivePresence, selected: string, editing: string | null = null) => ({ ...p, selected, editing });
    const peers = [
      at(peer('m1', 'me', '李明'), 'a'),
      at(peer('m2', 'me', '李明'), 'a', 'a'),
      at(peer('w1', 'wf', '王芳'), 'a'),
      at(peer('w2', 'wf', '王芳'), 'a'),
      at(peer('w3', 'wf', '王芳'), 'b'),
    ];
    expect(presenceMarks(peers, 'a', 'me')).toEqual(['你的另一个页面正在编辑', '王芳正在看']);
    expect(presenceMarks(peers, 'b', 'me')).toEqual(['王芳正在看']);
  });
});
