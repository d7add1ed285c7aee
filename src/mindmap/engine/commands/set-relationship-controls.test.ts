import { describe, expect, it } from 'vitest';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('setRelationshipControls', () => {
  it('stores rounded control offsets, null restores the automatic curve; undo → redo', () => {
    const doc = sampleDoc();
    const id = run(doc, 'addRelationship', 'A', 'B') as string;
    checkUndoRedo(doc, 'setRelationshipControls', [
      id,
      [
        { x: 10.4, y: -20 },
        { x: 0, y: 30.6 },
      ],
    ]);
    expect(doc.items.relationships[0].controls).toEqual([
      { x: 10, y: -20 },
      { x: 0, y: 31 },
    ]);
    checkUndoRedo(doc, 'setRelationshipControls', [id, null]);
    expect(doc.items.relationships[0].controls).toBeUndefined();
  });
  it('refuses malformed points', () => {
    const doc = sampleDoc();
    const id = run(doc, 'addRelationship', 'A', 'B') as string;
    expect(() =>
      run(doc, 'setRelationshipControls', id, [
        { x: NaN, y: 0 },
        { x: 0, y: 0 },
      ]),
    ).toThrow('关联线的控制点无效');
    expect(() => run(doc, 'setRelationshipControls', id, [{ x: 0, y: 0 }])).toThrow('关联线的控制点无效');
  });
});
