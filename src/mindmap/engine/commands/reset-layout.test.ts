import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('resetLayout', () => {
  it('clears offsets and overrides; undo → redo restores key order', () => {
    const doc = sampleDoc();
    run(doc, 'setLayout', 'A', 'left');
    checkUndoRedo(doc, 'resetLayout', []);
    expect(Object.keys(doc.get('B').data)).toEqual(['id', 'text', 'custom']);
    expect(doc.get('A').data.layout).toBeNull();
  });
});
