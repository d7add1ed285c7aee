import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('fontFamily', () => {
  it('sets and clears font-family; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'fontFamily', [['A', 'C1'], '楷体,楷体_GB2312,SimKai']);
    expect(doc.get('C1').data['font-family']).toBe('楷体,楷体_GB2312,SimKai');
    checkUndoRedo(doc, 'fontFamily', ['A', null]);
    expect('font-family' in doc.get('A').data).toBe(false);
  });
});
