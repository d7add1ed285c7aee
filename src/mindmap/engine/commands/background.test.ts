import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('background', () => {
  it('sets and clears background; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'background', [['A', 'C1'], '#fff3bf']);
    expect(doc.get('C1').data['background']).toBe('#fff3bf');
    checkUndoRedo(doc, 'background', ['A', null]);
    expect('background' in doc.get('A').data).toBe(false);
  });
});
