import { describe, expect, it } from 'vitest';
import { type MindEditor } from '../editor';
import type { KmDocument } from '../model/types';
import { SimServer } from './sim-server';
import { syncedTab } from '../testing/synced-tab';

// A delete and an edit made at the same time on two copies of the map (tabs, or classmates on a
// shared map), in both orders of arrival at the server: the edit is never lost to the delete.

const START: KmDocument = {
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [
      {
        data: { id: 'a', text: '第一章' },
        children: [{ data: { id: 'a1', text: '要点' }, children: [{ data: { id: 'a11', text: '细节' }, children: [] }] }],
      },
      { data: { id: 'b', text: '第二章' }, children: [] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const tab = (name: string) => syncedTab(START, name);

/** Sends a tab's sets and takes the answer; returns what the server and the tab said. */
function sync(server: SimServer, ed: MindEditor): string[] {
  const { version, sets } = ed.takeChangeSets();
  const answer = server.save(version, structuredClone(sets));
  const said = [...server.lastNotices];
  return [...said, ...ed.receiveChangeSets(answer).notices];
}

const texts = (ed: MindEditor) => JSON.stringify(ed.doc.toKm());
const titleOf = (ed: MindEditor, id: string) => (ed.doc.byId.has(id) ? ed.doc.get(id).data.text : undefined);

describe('a delete and an edit inside the deleted branch, made at the same time', () => {
  it('the delete arrives first: the edit brings the branch back as it was deleted, and says so', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const editor = tab('B');
    deleter.execute('removeNode', [['a']]);
    editor.execute('editText', ['a11', '细节（已改）']);
    expect(sync(server, deleter)).toEqual([]);
    expect(sync(server, editor)).toEqual(['「第一章」已在别处删除；你在其中的修改保留了，这个分支已恢复']);
    // the one who deleted it is told too, when the branch comes back on their page
    expect(sync(server, deleter)).toEqual(['你删除的「第一章」已恢复：别处刚在其中修改或撤销了删除']);
    expect(titleOf(deleter, 'a11')).toBe('细节（已改）');
    expect(titleOf(deleter, 'a')).toBe('第一章');
    expect(texts(deleter)).toBe(texts(editor));
    expect(texts(editor)).toBe(JSON.stringify(server.doc.toKm()));
  });

  it('the edit arrives first: the delete is not made, and says so to the one who deleted', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const editor = tab('B');
    deleter.execute('removeNode', [['a']]);
    editor.execute('appendChild', ['a1', '新要点']);
    expect(sync(server, editor)).toEqual([]);
    expect(sync(server, deleter)).toContain('「第一章」没有删除：别处刚在这个分支里做了修改');
    sync(server, editor);
    expect(titleOf(deleter, 'a')).toBe('第一章');
    expect(deleter.doc.get('a1').children.map((c) => c.data.text)).toEqual(['细节', '新要点']);
    expect(texts(deleter)).toBe(texts(editor));
  });

  it('the deleting tab heard of the edit before sending: its own rebase keeps the branch (the server then has nothing to refuse)', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const editor = tab('B');
    editor.execute('editText', ['a1', '要点二']);
    sync(server, editor);
    deleter.execute('removeNode', [['a']]);
    // a catch-up (the live socket's set) reaches the deleter before its save
    const caught = deleter.receiveChangeSets(server.since(0));
    expect(caught.notices).toEqual(['「第一章」没有删除：别处刚在这个分支里做了修改']);
    expect(titleOf(deleter, 'a1')).toBe('要点二');
    sync(server, deleter);
    expect(texts(deleter)).toBe(JSON.stringify(server.doc.toKm()));
  });

  it('a branch whose parent was deleted after it comes back with its parent (the outer branch is named)', () => {
    const server = new SimServer(START);
    const a = tab('A');
    const b = tab('B');
    const c = tab('C');
    a.execute('removeNode', [['a1']]);
    sync(server, a);
    b.execute('removeNode', [['a']]);
    sync(server, b);
    c.execute('editText', ['a11', '还在']);
    expect(sync(server, c)).toEqual(['「第一章」已在别处删除；你在其中的修改保留了，这个分支已恢复']);
    expect(server.doc.get('a11').parent?.id).toBe('a1');
    expect(server.doc.get('a1').parent?.id).toBe('a');
    expect(server.doc.get('a').parent?.id).toBe('r');
  });

  it('a title still being typed counts as an edit: the delete heard meanwhile is undone on that page, sent, and said to both', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const typist = tab('B');
    deleter.execute('removeNode', [['a']]);
    sync(server, deleter);
    // B has a field open on a11 (nothing sent yet) when A's delete reaches it
    const heard = typist.receiveChangeSets(server.since(0), 'a11');
    expect(heard.notices).toEqual(['「第一章」已在别处删除；你在其中的修改保留了，这个分支已恢复']);
    expect(heard.madeHere).toBe(true);
    expect(titleOf(typist, 'a11')).toBe('细节');
    // the title, confirmed after, is an edit of a topic that is there
    typist.execute('editText', ['a11', '细节（写完）']);
    expect(sync(server, typist)).toEqual([]);
    expect(sync(server, deleter)).toEqual(['你删除的「第一章」已恢复：别处刚在其中修改或撤销了删除']);
    expect(titleOf(deleter, 'a11')).toBe('细节（写完）');
    expect(texts(deleter)).toBe(texts(typist));
    expect(texts(typist)).toBe(JSON.stringify(server.doc.toKm()));
  });

  it('the deleted topic itself being retitled: the one who deleted it hears of it by the title it had when deleted', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const typist = tab('B');
    deleter.execute('removeNode', [['a']]);
    sync(server, deleter);
    typist.receiveChangeSets(server.since(0), 'a');
    typist.execute('editText', ['a', '第一章（新）']);
    expect(sync(server, typist)).toEqual([]);
    expect(sync(server, deleter)).toEqual(['你删除的「第一章」已恢复：别处刚在其中修改或撤销了删除']);
    expect(titleOf(deleter, 'a')).toBe('第一章（新）');
    expect(texts(deleter)).toBe(texts(typist));
  });

  it('a field open elsewhere than the deleted branch brings nothing back', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const typist = tab('B');
    deleter.execute('removeNode', [['a']]);
    sync(server, deleter);
    const heard = typist.receiveChangeSets(server.since(0), 'b');
    expect(heard).toMatchObject({ notices: [], madeHere: false });
    expect(typist.doc.byId.has('a')).toBe(false);
    expect(typist.takeChangeSets().sets).toEqual([]);
  });

  it('folding a branch is not an edit: a delete made meanwhile is made', () => {
    const server = new SimServer(START);
    const deleter = tab('A');
    const folder = tab('B');
    folder.execute('collapse', [['a']]);
    sync(server, folder);
    deleter.execute('removeNode', [['a']]);
    expect(sync(server, deleter)).toEqual([]);
    expect(server.doc.byId.has('a')).toBe(false);
  });

  it('undo is not a sync: my undo of a rename whose topic a classmate deleted is skipped and said, nothing comes back', () => {
    const server = new SimServer(START);
    const me = tab('A');
    const other = tab('B');
    me.execute('editText', ['a11', '我的标题']);
    sync(server, me);
    sync(server, other);
    other.execute('removeNode', [['a']]);
    sync(server, other);
    sync(server, me);
    const p = me.undo();
    expect(p?.skipped).toEqual({ notices: ['「我的标题」已在别处删除'], whole: true });
    expect(me.doc.byId.has('a')).toBe(false);
    // nothing was undone, so there is nothing to redo (重做 is not offered to answer 这一步无法重做)
    expect(p?.canRedo).toBe(false);
  });
});
