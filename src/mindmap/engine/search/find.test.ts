import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindDoc } from '../model/doc';
import { findNodes, replaceAll } from './find';

const doc = () =>
  new MindDoc({
    root: {
      data: { id: 'r', text: '数据结构 Data' },
      children: [
        { data: { id: 'a', text: '链表 linked list' }, children: [{ data: { id: 'a1', text: '双向链表' }, children: [] }] },
        { data: { id: 'b', text: '树', expandState: 'collapse' }, children: [{ data: { id: 'b1', text: 'DATA 树' }, children: [] }] },
        { data: { id: 'c' }, children: [] },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  });

describe('find', () => {
  it('finds titles containing the query in preorder, collapsed subtrees included, ignoring case by default', () => {
    expect(findNodes(doc(), '链表')).toEqual(['a', 'a1']);
    expect(findNodes(doc(), 'data')).toEqual(['r', 'b1']);
    expect(findNodes(doc(), 'data', { caseSensitive: true })).toEqual([]);
    expect(findNodes(doc(), '树')).toEqual(['b', 'b1']);
    expect(findNodes(doc(), '')).toEqual([]);
  });

  it('replaceAll replaces every occurrence, as split/join would (property, any titles)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', '链', '表', ' ', '\t', '#', '\\', '😀') });
    fc.assert(
      fc.property(
        text,
        text.filter((q) => q.length > 0),
        text,
        (t, q, r) => {
          expect(replaceAll(t, q, r, true)).toBe(t.split(q).join(r));
          // Case-folded: every match left to right, as a case-insensitive regex finds them (a
          // replacement may form a new match with its neighbours; that one is not replaced again).
          const pattern = new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
          expect(replaceAll(t, q, r)).toBe(t.replace(pattern, () => r));
        },
      ),
    );
    expect(replaceAll('Data data DATA', 'data', '数据')).toBe('数据 数据 数据');
    expect(replaceAll('İx', 'x', 'y')).toBe('İy');
  });
});
