import { describe, expect, it } from 'vitest';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('setNote', () => {
  it('sets and removes (null) a note; undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'setNote', ['A', '# 标题\n正文']);
    checkUndoRedo(doc, 'setNote', ['A', null]);
    expect(doc.get('A').data.note).toBeNull();
  });
});
