import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('setNow', () => {
  it('sets and clears isNow (正在学); undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'setNow', [['A', 'B'], true]);
    expect(doc.get('B').data.isNow).toBe(1);
    checkUndoRedo(doc, 'setNow', ['B', false]);
  });
});
