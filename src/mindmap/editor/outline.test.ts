// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { KmDocument } from '../engine/model/types';
import { badLine, describes, editedLines, outlineFromExport, outlineOfMap, parseOutline } from './outline';

const current: KmDocument = {
  root: {
    data: { id: 'r', text: '根', note: '根备注' },
    children: [
      { data: { id: 'a', text: '甲', priority: 2, isStudy: 1 }, children: [{ data: { id: 'a1', text: '甲一', hyperlink: 'http://x' } }] },
      { data: { id: 'b', text: '乙' } },
      { data: { id: 'b2', text: '乙' } },
    ],
  },
  template: 'right',
  theme: 'wire',
  version: '1.4.43',
};

describe('outline text view', () => {
  it('parses tabs and four spaces through the engine import', () => {
    const doc = parseOutline('根\n    甲\n\t\t甲一\n\n\t乙');
    expect(doc.root.data.text).toBe('根');
    expect(doc.root.children!.map((c) => c.data.text)).toEqual(['甲', '乙']);
    expect(doc.root.children![0].children![0].data.text).toBe('甲一');
  });

  it('explains refused outlines with the line at fault', () => {
    expect(() => parseOutline('根\n根2')).toThrow('Invalid local format：第 2 行');
    expect(() => parseOutline('根\n\t甲\n\t\t\t跳级')).toThrow('第 3 行');
    expect(() => parseOutline('  \n')).toThrow('大纲为空');
    // Depth is the engine's insert rule (applyOutline), not the parser's: a deeper map's outline reads.
    expect(editedLines('1\n\t2\n\t\t3\n\t\t\t4\n\t\t\t\t5').map((l) => l.level)).toEqual([0, 1, 2, 3, 4]);
    expect(badLine('根\n\t甲\n\t\t乙\n\t丙')).toBe(0);
  });

  it('shows the map as text with the node behind every line, and recognises the same outline in other wording', () => {
    const { text, base } = outlineOfMap(current);
    expect(text).toBe('根\n\t甲\n\t\t甲一\n\t乙\n\t乙');
    expect(base.map((l) => l.id)).toEqual(['r', 'a', 'a1', 'b', 'b2']);
    expect(describes('根\n    甲\n\n        甲一\n\t乙\n\t乙', base)).toBe(true);
    expect(describes('根\n\t甲\n\t乙', base)).toBe(false);
    expect(describes('根\n根', base)).toBe(false);
    expect(editedLines('根\n    甲')).toEqual([
      { level: 0, title: '根' },
      { level: 1, title: '甲' },
    ]);
  });

  it('turns the engine export (CR line ends) into editable text', () => {
    expect(outlineFromExport('根\r\t甲\r')).toBe('根\n\t甲');
  });
});
