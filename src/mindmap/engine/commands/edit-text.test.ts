import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('editText', () => {
  it('sets the title; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'editText', ['A', '新标题\n第二行']);
    expect(doc.get('A').data.text).toBe('新标题\n第二行');
  });
});
