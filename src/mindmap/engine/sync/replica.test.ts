import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { ChangeSet } from '../model/change-set';
import type { KmDocument } from '../model/types';
import { SimServer } from './sim-server';

const START: KmDocument = {
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [{ data: { id: 'a', text: 'A' }, children: [{ data: { id: 'a1', text: 'A1' }, children: [] }] }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const tab = (name: string) => {
  const ed = new MindEditor();
  ed.load(structuredClone(START));
  ed.startSync(name, 0);
  return ed;
};
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
