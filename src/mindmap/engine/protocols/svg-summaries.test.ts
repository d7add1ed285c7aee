import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { braceOps } from '../render/summary-shape';

const KM = {
  root: { data: { id: 'r', text: '中心' }, children: [{ data: { id: 'a', text: '甲' } }, { data: { id: 'b', text: '乙' } }] },
  template: 'right',
  theme: 'fresh-blue',
  version: '1.4.43',
};

describe('summaries in the SVG export', () => {
  it('draws the brace and the topic, and the picture grows to hold them', () => {
    const ed = new MindEditor();
    ed.load(KM);
    const plain = ed.exportData('svg');
    expect(plain).not.toContain('summary');
    ed.execute('addSummary', [['a', 'b'], '甲与乙 <小结>']);
    const svg = ed.exportData('svg');
    expect(svg).toMatch(/<path class="summary-brace" d="M[^"]+Q[^"]+"/);
    expect(svg).toContain('甲与乙 &lt;小结&gt;');
    const width = (s: string) => Number(/width="(\d+)"/.exec(s)![1]);
    expect(width(svg)).toBeGreaterThan(width(plain) + 40);
    // Strips of a PNG export draw it too.
    expect(ed.exportData('svg', { x: 0, y: 0, w: 2000, h: 50 })).toContain('summary-brace');
  });

  it('the brace spans its rect on every side, its tip at the middle of the outer edge', () => {
    const rect: [number, number, number, number] = [10, 20, 14, 100];
    const tip = (side: 'right' | 'left' | 'bottom' | 'top', brace: [number, number, number, number]) => braceOps({ side, brace })[3].slice(3);
    expect(braceOps({ side: 'right', brace: rect })[0]).toEqual(['M', 10, 20]);
    expect(tip('right', rect)).toEqual([24, 70]);
    expect(tip('left', rect)).toEqual([10, 70]);
    expect(tip('bottom', [10, 20, 100, 14])).toEqual([60, 34]);
    expect(tip('top', [10, 20, 100, 14])).toEqual([60, 20]);
  });
});
