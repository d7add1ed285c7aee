// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { importDocumentWithNotices } from './formats';
import { MindEditor } from '../editor';

// Files whose items point at topics they do not have (the old code wrote such files after a
// delete): loading repairs them and an import says what was dropped.

const km = (summaries: unknown[], relationships: unknown[] = []): string =>
  JSON.stringify({
    root: {
      data: { id: 'R', text: '中心' },
      children: ['a', 'b', 'c', 'd'].map((id, i) => ({ data: { id, text: '甲乙丙丁'[i] }, children: [] })),
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
    relationships,
    summaries,
  });

const sum = (first: string, last: string, parent = 'R') => ({ id: `s${first}${last}${parent}`, parent, first, last, text: '三步' });

describe('loading items that point at missing topics', () => {
  it('a summary keeps the surviving end, puts reversed ends in order, and goes with no end or parent left', () => {
    const r = importDocumentWithNotices('km', km([sum('gone', 'c'), sum('b', 'gone'), sum('c', 'a'), sum('x', 'y'), sum('a', 'b', 'nope'), sum('a', 'b')]));
    expect(r.document.summaries!.map((s) => `${s.first}-${s.last}`)).toEqual(['c-c', 'b-b', 'a-c', 'a-b']);
    expect(r.notices).toEqual([{ code: 'lost', message: '以下内容未能保留：概要 2 个' }]);
  });

  it('dangling lines are dropped and counted; nothing to say when all is valid', () => {
    const r = importDocumentWithNotices(
      'km',
      km(
        [],
        [
          { id: 'l1', from: 'a', to: 'gone' },
          { id: 'l2', from: 'a', to: 'b' },
        ],
      ),
    );
    expect(r.document.relationships!.map((l) => l.id)).toEqual(['l2']);
    expect(r.notices).toEqual([{ code: 'lost', message: '以下内容未能保留：关联线 1 条' }]);
    expect(importDocumentWithNotices('km', km([sum('a', 'b')])).notices).toEqual([]);
  });

  it('an item list left empty writes no key at all', () => {
    const r = importDocumentWithNotices('km', km([sum('x', 'y')], [{ id: 'l1', from: 'a', to: 'gone' }]));
    expect('summaries' in r.document).toBe(false);
    expect('relationships' in r.document).toBe(false);
  });

  it('opening a map repairs it too (the editor never holds an item it cannot draw)', () => {
    const ed = new MindEditor();
    const p = ed.load(km([sum('gone', 'c'), sum('x', 'y')], [{ id: 'l1', from: 'gone', to: 'b' }]));
    expect(ed.doc.items.summaries.map((s) => `${s.first}-${s.last}`)).toEqual(['c-c']);
    expect(ed.doc.items.relationships).toEqual([]);
    // the opening says what went (the editor shows it: the editor's openNotices event)
    expect(p.notices).toEqual([{ code: 'lost', message: '以下内容未能保留：关联线 1 条、概要 1 个' }]);
    expect(ed.load(km([sum('a', 'b')])).notices).toBeUndefined();
  });
});
