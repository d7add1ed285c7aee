import { describe, expect, it } from 'vitest';
import { type MindEditor } from '../editor';
import type { KmDocument } from '../model/types';
import { SimServer } from './sim-server';
import { syncedTab } from '../testing/synced-tab';

// The same field of the same topic changed on two copies at once (two tabs, or two classmates on a
// shared map): the change the server applied later is kept, and both sides are told which.

const START: KmDocument = {
  root: { data: { id: 'r', text: '中心主题' }, children: [{ data: { id: 'a', text: '第一章' }, children: [] }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const tab = (name: string) => syncedTab(START, name);
const title = (ed: MindEditor | SimServer, id: string) => ed.doc.byId.get(id)?.data.text;

/** A save as the autosave makes it: the sets go, the answer (every set after the tab's version) comes back. */
function save(server: SimServer, ed: MindEditor): string[] {
  const sent = ed.takeChangeSets();
  const answer = server.save(sent.version, sent.sets);
  return [...server.lastNotices, ...ed.receiveChangeSets(answer).notices];
}
const catchUp = (server: SimServer, ed: MindEditor) => ed.receiveChangeSets(server.since(ed.takeChangeSets().version)).notices;

describe('two renames of one topic at once', () => {
  it('keeps the later one and tells both: the later by the server, the earlier when the later arrives', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('editText', ['a', '第一章 绪论']);
    y.execute('editText', ['a', '第一章 概述']);
    expect(save(server, x)).toEqual([]);
    expect(save(server, y)).toEqual(['标题同时被修改：你的「第一章 概述」较晚保存，替换了别处的「第一章 绪论」']);
    expect(catchUp(server, x)).toEqual(['标题同时被修改：别处的「第一章 概述」较晚保存，替换了你的「第一章 绪论」']);
    expect(title(x, 'a')).toBe('第一章 概述');
    expect(title(server, 'a')).toBe('第一章 概述');
  });

  it('tells the tab whose unsent rename is rebased over the other: its own is kept', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('editText', ['a', '第一章 绪论']);
    save(server, x);
    y.execute('editText', ['a', '第一章 概述']);
    // the other's set reaches this tab (a live frame) before its own is sent
    expect(catchUp(server, y)).toEqual(['标题同时被修改：你的「第一章 概述」较晚保存，替换了别处的「第一章 绪论」']);
    expect(title(y, 'a')).toBe('第一章 概述');
    save(server, y);
    expect(catchUp(server, x)).toEqual(['标题同时被修改：别处的「第一章 概述」较晚保存，替换了你的「第一章 绪论」']);
    expect(title(x, 'a')).toBe(title(server, 'a'));
  });

  it('says nothing when the second rename was made after seeing the first', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('editText', ['a', '第一章 绪论']);
    save(server, x);
    expect(catchUp(server, y)).toEqual([]);
    y.execute('editText', ['a', '第一章 概述']);
    expect(save(server, y)).toEqual([]);
    expect(catchUp(server, x)).toEqual([]);
    expect(title(x, 'a')).toBe('第一章 概述');
  });

  it('says nothing when both set the same value, or different fields', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('editText', ['a', '第一章 绪论']);
    y.execute('editText', ['a', '第一章 绪论']);
    save(server, x);
    expect(save(server, y)).toEqual([]);
    expect(catchUp(server, x)).toEqual([]);
    x.execute('priority', [['a'], 2]);
    y.execute('editText', ['a', '新标题']);
    save(server, x);
    expect(save(server, y)).toEqual([]);
    expect(catchUp(server, x)).toEqual([]);
  });

  it('names other fields by what they are', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('priority', [['a'], 1]);
    y.execute('priority', [['a'], 3]);
    save(server, x);
    expect(save(server, y)).toEqual(['「第一章」的优先级同时被修改：以你较晚保存的为准']);
    expect(catchUp(server, x)).toEqual(['「第一章」的优先级同时被修改：以别处较晚保存的为准']);
  });

  it('folding is a view: both folding one branch at once is not said', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('collapse', ['a']);
    y.execute('expand', ['a']);
    save(server, x);
    expect(save(server, y)).toEqual([]);
    expect(catchUp(server, x)).toEqual([]);
  });

  it('my undo does not take back a rename someone made after mine: skipped and said, theirs stays; redo has nothing to make', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('editText', ['a', '第一章 绪论']);
    save(server, x);
    catchUp(server, y);
    y.execute('editText', ['a', '第一章 概述']);
    save(server, y);
    catchUp(server, x);
    const undone = x.undo();
    expect(undone?.skipped).toEqual({ notices: ['标题已在别处改为「第一章 概述」'], whole: true });
    expect(title(x, 'a')).toBe('第一章 概述');
    expect(x.takeChangeSets().sets).toEqual([]);
    expect(x.canRedo).toBe(false);
    // the one who renamed last takes it back as before
    expect(y.undo()?.skipped).toBeUndefined();
    expect(title(y, 'a')).toBe('第一章 绪论');
  });

  it('my undo of a move leaves a topic someone moved since where they put it', () => {
    const server = new SimServer({
      ...START,
      root: {
        ...START.root,
        children: [...START.root.children!, { data: { id: 'b', text: '第二章' }, children: [] }, { data: { id: 'c', text: '第三章' }, children: [] }],
      },
    });
    const x = syncedTab(server.doc.toKm(), 'x');
    const y = syncedTab(server.doc.toKm(), 'y');
    x.execute('moveNode', ['a', 'b', 0]);
    save(server, x);
    catchUp(server, y);
    y.execute('moveNode', ['a', 'c', 0]);
    save(server, y);
    catchUp(server, x);
    expect(x.undo()?.skipped).toEqual({ notices: ['「第一章」已被别处移到别的位置'], whole: true });
    expect(x.doc.byId.get('a')?.parent?.id).toBe('c');
  });
});
