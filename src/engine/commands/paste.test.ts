import { describe, expect, it } from 'vitest';
import { copySubtrees } from './clipboard';
import { checkUndoRedo, run, sampleDoc } from './test-kit';

describe('copy / paste', () => {
  it('pastes clones with fresh ids and no offsets; undo → redo', () => {
    const doc = sampleDoc();
    const clip = copySubtrees(doc, ['B', 'C']);
    const { result } = checkUndoRedo(doc, 'paste', [['A'], clip]);
    const ids = result as string[];
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain('B');
    const b2 = doc.get(ids[0]);
    expect(b2.data.custom).toBe('keep');
    expect(b2.data.layout_mind_offset).toBeUndefined();
    expect(doc.get(ids[1]).children[0].id).not.toBe('C1');
    // the clipboard stays usable: pasting twice still yields unique ids
    run(doc, 'paste', 'B', clip);
    const all = [...doc.byId.keys()];
    expect(new Set(all).size).toBe(all.length);
  });
  it('refuses a paste that breaks the depth rule', () => {
    const doc = sampleDoc();
    const clip = copySubtrees(doc, 'C');
    expect(() => run(doc, 'paste', 'A1', clip)).toThrow('不能插入4级主题以下的节点');
  });
});
