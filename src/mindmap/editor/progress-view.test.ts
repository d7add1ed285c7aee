// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { ProgressView } from './progress-view';

const km = {
  root: {
    data: { id: 'r', text: '根' },
    children: [
      { data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' } }, { data: { id: 'a2', text: '甲二', isStudy: 1 } }] },
      { data: { id: 'b', text: '乙' } },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

describe('ProgressView (the tree label "已学 3/8")', () => {
  it('follows the engine: full after the study set, then the changed chain', async () => {
    const eng = localEngine(createEngineHost());
    const view = new ProgressView();
    await eng.load(km);
    await eng.setStudyNodes(['a1', 'a2']);
    view.apply(await eng.takeProgress());
    expect(view.marks('a')).toEqual(['已学 1/2']);
    expect(view.marks('b')).toEqual([]);
    expect(view.percent('r')).toBe(50);
    await eng.execute('setStudy', ['a1', true]);
    view.apply(await eng.takeProgress());
    expect(view.marks('a')).toEqual(['已学 2/2']);
    expect(view.percent('r')).toBe(100);
    await eng.execute('removeNode', [['a']]);
    view.apply(await eng.takeProgress());
    expect(view.marks('r')).toEqual([]);
  });
});
