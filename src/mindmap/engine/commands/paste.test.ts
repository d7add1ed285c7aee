import { describe, expect, it } from 'vitest';
import { copyClip, type MapClip } from './clipboard';
import { MindDoc } from '../model/doc';
import type { PasteResult } from './paste';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('copy / paste', () => {
  it('pastes clones with fresh ids and no offsets; undo → redo', () => {
    const doc = sampleDoc();
    const clip = copyClip(doc, ['B', 'C']);
    const { result } = checkUndoRedo(doc, 'paste', [['A'], clip]);
    const { ids } = result as PasteResult;
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain('B');
    const b2 = doc.get(ids[0]);
    expect(b2.data.custom).toBe('keep');
    expect(b2.data.layout_mind_offset).toBeUndefined();
    expect(doc.get(ids[1]).children[0].id).not.toBe('C1');
    // the clipboard stays usable: pasting twice still yields unique ids
    run(doc, 'paste', 'B', clip);
    const all = [...doc.byId.keys()];
    expect(new Set(all).size).toBe(all.length);
  });
  it('refuses a paste that breaks the depth rule', () => {
    const doc = sampleDoc();
    const clip = copyClip(doc, 'C');
    expect(() => run(doc, 'paste', 'A1', clip)).toThrow('不能插入4级主题以下的节点');
  });
  it('copies a selection in map order, whatever order it was picked in', () => {
    const doc = sampleDoc();
    expect(copyClip(doc, ['C', 'A1', 'B']).nodes.map((n) => n.data.id)).toEqual(['A1', 'B', 'C']);
  });
});

// Walk D of issue 19: Ctrl+X then Ctrl+V of a branch lost its summaries, its lines and (new ids)
// its review cards. R → 甲(a: a1 a2, summary sa over a1..a2) 乙(b) 丙(c) 丁(d: d1);
// summary sbc over 乙..丙; lines a1 → d1 (inside the branch a? no: a1 inside, d1 outside),
// a1 → a2 (both inside a) and c → b.
function itemDoc(): MindDoc {
  const leaf = (id: string) => ({ data: { id, text: id }, children: [] });
  return new MindDoc({
    root: {
      data: { id: 'R', text: '中心' },
      children: [
        { data: { id: 'a', text: '甲' }, children: [leaf('a1'), leaf('a2')] },
        leaf('b'),
        leaf('c'),
        { data: { id: 'd', text: '丁' }, children: [leaf('d1')] },
      ],
    },
    template: 'right',
    theme: 'fresh-blue',
    version: '1.4.43',
    summaries: [
      { id: 'sa', parent: 'a', first: 'a1', last: 'a2', text: '两点' },
      { id: 'sbc', parent: 'R', first: 'b', last: 'c', text: '乙丙' },
    ],
    relationships: [
      { id: 'l-out', from: 'a1', to: 'd1', title: '导致' },
      {
        id: 'l-in',
        from: 'a1',
        to: 'a2',
        controls: [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
        ],
      },
      { id: 'l-bc', from: 'c', to: 'b' },
    ],
  });
}

describe('cut then paste moves a branch with everything on it', () => {
  it('keeps the ids, the summaries inside, and the lines to the rest of the map; one undo step each', () => {
    const doc = itemDoc();
    const before = JSON.stringify(doc.items);
    const clip = run(doc, 'cut', ['a']) as MapClip;
    expect(clip.cut).toBe(true);
    expect(doc.items.summaries.map((s) => s.id)).toEqual(['sbc']);
    expect(doc.items.relationships.map((r) => r.id)).toEqual(['l-bc']);
    const { result } = checkUndoRedo(doc, 'paste', [['d'], clip]);
    expect(result).toEqual({ ids: ['a'], lost: { relationships: 0, summaries: 0 }, leftWithOriginal: 0 });
    expect(doc.get('a').parent?.id).toBe('d');
    expect(doc.get('a').children.map((c) => c.id)).toEqual(['a1', 'a2']);
    // the same items as before the cut, in the same form
    const sorted = (x: { id: string }[]) => [...x].sort((p, q) => p.id.localeCompare(q.id));
    const was = JSON.parse(before) as MindDoc['items'];
    expect(sorted(doc.items.summaries)).toEqual(sorted(was.summaries));
    expect(sorted(doc.items.relationships)).toEqual(sorted(was.relationships));
  });

  it('a summary over the cut siblings goes with them under the paste target', () => {
    const doc = itemDoc();
    const clip = run(doc, 'cut', ['c', 'b']) as MapClip;
    expect(doc.items.summaries.map((s) => s.id)).toEqual(['sa']);
    run(doc, 'paste', ['d'], clip);
    expect(doc.get('d').children.map((c) => c.id)).toEqual(['d1', 'b', 'c']);
    expect(doc.items.summaries.find((s) => s.id === 'sbc')).toEqual({ id: 'sbc', parent: 'd', first: 'b', last: 'c', text: '乙丙' });
    expect(doc.items.relationships.find((r) => r.id === 'l-bc')).toEqual({ id: 'l-bc', from: 'c', to: 'b' });
  });

  it('pasting the same cut again gives fresh ids, with the items inside copied and the line out not doubled', () => {
    const doc = itemDoc();
    const clip = run(doc, 'cut', ['a']) as MapClip;
    run(doc, 'paste', ['d'], clip);
    const { ids, lost } = run(doc, 'paste', ['b'], clip) as PasteResult;
    expect(ids).not.toEqual(['a']);
    const [a1, a2] = doc.get(ids[0]).children.map((c) => c.id);
    expect(doc.items.summaries.filter((s) => s.parent === ids[0])).toMatchObject([{ first: a1, last: a2, text: '两点' }]);
    expect(doc.items.relationships.filter((r) => r.from === a1)).toMatchObject([
      {
        to: a2,
        controls: [
          { x: 1, y: 2 },
          { x: 3, y: 4 },
        ],
      },
    ]);
    // the line to 丁一 belongs to the moved branch; the second copy cannot have it, and is told so
    expect(lost).toEqual({ relationships: 1, summaries: 0 });
  });

  it('a copy keeps the original’s lines to the rest of the map with the original, and reports nothing lost', () => {
    const doc = itemDoc();
    const clip = copyClip(doc, 'a');
    const { ids, lost, leftWithOriginal } = run(doc, 'paste', ['d'], clip) as PasteResult;
    expect(lost).toEqual({ relationships: 0, summaries: 0 });
    expect(leftWithOriginal).toBe(1);
    expect(doc.items.relationships).toHaveLength(4);
    expect(doc.items.summaries).toHaveLength(3);
    expect(doc.items.relationships.filter((r) => r.to === 'd1')).toHaveLength(1);
    expect(doc.get(ids[0]).children).toHaveLength(2);
  });

  it('a cut pasted into another map keeps what lies inside it and reports the line it could not keep', () => {
    const doc = itemDoc();
    const clip = run(doc, 'cut', ['a']) as MapClip;
    const other = new MindDoc({ root: { data: { id: 'Q', text: '另一张' }, children: [] }, template: 'right', theme: 'fresh-blue', version: '1.4.43' });
    const { ids, lost } = run(other, 'paste', ['Q'], clip) as PasteResult;
    expect(ids).toEqual(['a']);
    expect(other.items.summaries.map((s) => s.id)).toEqual(['sa']);
    expect(other.items.relationships.map((r) => r.id)).toEqual(['l-in']);
    expect(lost).toEqual({ relationships: 1, summaries: 0 });
  });
});
