import { describe, expect, it } from 'vitest';
import { MindDoc } from '../model/doc';
import type { KmDocument } from '../model/types';
import { masteryRollup, type MasteryInput } from './mastery-rollup';

const km: KmDocument = {
  root: {
    data: { id: 'r', text: '根' },
    children: [
      {
        data: { id: 'a', text: '甲' },
        children: [{ data: { id: 'a1', text: '甲一' }, children: [{ data: { id: 'a11', text: '甲一一' } }] }, { data: { id: 'a2', text: '甲二' } }],
      },
      { data: { id: 'b', text: '乙' }, children: [{ data: { id: 'b1', text: '乙一' } }] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

function counts(input: Partial<MasteryInput>) {
  const r = masteryRollup(new MindDoc(km), { levels: new Map(), fading: new Set(), study: [], ...input });
  return Object.fromEntries(r.ids.map((id, i) => [id, [...r.counts.subarray(3 * i, 3 * i + 3)]]));
}

describe('掌握 N/M roll-up', () => {
  it("counts the 知识点 and the student's own practised topics once each, the node itself included, up every ancestor", () => {
    const c = counts({
      study: ['a11', 'a2'],
      levels: new Map([
        ['a11', 3],
        ['b1', 1],
      ]),
      ownPractised: new Set(['b1', 'b']),
    });
    // [mastered, total, fading]; b: practised, missed (no level), still one to know
    expect(c).toEqual({ a11: [1, 1, 0], a1: [1, 1, 0], a: [1, 2, 0], r: [1, 4, 0], a2: [0, 1, 0], b1: [0, 1, 0], b: [0, 2, 0] });
  });

  it("the case's topics that are not 知识点 keep out of N/M, graded or not; the student's own count once practised (outside walk: 掌握 N/22 beside 已学 12/13)", () => {
    const c = counts({
      study: ['a11', 'a2'],
      levels: new Map([
        ['a11', 3],
        ['a1', 3],
        ['b1', 3],
      ]),
    });
    expect(c).toEqual({ a11: [1, 1, 0], a1: [1, 1, 0], a: [1, 2, 0], r: [1, 2, 0], a2: [0, 1, 0] });
  });

  it('fading topics are counted apart, counted in N/M or not (the 掌握度 view names the branch that fades most, as 下一步)', () => {
    const c = counts({
      levels: new Map([
        ['a2', 2],
        ['a11', 1],
        ['b1', 2],
      ]),
      fading: new Set(['a2', 'a11']),
      study: ['a2'],
      ownPractised: new Set(['b1']),
    });
    expect(c.a).toEqual([0, 1, 2]);
    expect(c.a1).toEqual([0, 0, 1]);
    expect(c.b).toEqual([0, 1, 0]);
    expect(c.r).toEqual([0, 2, 2]);
  });

  it('ids the map no longer holds (a removed topic, another map) are skipped; no topics, no rows', () => {
    expect(counts({ study: ['gone'], levels: new Map([['x', 3]]), fading: new Set(['y']) })).toEqual({});
    expect(counts({ levels: new Map([['a1', 3]]) })).toEqual({});
    expect(counts({})).toEqual({});
  });
});
