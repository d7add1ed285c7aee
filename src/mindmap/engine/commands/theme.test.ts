import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('theme', () => {
  it('switches the theme; undo → redo; unknown names are refused', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'theme', ['classic-compact']);
    expect(doc.theme).toBe('classic-compact');
    expect(() => run(doc, 'theme', 'neon')).toThrow('Theme neon not exists!');
  });
});
