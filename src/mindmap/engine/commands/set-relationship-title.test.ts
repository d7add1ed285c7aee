import { describe, expect, it } from 'vitest';
import { READ_ONLY_ERROR } from './command';
import { NO_RELATION_ERROR } from './relationship';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('setRelationshipTitle', () => {
  it('sets, trims and clears the label; undo → redo', () => {
    const doc = sampleDoc();
    const id = run(doc, 'addRelationship', 'A', 'B') as string;
    checkUndoRedo(doc, 'setRelationshipTitle', [id, '  导致\n结果 ']);
    expect(doc.items.relationships[0].title).toBe('导致 结果');
    checkUndoRedo(doc, 'setRelationshipTitle', [id, '']);
    expect('title' in doc.items.relationships[0]).toBe(false);
  });
  it('refuses an unknown line and a read-only map', () => {
    const doc = sampleDoc();
    expect(() => run(doc, 'setRelationshipTitle', 'x', 'a')).toThrow(NO_RELATION_ERROR);
    const id = run(doc, 'addRelationship', 'A', 'B') as string;
    doc.readOnly = true;
    expect(() => run(doc, 'setRelationshipTitle', id, 'a')).toThrow(READ_ONLY_ERROR);
  });
});
