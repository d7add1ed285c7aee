import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('expand', () => {
  it('expands a collapsed node; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'expand', ['C']);
    expect(doc.get('C').data.expandState).toBe('expand');
  });
  it('justParents expands only the ancestors', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'expand', ['C1', true]);
    expect(doc.get('C').data.expandState).toBe('expand');
  });
});
