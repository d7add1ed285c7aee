// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { testController } from '../editor/test-kit';
import { cardsLeftOut } from './review-import';

describe('cardsLeftOut', () => {
  it('counts the cards whose node the map no longer holds, at any depth', async () => {
    const ctl = await testController();
    expect(await cardsLeftOut(ctl, ['a', 'a1', 'b'])).toBe(0);
    expect(await cardsLeftOut(ctl, ['a1', 'gone', 'also-gone'])).toBe(2);
    expect(await cardsLeftOut(ctl, [])).toBe(0);
  });

  it('counts a node under a folded branch as held (it is not in the view, but in the map)', async () => {
    const ctl = await testController();
    await ctl.execute('collapse', [['a']]);
    expect(ctl.model.get('a11')).toBeUndefined();
    expect(await cardsLeftOut(ctl, ['a11', 'gone'])).toBe(1);
  });
});
