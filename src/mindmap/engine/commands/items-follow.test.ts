// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MindDoc } from '../model/doc';
import { followRange } from '../model/item-follow';
import type { Summary } from '../model/items';
import { checkUndoRedo, run } from './test-kit';

// Items follow removed and reordered topics in the same undo step (model/item-follow.ts).

/** R → 甲 乙 丙 丁 (a b c d), R → X → X1; summary 三步 over 甲..丙; a line 乙 → X1 and one a → d. */
function doc(): MindDoc {
  return new MindDoc({
    root: {
      data: { id: 'R', text: '中心' },
      children: [
        ...['a', 'b', 'c', 'd'].map((id, i) => ({ data: { id, text: '甲乙丙丁'[i] }, children: [] })),
        { data: { id: 'X', text: 'X' }, children: [{ data: { id: 'X1', text: 'X1' }, children: [] }] },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
    summaries: [{ id: 's', parent: 'R', first: 'a', last: 'c', text: '三步' }],
    relationships: [
      { id: 'l1', from: 'b', to: 'X1' },
      { id: 'l2', from: 'a', to: 'd' },
    ],
  });
}

const range = (d: MindDoc): string[] => d.items.summaries.map((s) => `${s.first}-${s.last}`);
const lines = (d: MindDoc): string[] => d.items.relationships.map((r) => r.id);

describe('summaries follow deletes', () => {
  it('deleting the first topic shrinks the range to the rest; undo brings both back', () => {
    const d = doc();
    checkUndoRedo(d, 'removeNode', ['a']);
    expect(range(d)).toEqual(['b-c']);
  });

  it('deleting the last topic shrinks it from the other end', () => {
    const d = doc();
    checkUndoRedo(d, 'removeNode', ['c']);
    expect(range(d)).toEqual(['a-b']);
  });

  it('deleting a middle topic keeps both ends', () => {
    const d = doc();
    run(d, 'removeNode', ['b']);
    expect(range(d)).toEqual(['a-c']);
  });

  it('deleting every topic of the range removes the summary in the same step', () => {
    const d = doc();
    checkUndoRedo(d, 'removeNode', [['a', 'b', 'c']]);
    expect(d.items.summaries).toEqual([]);
  });

  it('deleting the parent removes the summary; cut does as delete does', () => {
    const d = doc();
    run(d, 'addSummary', ['X1']);
    checkUndoRedo(d, 'removeNode', ['X']);
    expect(range(d)).toEqual(['a-c']);
    checkUndoRedo(d, 'cut', [['a', 'c']]);
    expect(range(d)).toEqual(['b-b']);
  });
});

describe('summaries follow moves', () => {
  it('a reorder inside the parent keeps the positions covered (Alt+↑ twice)', () => {
    const d = doc();
    checkUndoRedo(d, 'arrange', ['c', -1]);
    checkUndoRedo(d, 'arrange', ['c', -1]);
    // children 丙 甲 乙 丁: positions 0..2 are still the summary's
    expect(range(d)).toEqual(['c-b']);
  });

  it('moving a member past the end swaps which topic sits at the covered position', () => {
    const d = doc();
    checkUndoRedo(d, 'moveNode', ['c', 'R', 3]);
    expect(range(d)).toEqual(['a-d']);
  });

  it('a member moved to another parent shrinks the range like a delete', () => {
    const d = doc();
    checkUndoRedo(d, 'moveNode', ['a', 'X']);
    expect(range(d)).toEqual(['b-c']);
  });

  it('appendParent moves the topic under a new one: out of the range', () => {
    const d = doc();
    run(d, 'appendParent', 'c');
    expect(range(d)).toEqual(['a-b']);
  });

  it('a topic inserted inside the range widens it, one beside it does not', () => {
    const d = doc();
    run(d, 'appendSibling', 'a');
    run(d, 'appendSibling', 'c');
    const kids = d.root.children.map((c) => c.id);
    expect(range(d)).toEqual([`a-c`]);
    expect(kids.indexOf('c') - kids.indexOf('a')).toBe(3);
  });
});

describe('relationship lines follow deletes', () => {
  it('a line whose end (or an ancestor of it) is deleted goes in the same step; undo restores it', () => {
    const d = doc();
    checkUndoRedo(d, 'removeNode', ['X']);
    expect(lines(d)).toEqual(['l2']);
    checkUndoRedo(d, 'cut', ['d']);
    expect(lines(d)).toEqual([]);
  });

  it('a move keeps the lines', () => {
    const d = doc();
    run(d, 'moveNode', 'b', 'X');
    expect(lines(d)).toEqual(['l1', 'l2']);
  });

  it('applyOutline deleting topics takes their items', () => {
    const d = doc();
    const base = [
      { id: 'R', title: '中心', level: 0 },
      ...['a', 'b', 'c', 'd'].map((id, i) => ({ id, title: '甲乙丙丁'[i], level: 1 })),
      { id: 'X', title: 'X', level: 1 },
      { id: 'X1', title: 'X1', level: 2 },
    ];
    const next = base.filter((l) => l.id !== 'a' && l.id !== 'X1').map((l) => ({ id: l.id, title: l.title, level: l.level }));
    checkUndoRedo(d, 'applyOutline', [base, next]);
    expect(range(d)).toEqual(['b-c']);
    expect(lines(d)).toEqual([]);
  });
});

describe('followRange', () => {
  const s: Summary = { id: 's', parent: 'R', first: 'b', last: 'c', text: '' };
  it('leaves a range that was not valid before as it was', () => {
    expect(followRange({ ...s, first: 'z' }, ['a', 'b', 'c'], ['c', 'b'])).toMatchObject({ first: 'z' });
    expect(followRange({ ...s, first: 'c', last: 'b' }, ['a', 'b', 'c'], ['c'])).toMatchObject({ first: 'c', last: 'b' });
  });
  it('returns the same object when nothing changed (no item change recorded)', () => {
    expect(followRange(s, ['a', 'b', 'c'], ['a', 'b', 'c', 'n'])).toBe(s);
  });
});
