import { describe, expect, it } from 'vitest';
import { keptTitleEdit } from './kept-titles';

const map = new Map([
  ['a', { text: '甲' }],
  ['b', { text: '乙' }],
]);
const has = (id: string) => map.get(id);

describe('keptTitleEdit: a title kept as the page went, made true on the map it reopens on', () => {
  it('renames its topic when the title differs, and does nothing when it is already so', () => {
    expect(keptTitleEdit(has, { id: 'a', text: '甲改' })).toEqual({ rename: ['a', '甲改'] });
    expect(keptTitleEdit(has, { id: 'a', text: '甲' })).toBeNull();
  });

  it('inserts the topic an unanswered insert was making, next to the topic it was made from', () => {
    const at = { name: 'appendSibling' as const, at: 'b' };
    expect(keptTitleEdit(has, { at, text: '新的' })).toEqual({ insert: [at, '新的'] });
    // answered (an id) but that topic never reached the server: inserted again
    expect(keptTitleEdit(has, { id: 'gone', at, text: '新的' })).toEqual({ insert: [at, '新的'] });
  });

  it('says what has no place any more: a deleted topic, an insert next to a deleted one, a new parent', () => {
    expect(keptTitleEdit(has, { id: 'gone', text: 'x' })).toEqual({ lost: 'x' });
    expect(keptTitleEdit(has, { at: { name: 'appendChild', at: 'gone' }, text: 'y' })).toEqual({ lost: 'y' });
    expect(keptTitleEdit(has, { at: { name: 'appendParent', at: 'a' }, text: 'z' })).toEqual({ lost: 'z' });
  });
});
