import { describe, expect, it } from 'vitest';
import { matchOutline, type BaseLine, type OutlineLine } from './outline-match';

const base = (spec: string): BaseLine[] =>
  spec.split(' ').map((s) => {
    const [id, level, title] = s.split(':');
    return { id, level: Number(level), title };
  });
const next = (spec: string): OutlineLine[] =>
  spec.split(' ').map((s) => {
    const [level, title] = s.split(':');
    return { level: Number(level), title };
  });

describe('matchOutline', () => {
  const B = base('r:0:根 a:1:甲 a1:2:甲一 b:1:乙 c:1:丙');

  it('unchanged lines keep their node; the root line is always the root', () => {
    expect(matchOutline(B, next('0:新根 1:甲 2:甲一 1:乙 1:丙'))).toEqual({ ids: ['r', 'a', 'a1', 'b', 'c'], same: [false, true, true, true, true] });
  });

  it('a renamed line keeps its node; an inserted one is new; a deleted one is unmatched', () => {
    expect(matchOutline(B, next('0:根 1:甲改 2:甲一 1:新 1:乙')).ids).toEqual(['r', 'a', 'a1', null, 'b']);
  });

  it('a line moved elsewhere (cut and paste, or indented) keeps its node', () => {
    expect(matchOutline(B, next('0:根 1:丙 1:甲 2:甲一 1:乙')).ids).toEqual(['r', 'c', 'a', 'a1', 'b']);
    expect(matchOutline(B, next('0:根 1:甲 2:甲一 2:乙 1:丙')).ids).toEqual(['r', 'a', 'a1', 'b', 'c']);
  });

  it('within a changed stretch, renames pair by position at the same level first', () => {
    expect(matchOutline(B, next('0:根 1:甲 2:甲一改 1:乙改 1:丙')).ids).toEqual(['r', 'a', 'a1', 'b', 'c']);
    expect(matchOutline(B, next('0:根 1:甲 1:乙改 1:丙')).ids).toEqual(['r', 'a', 'b', 'c']);
  });

  it('answers a one-line edit of a 50k-line outline (prefix and suffix are not diffed)', () => {
    const big: BaseLine[] = [{ id: 'r', level: 0, title: '根' }];
    for (let i = 1; i < 50000; i++) big.push({ id: `n${i}`, level: 1 + (i % 3), title: `主题 ${i}` });
    const edited: OutlineLine[] = big.map((l) => ({ level: l.level, title: l.title }));
    edited[25000] = { level: edited[25000].level, title: '改名' };
    const { ids } = matchOutline(big, edited);
    expect(ids[25000]).toBe('n25000');
    expect(ids.every((id, i) => id === big[i].id)).toBe(true);
  });
});
