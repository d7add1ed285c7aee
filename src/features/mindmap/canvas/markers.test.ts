import { describe, expect, it } from 'vitest';
import { markerLayout, markerText, priorityColors } from './markers';
import { parseColor } from './color';

describe('markers', () => {
  it('places priority and study markers left of the text, icons right', () => {
    const ml = markerLayout({ priority: 3, isNow: true, isStudy: true, note: true, link: true });
    expect(ml.left.map((m) => m.kind)).toEqual(['priority', 'now']);
    expect(ml.right.map((m) => m.kind)).toEqual(['note', 'link']);
    expect(ml.leftWidth).toBe(20 + 4 + 40 + 4);
    expect(markerLayout(undefined).leftWidth).toBe(0);
    expect(markerLayout({ priority: 12 }).left).toEqual([]);
  });

  it('uses kityminder priority colours, grey from 6 on', () => {
    expect(priorityColors(1)).toEqual([0xff1200, 0x840023]);
    expect(priorityColors(9)).toEqual([0xa3a3a3, 0x515151]);
    expect(markerText('now', {})).toBe('正在学');
    expect(markerText('priority', { priority: 7 })).toBe('7');
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
