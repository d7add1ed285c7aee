import { describe, expect, it } from 'vitest';
import { NO_RELATION_ERROR } from './relationship';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('removeRelationship', () => {
  it('removes lines; undo puts them back in place; undo → redo', () => {
    const doc = sampleDoc();
    const a = run(doc, 'addRelationship', 'A', 'B') as string;
    const b = run(doc, 'addRelationship', 'B', 'C') as string;
    const c = run(doc, 'addRelationship', 'C', 'A') as string;
    checkUndoRedo(doc, 'removeRelationship', [b]);
    expect(doc.items.relationships.map((r) => r.id)).toEqual([a, c]);
    checkUndoRedo(doc, 'removeRelationship', [[a, c]]);
    expect(doc.items.relationships).toEqual([]);
  });
  it('refuses an unknown id without removing the others', () => {
    const doc = sampleDoc();
    const a = run(doc, 'addRelationship', 'A', 'B') as string;
    expect(() => run(doc, 'removeRelationship', [a, 'zz'])).toThrow(NO_RELATION_ERROR);
    expect(doc.items.relationships).toHaveLength(1);
  });
  it('a line whose node is removed goes with it in the same step; its undo brings both back', () => {
    const doc = sampleDoc();
    run(doc, 'addRelationship', 'A1', 'B');
    checkUndoRedo(doc, 'removeNode', [['A']]);
    expect(doc.items.relationships).toHaveLength(0);
  });
});
