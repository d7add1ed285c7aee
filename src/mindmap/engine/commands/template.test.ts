import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('template', () => {
  it('switches the template; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'template', ['fish-bone']);
    expect(doc.template).toBe('fish-bone');
    expect(() => run(doc, 'template', 'zigzag')).toThrow('Missing Layout');
  });
});
