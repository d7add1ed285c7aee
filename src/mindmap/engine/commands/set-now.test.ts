import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { checkUndoRedo, sampleDoc } from './test-kit';
import { LEARNT_NOW_ERROR } from './set-now';

const nowIds = (doc: ReturnType<typeof sampleDoc>) => [...doc.byId.values()].filter((n) => Number(n.data.isNow) === 1).map((n) => n.id);

describe('setNow', () => {
  it('sets and clears isNow (正在学); undo → redo', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'setNow', ['B', true]);
    expect(doc.get('B').data.isNow).toBe(1);
    checkUndoRedo(doc, 'setNow', ['B', false]);
    expect('isNow' in doc.get('B').data).toBe(false);
  });

  it('one 正在学 per map: marking a node moves the badge there (one undo step brings it back)', () => {
    const doc = sampleDoc();
    checkUndoRedo(doc, 'setNow', ['A', true]);
    checkUndoRedo(doc, 'setNow', [['B', 'C'], true]);
    expect(nowIds(doc)).toEqual(['B']);
    // A map saved with several marks (older files) keeps one once a node is marked.
    doc.set('A', 'isNow', 1);
    doc.set('C1', 'isNow', '1');
    checkUndoRedo(doc, 'setNow', ['A1', true]);
    expect(nowIds(doc)).toEqual(['A1']);
  });

  it('a learnt node is refused 正在学, and ticking 已学 (or a ✓ from the server) takes it away', () => {
    const ed = new MindEditor();
    ed.load({ root: sampleDoc().toKm().root, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    ed.execute('setStudy', ['A', true]);
    expect(() => ed.execute('setNow', ['A', true])).toThrow(LEARNT_NOW_ERROR);
    expect(ed.getNodeData('A').isNow).toBeUndefined();
    ed.execute('setNow', ['B', true]);
    ed.execute('setStudy', ['B', true]);
    expect(ed.getNodeData('B')).toMatchObject({ isStudy: 1 });
    expect(ed.getNodeData('B').isNow).toBeUndefined();
    ed.undo();
    expect(ed.getNodeData('B')).toMatchObject({ isNow: 1 });
    ed.setReadOnly(true);
    ed.execute('syncLearnt', [['B']]);
    expect(ed.getNodeData('B')).toMatchObject({ isStudy: 1 });
    expect(ed.getNodeData('B').isNow).toBeUndefined();
  });
});
