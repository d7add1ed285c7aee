import { describe, expect, it } from 'vitest';
import { READ_ONLY_ERROR } from './command';
import { DUPLICATE_ERROR, MISSING_NODE_ERROR, SAME_NODE_ERROR } from './relationship';
import { checkUndoRedo, dump, run, sampleDoc } from './test-kit';

describe('addRelationship', () => {
  it('adds a line from → to with a fresh id; undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'addRelationship', ['A1', 'B']);
    expect(typeof result).toBe('string');
    expect(doc.items.relationships).toEqual([{ id: result, from: 'A1', to: 'B' }]);
    expect(JSON.parse(dump(doc)).relationships).toHaveLength(1);
  });
  it('keeps a title given at once', () => {
    const doc = sampleDoc();
    run(doc, 'addRelationship', 'A', 'C', '因果');
    expect(doc.items.relationships[0].title).toBe('因果');
  });
  it('refuses the same node, a missing node and a second line of the same direction, changing nothing', () => {
    const doc = sampleDoc();
    expect(() => run(doc, 'addRelationship', 'A', 'A')).toThrow(SAME_NODE_ERROR);
    expect(() => run(doc, 'addRelationship', 'A', 'nope')).toThrow(MISSING_NODE_ERROR);
    run(doc, 'addRelationship', 'A', 'B');
    const before = dump(doc);
    expect(() => run(doc, 'addRelationship', 'A', 'B')).toThrow(DUPLICATE_ERROR);
    expect(dump(doc)).toBe(before);
    // The other direction is another line.
    run(doc, 'addRelationship', 'B', 'A');
    expect(doc.items.relationships).toHaveLength(2);
  });
  it('is refused on a read-only map', () => {
    const doc = sampleDoc();
    doc.readOnly = true;
    expect(() => run(doc, 'addRelationship', 'A', 'B')).toThrow(READ_ONLY_ERROR);
    expect(doc.items.relationships).toHaveLength(0);
  });
});
