// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { testController } from './test-kit';
import { selectionLabel } from './selection-label';

// Edits reach the live region in Chinese through the editor's announce event (the real engine, in-process).
describe('edit announcements', () => {
  it('says inserts with the new title, marks, deletes, undo and redo; view changes say nothing', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    const id = await ctl.run('appendChild', ['a', '分支主题']);
    expect(id).toBeTypeOf('string');
    await ctl.run('editText', [id!, '新的主题']);
    await ctl.run('setStudy', [['b'], true]);
    await ctl.run('setNow', [['b'], false]);
    await ctl.run('priority', [['b'], 3]);
    await ctl.run('collapse', [['a']]);
    await ctl.run('moveNodes', [[id!, 'a1'], 'b']);
    await ctl.run('removeNode', [['b']]);
    await ctl.undo();
    await ctl.redo();
    expect(said).toEqual([
      '已添加子主题：分支主题',
      '已修改为：新的主题',
      '已标记已学',
      '已取消正在学',
      '已设置优先级 3',
      '已移动 2 个主题',
      '已删除主题',
      '已撤销',
      '已重做',
    ]);
  });

  // outside walk: 同级 on the root added a child but said 已添加同级主题
  it('Enter (同级) on the root is said as the child it adds; on another topic as a sibling', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    await ctl.run('appendSibling', ['r', '分支主题']);
    await ctl.run('appendSibling', ['a', '分支主题']);
    expect(said).toEqual(['已添加子主题：分支主题', '已添加同级主题：分支主题']);
  });

  // outside walk: the items a 回忆练习 adds were announced as 已粘贴, though nothing was pasted
  it('says what the caller names instead of the command’s own words', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    await ctl.run('paste', [['a'], [{ data: { text: '补充' }, children: [] }]], { say: '已把 1 个补充的主题加到「a」下' });
    expect(said).toEqual(['已把 1 个补充的主题加到「a」下']);
  });

  it('says a formula as its LaTeX source', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    await ctl.run('editText', ['b', '勾股定理 $a^2+b^2=c^2$']);
    await ctl.run('appendChild', ['b', '价格 $5']);
    expect(said).toEqual(['已修改为：勾股定理 公式：a^2+b^2=c^2', '已添加子主题：价格 $5']);
  });

  it("says a summary's formula as a topic's is said", async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    ctl.select(['a1']);
    const id = (await ctl.addSummary())!;
    await ctl.run('summaryText', [id, '勾股定理 $a^2+b^2=c^2$']);
    expect(said.at(-1)).toBe('概要已修改为：勾股定理 公式：a^2+b^2=c^2');
  });

  it('says the `$` of a kityminder .km as written, never as 公式 (issue 33.3)', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    const file = readFileSync(new URL('../engine/protocols/fixtures/26-kityminder-dollar.km', import.meta.url), 'utf8');
    expect(await ctl.io.importFile('km', file, 'vue')).toEqual([]);
    expect(ctl.model.literalText).toBe(true);
    ctl.select(['d1k2m3n4o5p1']);
    expect(selectionLabel(ctl, null)).toContain('$data和$props其实是原型上的属性');
    expect(ctl.model.say('通过${}或者$()')).toBe('通过${}或者$()');
    await ctl.run('editText', ['d1k2m3n4o5p2', '$a^2$ 与 $b$']);
    expect(said.at(-1)).toBe('已修改为：$a^2$ 与 $b$');
    // undoing the import brings back a map with this editor's rule
    await ctl.undo();
    await ctl.undo();
    expect(ctl.model.literalText).toBe(false);
    expect(ctl.model.say('$x$')).toBe('公式：x');
  });
});
