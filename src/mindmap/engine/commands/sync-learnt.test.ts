import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';

const KM = JSON.stringify({
  root: {
    data: { id: 'r', text: '根' },
    children: [
      { data: { id: 'a', text: 'A' }, children: [{ data: { id: 'a1', text: 'A1' } }, { data: { id: 'a2', text: 'A2', isStudy: 1 } }] },
      { data: { id: 'b', text: 'B' } },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

describe('syncLearnt', () => {
  it('ticks the server-learnt nodes the map has, on a read-only map too, and moves the roll-up', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.setReadOnly(true);
    ed.setStudyNodes(['a1', 'a2', 'b']);
    expect(ed.progressOf('r')).toEqual({ learnt: 1, total: 3 });
    const { result } = ed.execute('syncLearnt', [['a1', 'a2', 'gone']]);
    expect(result).toEqual(['a1']);
    expect(ed.getNodeData('a1').isStudy).toBe(1);
    expect(ed.progressOf('a')).toEqual({ learnt: 2, total: 2 });
    expect(ed.progressOf('r')).toEqual({ learnt: 2, total: 3 });
  });

  it('is not an undo step: the student’s edit before it is undone, the ✓ stays, redo survives', () => {
    const ed = new MindEditor();
    ed.load(KM);
    ed.execute('editText', ['b', '乙']);
    ed.undo();
    ed.execute('syncLearnt', [['b']]);
    expect(ed.canRedo).toBe(true);
    ed.redo();
    expect(ed.getNodeData('b')).toMatchObject({ text: '乙', isStudy: 1 });
    ed.undo();
    expect(ed.getNodeData('b')).toMatchObject({ text: 'B', isStudy: 1 });
  });
});
