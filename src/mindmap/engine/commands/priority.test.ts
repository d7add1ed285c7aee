import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('priority', () => {
  it('sets 1–9 on several nodes; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'priority', [['A', 'B'], 3]);
    expect(doc.get('B').data.priority).toBe(3);
  });
  it('0 clears to null and out-of-range is refused', () => {
    const doc = sampleDoc();
    run(doc, 'priority', 'A', 5);
    checkUndoRedo(doc, 'priority', ['A', 0]);
    expect(doc.get('A').data.priority).toBeNull();
    expect(() => run(doc, 'priority', 'A', 10)).toThrow();
  });
});
