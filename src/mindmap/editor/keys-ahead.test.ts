import { describe, expect, it } from 'vitest';
import { keysAhead, type QueuedInput } from './keys-ahead';

const names = () => {
  let n = 0;
  return () => `new${++n}`;
};
const text = (t: string): QueuedInput[] => [{ text: t }];
const key = (k: string, shift = false): QueuedInput[] => [{ key: k, shift }];

describe('keysAhead: what the keys still queued would make', () => {
  it('the burst that lost its topics: an insert under way titled, then Tab and 4 × (title, Enter, Enter) — a chain, each next to the one before', () => {
    const queued = [...key('Tab'), ...['b', 'c', 'd', 'e'].flatMap((t) => [...text(t), ...key('Enter'), ...key('Enter')])];
    const start = { field: null, inserting: { at: { name: 'appendChild' as const, at: 'root' }, name: 'a1', committed: 'a' }, selected: 'root' };
    expect(keysAhead(start, queued, names())).toEqual([
      { id: 'a1', at: { name: 'appendChild', at: 'root' }, text: 'a' },
      { id: 'new1', at: { name: 'appendChild', at: 'a1' }, text: 'b' },
      { id: 'new2', at: { name: 'appendSibling', at: 'new1' }, text: 'c' },
      { id: 'new3', at: { name: 'appendSibling', at: 'new2' }, text: 'd' },
      { id: 'new4', at: { name: 'appendSibling', at: 'new3' }, text: 'e' },
      // the last Enter opened one more, untitled: the page showed it
      { id: 'new5', at: { name: 'appendSibling', at: 'new4' }, text: '分支主题' },
    ]);
  });

  it('a Tab or Enter named when it was queued: its topic is kept under that id (the one it is made with)', () => {
    const queued: QueuedInput[] = [
      { key: 'Tab', shift: false, id: 'k1' },
      ...text('b'),
      { key: 'Enter', shift: false, id: 'k2' },
      { key: 'Enter', shift: false, id: 'k3' },
    ];
    const start = { field: null, inserting: { at: { name: 'appendChild' as const, at: 'root' }, name: 'a1', committed: 'a' }, selected: 'root' };
    expect(keysAhead(start, queued, names()).map((k) => [k.id, k.at?.at, k.text])).toEqual([
      ['a1', 'root', 'a'],
      ['k1', 'a1', 'b'],
      // the first Enter closed k1's field (its id unused), the second inserted
      ['k3', 'k1', '分支主题'],
    ]);
  });

  it('the open field first: typed into an insert under way (its text kept, with its place), or into a topic (a rename)', () => {
    const at = { name: 'appendSibling' as const, at: 't1' };
    const typing = { field: { id: '', text: 'ab', typed: true }, inserting: { at, name: 'n', committed: null }, selected: 't1' };
    expect(keysAhead(typing, text('c'), names())).toEqual([{ id: 'n', at, text: 'abc' }]);
    const renaming = { field: { id: 't1', text: '旧', typed: false }, inserting: null, selected: 't1' };
    expect(keysAhead(renaming, [...text('新'), ...text('的')], names())).toEqual([{ id: 't1', text: '新的' }]);
    // untouched and not an insert: nothing to keep
    expect(keysAhead(renaming, [], names())).toEqual([]);
  });

  it('a field opened with its text selected is replaced by the first text, added to after; Shift+Enter is a new line', () => {
    const start = { field: { id: 't1', text: '分支主题', typed: false }, inserting: null, selected: 't1' };
    expect(keysAhead(start, [...text('x'), ...key('Enter', true), ...text('y'), ...key('Enter')], names())).toEqual([{ id: 't1', text: 'x\ny' }]);
  });

  it('Tab in a field keeps its title and inserts below it; Escape ends the edit unsaid but keeps an insert', () => {
    const start = { field: { id: 't1', text: 't1', typed: false }, inserting: null, selected: 't1' };
    expect(keysAhead(start, [...text('改'), ...key('Tab'), ...text('子'), ...key('Escape')], names())).toEqual([
      { id: 't1', text: '改' },
      { id: 'new1', at: { name: 'appendChild', at: 't1' }, text: '分支主题' },
    ]);
  });

  it('typing with no field open renames the selected topic, as a printable key on the map does', () => {
    const start = { field: null, inserting: null, selected: 't1' };
    expect(keysAhead(start, [...text('ab'), ...key('Enter')], names())).toEqual([{ id: 't1', text: 'ab' }]);
  });

  it('a key whose effect needs the worker (an arrow, Delete, Shift+Tab) ends it: what follows is not guessed', () => {
    const start = { field: null, inserting: null, selected: 't1' };
    expect(keysAhead(start, [...key('Tab'), ...text('a'), ...key('Enter'), ...key('ArrowDown'), ...key('Tab'), ...text('b')], names())).toEqual([
      { id: 'new1', at: { name: 'appendChild', at: 't1' }, text: 'a' },
    ]);
    expect(keysAhead(start, [...key('Tab', true), ...text('x')], names())).toEqual([]);
    // nothing selected: a map key makes nothing
    expect(keysAhead({ field: null, inserting: null, selected: null }, [...key('Tab'), ...text('x')], names())).toEqual([]);
  });
});
