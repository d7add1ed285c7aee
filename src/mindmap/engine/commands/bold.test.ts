import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('bold', () => {
  it('toggles font-weight; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'bold', [['A', 'B']]);
    expect(doc.get('B').data['font-weight']).toBe('bold');
    checkUndoRedo(doc, 'bold', [['A', 'B']]);
    expect('font-weight' in doc.get('B').data).toBe(false);
  });
});
