import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { ChangeSet } from '../model/change-set';
import type { KmDocument } from '../model/types';
import { SimServer } from './sim-server';
import { syncedTab } from '../testing/synced-tab';

const START: KmDocument = {
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [{ data: { id: 'a', text: 'A' }, children: [{ data: { id: 'a1', text: 'A1' }, children: [] }] }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const tab = (name: string) => syncedTab(START, name);
const children = (ed: MindEditor | SimServer, id: string) =>
  (ed.doc.toKm().root.children ?? []).find((c) => c.data.id === id)!.children!.map((c) => c.data.text);

describe('a replica acknowledged after it was rebased', () => {
  // Over the live socket the answer to a `sets` frame (ack) lists only the sets the socket was not
  // sent yet: the other tabs' sets came before it as `set` frames, and the tab rebased its pending
  // set on each (applyLenient, which may place it differently: an index clamped to a shorter list).
  // The server applied the set as it was sent; the tab must end with the server's form.
  it('ends with the set as the server applied it, not as it was rebased here', () => {
    const server = new SimServer(START);
    const x = tab('x');
    const y = tab('y');
    x.execute('appendChild', ['a', 'X 的新主题']); // under A, after A1 (index 1)
    const sent = x.takeChangeSets(); // sent as a frame; its ack comes after the others' sets

    y.execute('removeNode', [['a1']]);
    const removed = server.save(0, y.takeChangeSets().sets as ChangeSet[]);
    x.receiveChangeSets(removed); // a `set` frame: X's pending insert rebased, at index 0 now
    y.undo(); // A1 back, at index 0
    const back = server.save(removed[0].version, y.takeChangeSets().sets as ChangeSet[]);
    x.receiveChangeSets(back.filter((s) => s.version > removed[0].version));

    const answer = server.save(sent.version, sent.sets);
    // the ack: only what this socket was not sent yet, i.e. X's own set
    x.receiveChangeSets(answer.filter((s) => s.version > back[back.length - 1].version));
    expect(children(server, 'a')).toEqual(['A1', 'X 的新主题']);
    expect(children(x, 'a')).toEqual(children(server, 'a'));
    expect(JSON.stringify(x.doc.toKm())).toBe(JSON.stringify(server.doc.toKm()));
    expect(x.takeChangeSets().sets).toEqual([]);
  });

  it('leaves the document alone when its own sets come back as the server applied them, unrebased', () => {
    const server = new SimServer(START);
    const x = tab('x');
    x.execute('appendChild', ['a', 'X 的新主题']);
    x.execute('editText', ['a1', 'A1 改']);
    const sent = x.takeChangeSets();
    // as the route answers it: the stored text parsed again (the keys in whatever order)
    const answer = JSON.parse(JSON.stringify(server.save(sent.version, sent.sets))) as ReturnType<SimServer['save']>;
    expect(x.receiveChangeSets(answer).changed).toBe(false);
    expect(JSON.stringify(x.doc.toKm())).toBe(JSON.stringify(server.doc.toKm()));
  });
});

describe("a member's own marks on a classmate's map (overlay keys)", () => {
  // The server keeps a member's 已学 / 正在学 out of the owner's map (it records them apart): a
  // member's page must neither send them nor take the owner's from the owner's sets, and its own
  // marks must survive the answer to its save.
  const member = () => {
    const ed = new MindEditor();
    ed.load(structuredClone(START));
    ed.startSync('m', 0, { pending: [], seq: 0, overlay: ['isStudy', 'isNow'] });
    return ed;
  };
  /** The server's rule for a member's sets (sharing/case-map.ts stripProgress): progress keys dropped. */
  const stripped = (sets: ChangeSet[]) =>
    sets.map((s) => ({ ...s, changes: s.changes.filter((c) => !(c.op === 'set' && (c.key === 'isStudy' || c.key === 'isNow'))) }));

  it('keeps its own marks out of its sets and through the answer; the owner’s marks never land here', () => {
    const server = new SimServer(START);
    const m = member();
    const owner = tab('o');
    m.execute('setNow', ['a1', true]);
    m.execute('editText', ['a', 'A（成员改）']);
    const sent = m.takeChangeSets().sets;
    expect(sent.flatMap((s) => s.changes).some((c) => c.op === 'set' && c.key === 'isNow')).toBe(false);
    owner.execute('setStudy', [['a'], true]);
    server.save(0, owner.takeChangeSets().sets as ChangeSet[]);
    m.receiveChangeSets(server.save(0, stripped(sent as ChangeSet[])));
    expect(m.doc.get('a1').data.isNow).toBe(1);
    expect(m.doc.get('a').data.isStudy).toBeUndefined();
    expect(m.doc.get('a').data.text).toBe('A（成员改）');
    expect(m.takeChangeSets().sets).toEqual([]);
  });
});
