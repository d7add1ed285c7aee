import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

const order = (doc: ReturnType<typeof sampleDoc>) => doc.root.children.map((c) => c.id);

describe('arrange (Alt+↑ / Alt+↓)', () => {
  it('moves a node one place up or down among its siblings; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'arrange', [['B'], -1]);
    expect(order(doc)).toEqual(['B', 'A', 'C']);
    checkUndoRedo(doc, 'arrange', [['A'], 1]);
    expect(order(doc)).toEqual(['B', 'C', 'A']);
  });
  it('moves selected neighbours as a block and leaves a block at the edge (and the root) in place', () => {
    const doc = sampleDoc();
    expect(run(doc, 'arrange', ['B', 'C'], -1)).toBe(true);
    expect(order(doc)).toEqual(['B', 'C', 'A']);
    expect(run(doc, 'arrange', ['B', 'C'], -1)).toBe(false);
    expect(order(doc)).toEqual(['B', 'C', 'A']);
    expect(run(doc, 'arrange', ['R'], 1)).toBe(false);
  });
});
