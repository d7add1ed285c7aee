import { describe, expect, it } from 'vitest';
import type { KmDocument } from '../../engine/model/types';
import { cardsLeftOut } from './review-import';

const doc: KmDocument = {
  root: {
    data: { id: 'r', text: '根' },
    children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' } }] }, { data: { id: 'b', text: '乙' } }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

describe('cardsLeftOut', () => {
  it('counts the cards whose node the map no longer holds, at any depth', () => {
    expect(cardsLeftOut(['a', 'a1', 'b'], doc)).toBe(0);
    expect(cardsLeftOut(['a1', 'gone', 'also-gone'], doc)).toBe(2);
    expect(cardsLeftOut([], doc)).toBe(0);
  });
});
