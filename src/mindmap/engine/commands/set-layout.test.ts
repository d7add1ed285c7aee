import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('setLayout', () => {
  it('sets a per-node layout override; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'setLayout', ['A', 'bottom']);
    expect(doc.get('A').data.layout).toBe('bottom');
    expect(() => run(doc, 'setLayout', 'A', 'spiral')).toThrow('Missing Layout: spiral');
  });
});
