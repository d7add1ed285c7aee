import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { checkUndoRedo, sampleDoc } from './test-kit';

describe('replaceText', () => {
  it('replaces in the listed titles only; undo → redo', () => {
    const doc = sampleDoc();
    const { result } = checkUndoRedo(doc, 'replaceText', [['A', 'A1', 'B'], 'a', 'x']);
    expect(result).toEqual(['A', 'A1']);
    expect([doc.get('A').data.text, doc.get('A1').data.text, doc.get('A1a').data.text]).toEqual(['x', 'x1', 'A1a']);
  });

  it('replace all is one undo step and keeps redo semantics of an edit', () => {
    const ed = new MindEditor();
    ed.load({
      root: { data: { id: 'r', text: '线性表' }, children: [{ data: { id: 'a', text: '顺序表', note: 'n' } }, { data: { id: 'b', text: '链表 表' } }] },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const ids = ed.find('表');
    expect(ids).toEqual(['r', 'a', 'b']);
    ed.execute('replaceText', [ids, '表', '列表']);
    expect(ed.find('列表')).toEqual(['r', 'a', 'b']);
    expect(ed.getNodeData('b').text).toBe('链列表 列表');
    expect(ed.getNodeData('a').note).toBe('n');
    ed.undo();
    expect(ed.find('列表')).toEqual([]);
    expect(ed.canUndo).toBe(false);
    ed.setReadOnly(true);
    expect(() => ed.execute('replaceText', [['a'], '表', 'x'])).toThrow('只读');
  });
});
