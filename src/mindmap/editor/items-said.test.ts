// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { itemsGone } from './items-said';

const s = (id: string, text: string) => ({ id, parent: 'R', first: 'a', last: 'b', text });
const l = (id: string) => ({ id, from: 'a', to: 'b' });

describe('items said gone with their topics', () => {
  it('names each summary and counts the lines', () => {
    const before = { summaries: [s('1', '三步'), s('2', '')], relationships: [l('x'), l('y'), l('z')] };
    const after = { summaries: [s('2', '')], relationships: [l('y')] };
    expect(itemsGone('removeNode', before, after)).toEqual(['概要「三步」随主题一起删除', '关联线 2 条随之删除']);
    expect(itemsGone('removeNode', before, { summaries: [], relationships: before.relationships })).toEqual([
      '概要「三步」随主题一起删除',
      '概要「概要」随主题一起删除',
    ]);
  });
  it('a cut takes them to the clipboard: said so, not as deleted', () => {
    const before = { summaries: [s('1', '三步')], relationships: [l('x'), l('y')] };
    expect(itemsGone('cut', before, { summaries: [], relationships: [] })).toEqual(['概要「三步」随主题剪切', '关联线 2 条随主题剪切，粘贴后恢复']);
  });
  it('says nothing when nothing went, nor for a command that removes an item on purpose', () => {
    const before = { summaries: [s('1', '三步')], relationships: [l('x')] };
    expect(itemsGone('arrange', before, before)).toEqual([]);
    expect(itemsGone('removeSummary', before, { summaries: [], relationships: [l('x')] })).toEqual([]);
  });
});
