// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { markerLayout, markerText, priorityColors } from './markers';
import { parseColor } from './color';

describe('markers', () => {
  it('places progress, priority and both study marks left of the text, link/note/resources right', () => {
    const ml = markerLayout({ priority: 3, progress: 5, isNow: true, isStudy: true, note: true, link: true, resources: ['重点'] }, 5);
    expect(ml.left.map((m) => m.kind)).toEqual(['progress', 'priority', 'study', 'now']);
    expect(ml.right.map((m) => m.kind)).toEqual(['link', 'note', 'resource']);
    // widths of the engine's node sizing (render/markers.ts): 20, 20, 16, text + 8
    expect(ml.left.slice(0, 3).map((m) => m.w)).toEqual([20, 20, 16]);
    expect(ml.leftWidth).toBe(20 + 5 + 20 + 5 + 16 + 5 + ml.left[3].w + 5);
    expect(markerLayout(undefined).leftWidth).toBe(0);
    expect(markerLayout({ priority: 12 }).left).toEqual([]);
  });

  it('uses kityminder priority colours, grey from 6 on', () => {
    expect(priorityColors(1)).toEqual([0xff1200, 0x840023]);
    expect(priorityColors(9)).toEqual([0xa3a3a3, 0x515151]);
    const ml = markerLayout({ priority: 7, isNow: true, resources: ['第2章'] });
    expect(markerText(ml.left[0], { priority: 7 })).toBe('7');
    expect(markerText(ml.left[1], {})).toBe('正在学');
    expect(markerText(ml.right[0], {})).toBe('第2章');
  });

  it('parses theme colours', () => {
    expect(parseColor('#73a1bf')).toBe(0x73a1bf);
    expect(parseColor('#fff')).toBe(0xffffff);
    expect(parseColor('white')).toBe(0xffffff);
    expect(parseColor('rgb(254,219,0)')).toBe(0xfedb00);
    expect(parseColor('transparent')).toBeNull();
    expect(parseColor('none')).toBeNull();
  });
});
