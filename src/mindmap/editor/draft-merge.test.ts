import { describe, expect, it } from 'vitest';
import { mergeDrafts } from './draft-merge';
import type { Draft, StoredDraft } from './draft-store';

const rename = (id: string, to: string) => ({ op: 'set' as const, id, key: 'text', before: '', after: to });
const stored = (key: string, draft: Partial<Draft> & { savedAt: number }): StoredDraft => ({ key, draft: { baseVersion: 3, ...draft } });

describe('the drafts of a map, merged to open', () => {
  it('every page’s sets, pages oldest first, a set two drafts hold once; the lowest base, the highest seq, every kept title', () => {
    const merged = mergeDrafts([
      stored('m#b', {
        savedAt: 20,
        baseVersion: 4,
        seq: 2,
        sets: [
          { id: 'a:1', changes: [rename('x', '甲')] },
          { id: 'b:2', changes: [rename('y', '乙')] },
        ],
        typed: [{ id: 'z', text: '丙' }],
      }),
      stored('m#a', { savedAt: 10, seq: 1, sets: [{ id: 'a:1', changes: [rename('x', '甲')] }] }),
    ]);
    expect(merged).toEqual({
      baseVersion: 3,
      seq: 2,
      sets: [
        { id: 'a:1', changes: [rename('x', '甲')] },
        { id: 'b:2', changes: [rename('y', '乙')] },
      ],
      typed: [{ id: 'z', text: '丙' }],
      savedAt: 20,
      from: [
        { key: 'm#a', savedAt: 10 },
        { key: 'm#b', savedAt: 20 },
      ],
    });
  });

  it('a whole map as the newest draft opens alone; the other pages’ drafts stay for the next opening', () => {
    const doc = { root: { data: { id: 'r', text: '新' } } } as Draft['document'];
    const merged = mergeDrafts([
      stored('m#a', { savedAt: 10, document: { root: { data: { id: 'r', text: '旧' } } } as Draft['document'] }),
      stored('m#b', { savedAt: 15, sets: [{ id: 'b:1', changes: [rename('r', '改')] }] }),
      stored('m#c', { savedAt: 20, document: doc }),
    ]);
    expect(merged).toMatchObject({ document: doc, from: [{ key: 'm#c', savedAt: 20 }] });
    expect(merged?.sets).toBeUndefined();
  });

  it('none: nothing to open', () => {
    expect(mergeDrafts([])).toBeUndefined();
  });
});
