import { describe, expect, it } from 'vitest';
import type { MapClip } from './clipboard';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('cut', () => {
  it('returns the subtrees and removes them (never the root); undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'cut', [['A', 'R']]);
    const clip = result as MapClip;
    expect(clip.nodes.map((n) => n.data.id)).toEqual(['A']);
    expect(clip.cut).toBe(true);
    expect(doc.byId.has('A')).toBe(false);
    expect(doc.byId.has('R')).toBe(true);
  });
});
