import { describe, expect, it } from 'vitest';
import { extendedSelection } from './selection-range';
import { summaryByArrow } from './summary-nav';
import { testController } from './test-kit';

// Shift+click's run of siblings, and which arrow reaches a summary (test-kit's map:
// 根 → 甲 (→ 甲一 → 甲一一), 乙).

describe('Shift+click selection', () => {
  it('selects the run of siblings from the anchor to the clicked topic, else adds it', async () => {
    const ctl = await testController();
    await ctl.run('appendChild', ['r', '丙']);
    const [a, b] = ['a', 'b'];
    const c = ctl.model.get('r')!.children[2];
    expect(extendedSelection(ctl.model, [a], c)).toEqual([a, b, c]);
    expect(extendedSelection(ctl.model, [c], a)).toEqual([c, b, a]);
    expect(extendedSelection(ctl.model, [a], 'a1')).toEqual([a, 'a1']);
    expect(extendedSelection(ctl.model, [], 'a1')).toEqual(['a1']);
  });
});

describe('arrows and summaries', () => {
  it('never from the central topic; from the range topic only when the arrow leaves its subtree', async () => {
    const ctl = await testController();
    await ctl.run('appendChild', ['a1', '甲一二']);
    ctl.select(['a11']);
    const sid = await ctl.addSummary();
    expect(sid).toBeTruthy();
    const side = ctl.model.summaries.places.get(sid!)!.side;
    const dir = side === 'left' ? 'left' : 'right';
    expect(summaryByArrow(ctl.model, 'r', dir, 'a')).toBeNull();
    expect(summaryByArrow(ctl.model, 'a11', dir, null)).toBe(sid);
    expect(summaryByArrow(ctl.model, 'a11', dir, 'b')).toBe(sid);
    expect(summaryByArrow(ctl.model, 'a11', dir === 'right' ? 'down' : 'up', null)).toBeNull();
  });
});
