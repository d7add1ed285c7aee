import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

// sampleDoc: R → A → A1 → A1a; R → B; R → C (collapsed) → C1.
const kids = (doc: ReturnType<typeof sampleDoc>, id: string) => doc.get(id).children.map((c) => c.id);

describe('moveNodes (a dragged multi-selection)', () => {
  it('moves the topics together under the new parent, in their map order whatever the order listed, as one undo step', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'moveNodes', [['C1', 'B'], 'A1', 0]);
    expect(result).toEqual(['B', 'C1']);
    expect(kids(doc, 'A1')).toEqual(['B', 'C1', 'A1a']);
    expect(kids(doc, 'R')).toEqual(['A', 'C']);
  });

  it('reorders among siblings: `index` counts the children that stay', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'moveNodes', [['A', 'B'], 'R', 1]);
    expect(kids(doc, 'R')).toEqual(['C', 'A', 'B']);
    const again = sampleDoc();
    checkUndoRedo(again, 'moveNodes', [['B', 'C'], 'R', 0]);
    expect(kids(again, 'R')).toEqual(['B', 'C', 'A']);
    const last = sampleDoc();
    checkUndoRedo(last, 'moveNodes', [['A', 'B'], 'R']);
    expect(kids(last, 'R')).toEqual(['C', 'A', 'B']);
  });

  it('moves a topic inside another listed one with it, skips the root, and opens a folded target', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'moveNodes', [['R', 'C', 'C1'], 'A']);
    expect(result).toEqual(['C']);
    expect(kids(doc, 'A')).toEqual(['A1', 'C']);
    expect(kids(doc, 'C')).toEqual(['C1']);
    const folded = sampleDoc();
    checkUndoRedo(folded, 'moveNodes', [['B', 'A1a'], 'C']);
    expect(kids(folded, 'C')).toEqual(['C1', 'A1a', 'B']);
    expect(folded.get('C').data.expandState).toBe('expand');
  });

  it('refuses as a whole, nothing moved, when one would go into its own subtree or below level 4', () => {
    const doc = sampleDoc();
    const before = JSON.stringify(doc.toKm());
    expect(() => run(doc, 'moveNodes', ['B', 'A'], 'A1')).toThrow('自己的下级主题');
    expect(() => run(doc, 'moveNodes', ['B', 'C'], 'A1')).toThrow('不能插入4级主题以下的节点');
    expect(() => run(doc, 'moveNodes', ['R'], 'A')).toThrow();
    expect(JSON.stringify(doc.toKm())).toBe(before);
  });
});
