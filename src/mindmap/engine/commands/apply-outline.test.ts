import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { DEPTH_ERROR, type KmDocument } from '../model/types';
import { baseLinesOf, linesOf } from '../outline/outline-lines';
import type { BaseLine } from '../outline/outline-match';
import { importDocument } from '../protocols/formats';
import { OUTLINE_CONFLICT } from './apply-outline';
import { checkUndoRedo, sampleDoc } from './test-kit';

// 大纲 apply: the edited outline becomes ordinary edits matched to the existing nodes; every
// field but the title survives, canvas edits made meanwhile survive, one undo step.

const MAP: KmDocument = {
  root: {
    data: { id: 'r', text: '根', note: '根备注' },
    children: [
      {
        data: { id: 'a', text: '甲', priority: 2, isStudy: 1, note: '甲备注' },
        children: [
          { data: { id: 'a1', text: '甲一', note: '甲一备注', isStudy: 1 }, children: [] },
          { data: { id: 'a2', text: '甲二', hyperlink: 'http://x' }, children: [] },
        ],
      },
      { data: { id: 'b', text: '乙', isNow: 1 }, children: [{ data: { id: 'b1', text: '乙一' }, children: [] }] },
      { data: { id: 'c', text: '', expandState: 'collapse' }, children: [{ data: { id: 'c1', text: '丙一' }, children: [] }] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

function open(km: KmDocument = MAP): MindEditor {
  const ed = new MindEditor();
  ed.load(km);
  return ed;
}
const baseOf = (ed: MindEditor) => baseLinesOf(ed.toKm().root);
const lines = (text: string) => linesOf(importDocument('txt', text).root);
const outline = (ed: MindEditor) => ed.exportData('txt').split('\r').filter(Boolean).join('\n');
const START = '根\n\t甲\n\t\t甲一\n\t\t甲二\n\t乙\n\t\t乙一\n\t分支主题\n\t\t丙一';
const apply = (ed: MindEditor, text: string, base: BaseLine[] = baseOf(ed)) => ed.execute('applyOutline', [base, lines(text)]);
const data = (ed: MindEditor, id: string) => ed.getNodeData(id);
const parentOf = (ed: MindEditor, id: string) => ed.doc.get(id).parent?.id;

describe('applyOutline', () => {
  it('starts from the outline the text view shows', () => {
    expect(outline(open())).toBe(START);
    expect(baseOf(open()).map((l) => `${l.id}:${l.level}:${l.title}`)).toEqual([
      'r:0:根',
      'a:1:甲',
      'a1:2:甲一',
      'a2:2:甲二',
      'b:1:乙',
      'b1:2:乙一',
      'c:1:分支主题',
      'c1:2:丙一',
    ]);
  });

  it('a rename keeps priority, note, ✓ and the children with their notes; one undo step, redo reapplies', () => {
    const ed = open();
    apply(ed, START.replace('\t甲\n', '\t甲（改名）\n'));
    expect(data(ed, 'a')).toMatchObject({ id: 'a', text: '甲（改名）', priority: 2, isStudy: 1, note: '甲备注' });
    expect(data(ed, 'a1')).toMatchObject({ note: '甲一备注', isStudy: 1 });
    expect(parentOf(ed, 'a1')).toBe('a');
    expect(ed.canUndo).toBe(true);
    ed.undo();
    expect(ed.canUndo).toBe(false);
    expect(outline(ed)).toBe(START);
    ed.redo();
    expect(data(ed, 'a').text).toBe('甲（改名）');
  });

  it('an unchanged outline changes nothing; an empty title stays empty (shown as 分支主题)', () => {
    const ed = open();
    const p = apply(ed, START).patch;
    expect(p.ids).toEqual([]);
    expect(ed.canUndo).toBe(false);
    expect(data(ed, 'c').text).toBe('');
  });

  it('inserts new lines where they stand (a collapsed parent opens); several edits are one step', () => {
    const ed = open();
    const before = ed.exportData('km');
    apply(ed, '根\n\t新首\n\t甲\n\t\t甲一\n\t\t新中\n\t\t甲二\n\t乙\n\t\t乙一\n\t分支主题\n\t\t丙一\n\t\t丙二');
    expect(outline(ed)).toBe('根\n\t新首\n\t甲\n\t\t甲一\n\t\t新中\n\t\t甲二\n\t乙\n\t\t乙一\n\t分支主题\n\t\t丙一\n\t\t丙二');
    expect(data(ed, 'c').expandState).toBe('expand');
    expect(data(ed, 'a2').hyperlink).toBe('http://x');
    ed.undo();
    expect(ed.exportData('km')).toBe(before);
  });

  it('deleting a line removes its node; deleting it with its child lines removes the subtree', () => {
    const ed = open();
    apply(ed, '根\n\t甲\n\t\t甲一\n\t乙\n\t\t乙一');
    expect(ed.doc.byId.has('a2')).toBe(false);
    expect(ed.doc.byId.has('c')).toBe(false);
    expect(ed.doc.byId.has('c1')).toBe(false);
    expect(data(ed, 'a1').note).toBe('甲一备注');
  });

  it('deleting only a parent line keeps its child lines (with their data) where the text puts them', () => {
    const ed = open();
    apply(ed, '根\n\t甲\n\t\t甲一\n\t\t甲二\n\t\t乙一\n\t分支主题\n\t\t丙一');
    expect(ed.doc.byId.has('b')).toBe(false);
    expect(parentOf(ed, 'b1')).toBe('a');
    expect(ed.doc.get('a').children.map((c) => c.id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('indent and outdent move the node with its data (and reorder siblings)', () => {
    const ed = open();
    checkUndoRedo(ed.doc, 'applyOutline', [baseOf(ed), lines('根\n\t甲\n\t\t甲一\n\t\t\t甲二\n\t乙\n\t乙一\n\t分支主题\n\t\t丙一')]);
    apply(ed, '根\n\t甲\n\t\t甲一\n\t\t\t甲二\n\t乙\n\t乙一\n\t分支主题\n\t\t丙一');
    expect(parentOf(ed, 'a2')).toBe('a1');
    expect(data(ed, 'a2').hyperlink).toBe('http://x');
    expect(parentOf(ed, 'b1')).toBe('r');
    expect(ed.doc.root.children.map((c) => c.id)).toEqual(['a', 'b', 'b1', 'c']);
    apply(ed, '根\n\t乙\n\t甲\n\t\t甲一\n\t\t\t甲二\n\t乙一\n\t分支主题\n\t\t丙一');
    expect(ed.doc.root.children.map((c) => c.id)).toEqual(['b', 'a', 'b1', 'c']);
    expect(data(ed, 'b').isNow).toBe(1);
  });

  it('a renamed and indented line is the same node (changed lines pair by position)', () => {
    const ed = open();
    apply(ed, '根\n\t甲\n\t\t甲一\n\t\t\t甲二改\n\t乙\n\t\t乙一\n\t分支主题\n\t\t丙一');
    expect(parentOf(ed, 'a2')).toBe('a1');
    expect(data(ed, 'a2')).toMatchObject({ text: '甲二改', hyperlink: 'http://x' });
  });

  it('duplicate titles pair up in order', () => {
    const ed = open({
      ...MAP,
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'x1', text: '同', note: '一' } }, { data: { id: 'x2', text: '同', note: '二' } }] },
    });
    apply(ed, '根\n\t同\n\t中间\n\t同');
    expect(ed.doc.root.children.map((c) => c.data.note ?? null)).toEqual(['一', null, '二']);
  });

  it('a node added on the canvas while the outline was being edited survives, after the sibling it followed', () => {
    const ed = open();
    const base = baseOf(ed);
    const added = ed.execute('appendSibling', ['a1', '画布新增']).result as string;
    ed.execute('appendChild', ['b', '画布子项']);
    apply(ed, '根\n\t甲改\n\t\t甲零\n\t\t甲一\n\t\t甲二\n\t乙\n\t\t乙一\n\t分支主题\n\t\t丙一', base);
    expect(ed.doc.get('a').children.map((c) => c.data.text)).toEqual(['甲零', '甲一', '画布新增', '甲二']);
    expect(ed.doc.get('b').children.map((c) => c.data.text)).toEqual(['乙一', '画布子项']);
    expect(parentOf(ed, added)).toBe('a');
    // The apply is one step of its own: undo takes it back and leaves the canvas edits.
    ed.undo();
    expect(ed.doc.get('a').children.map((c) => c.data.text)).toEqual(['甲一', '画布新增', '甲二']);
    expect(data(ed, 'a').text).toBe('甲');
  });

  it('canvas edits made meanwhile survive: renames, moves and deletions the outline did not touch', () => {
    const ed = open();
    const base = baseOf(ed);
    ed.execute('editText', ['b1', '画布改名']);
    ed.execute('moveNode', ['a2', 'b', 0]);
    ed.execute('removeNode', [['c']]);
    apply(ed, START.replace('\t乙\n', '\t乙改\n'), base);
    expect(data(ed, 'b').text).toBe('乙改');
    expect(data(ed, 'b1').text).toBe('画布改名');
    expect(parentOf(ed, 'a2')).toBe('b');
    expect(ed.doc.byId.has('c')).toBe(false);
    expect(outline(ed)).toBe('根\n\t甲\n\t\t甲一\n\t乙改\n\t\t甲二\n\t\t画布改名');
  });

  it('a line edited in the outline whose node was deleted on the canvas comes back as a new node', () => {
    const ed = open();
    const base = baseOf(ed);
    ed.execute('removeNode', [['a2']]);
    apply(ed, START.replace('甲二', '甲二（补充）'), base);
    expect(ed.doc.get('a').children.map((c) => c.data.text)).toEqual(['甲一', '甲二（补充）']);
  });

  it('refuses a fifth level, a broken outline, a replaced map and read-only, leaving the map as it was', () => {
    const ed = open();
    const before = ed.exportData('km');
    expect(() => apply(ed, '根\n\t甲\n\t\t甲一\n\t\t\t甲二\n\t\t\t\t五级')).toThrow(DEPTH_ERROR);
    expect(() =>
      ed.execute('applyOutline', [
        baseOf(ed),
        [
          { level: 0, title: '根' },
          { level: 2, title: '跳级' },
        ],
      ]),
    ).toThrow('Invalid local format');
    expect(() => ed.execute('applyOutline', [[{ id: 'other', level: 0, title: '根' }], lines('根')])).toThrow(OUTLINE_CONFLICT);
    ed.setReadOnly(true);
    expect(() => apply(ed, '根改')).toThrow('只读');
    expect(ed.exportData('km')).toBe(before);
    expect(ed.canUndo).toBe(false);
  });

  it('works on the command test doc (undo restores the bytes, redo the result)', () => {
    const doc = sampleDoc();
    const base: BaseLine[] = [
      { id: 'R', level: 0, title: 'Root' },
      { id: 'A', level: 1, title: 'A' },
      { id: 'A1', level: 2, title: 'A1' },
      { id: 'A1a', level: 3, title: 'A1a' },
      { id: 'B', level: 1, title: 'B' },
      { id: 'C', level: 1, title: 'C' },
      { id: 'C1', level: 2, title: 'C1' },
    ];
    const { after } = checkUndoRedo(doc, 'applyOutline', [base, lines('Root\n\tA\n\t\tA1a\n\tB2\n\tC\n\t\tC1\n\t\tnew')]);
    expect(after).toContain('"custom":"keep"');
    expect(doc.get('A1a').parent!.id).toBe('A');
    expect(doc.byId.has('A1')).toBe(false);
  });
});
