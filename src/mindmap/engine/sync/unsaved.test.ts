import { describe, expect, it } from 'vitest';
import { unsavedTitles } from './unsaved';

describe('unsavedTitles', () => {
  it('lists typed titles once each, in order, with a count of the other changes (folding is not one)', () => {
    const r = unsavedTitles(
      [
        {
          id: 't:1',
          changes: [
            { op: 'set', id: 'a', key: 'text', before: 'A', after: '细胞膜' },
            { op: 'add', parent: 'a', index: 0, node: { data: { id: 'b', text: '磷脂双分子层' }, children: [{ data: { id: 'c', text: '  ' } }] } },
            { op: 'move', id: 'b', from: 'a', fromIndex: 0, to: 'r', toIndex: 1 },
            { op: 'set', id: 'a', key: 'expandState', before: undefined, after: 'collapse' },
          ],
        },
        { id: 't:2', changes: [{ op: 'set', id: 'a', key: 'note', before: undefined, after: '要点' }] },
      ],
      ['细胞膜', '正在输入的标题', ''],
    );
    expect(r).toEqual({ titles: ['细胞膜', '磷脂双分子层', '正在输入的标题'], others: 2 });
    expect(unsavedTitles([])).toEqual({ titles: [], others: 0 });
  });
});
