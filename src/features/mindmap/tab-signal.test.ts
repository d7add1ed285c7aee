import { describe, expect, it } from 'vitest';
import { tabSignal } from './tab-signal';

describe('tabSignal', () => {
  it('tells the other tab of a save and stays quiet after close (a closing editor still saves once more)', async () => {
    let heard = 0;
    const a = tabSignal('s1:case-01', () => {});
    const b = tabSignal('s1:case-01', () => heard++);
    a.post(3);
    await expect.poll(() => heard).toBe(1);
    a.close();
    expect(() => a.post(4)).not.toThrow();
    b.close();
  });

  it('is one map’s signal: a tab of another map hears nothing', async () => {
    let other = 0;
    let same = 0;
    const a = tabSignal('s1:case-01', () => {});
    const b = tabSignal('s1:case-02', () => other++);
    const c = tabSignal('s1:case-01', () => same++);
    a.post(1);
    await expect.poll(() => same).toBe(1);
    expect(other).toBe(0);
    for (const t of [a, b, c]) t.close();
  });
});
