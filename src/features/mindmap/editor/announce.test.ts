// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { testController } from './test-kit';

// Edits reach the live region in Chinese through ctl.onAnnounce (the real engine, in-process).
describe('edit announcements', () => {
  it('says inserts with the new title, marks, deletes, undo and redo; view changes say nothing', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.onAnnounce = (m) => said.push(m);
    const id = await ctl.run('appendChild', ['a', '分支主题']);
    expect(id).toBeTypeOf('string');
    await ctl.run('editText', [id!, '新的主题']);
    await ctl.run('setStudy', [['b'], true]);
    await ctl.run('setNow', [['b'], false]);
    await ctl.run('priority', [['b'], 3]);
    await ctl.run('collapse', [['a']]);
    await ctl.run('removeNode', [['b']]);
    await ctl.undo();
    await ctl.redo();
    expect(said).toEqual(['已添加子主题：分支主题', '已修改为：新的主题', '已标记已学', '已取消正在学', '已设置优先级 3', '已删除主题', '已撤销', '已重做']);
  });

  it('says a formula as its LaTeX source', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.onAnnounce = (m) => said.push(m);
    await ctl.run('editText', ['b', '勾股定理 $a^2+b^2=c^2$']);
    await ctl.run('appendChild', ['b', '价格 $5']);
    expect(said).toEqual(['已修改为：勾股定理 公式：a^2+b^2=c^2', '已添加子主题：价格 $5']);
  });

  it("says a summary's formula as a topic's is said", async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.onAnnounce = (m) => said.push(m);
    ctl.select(['a1']);
    const id = (await ctl.addSummary())!;
    await ctl.run('summaryText', [id, '勾股定理 $a^2+b^2=c^2$']);
    expect(said.at(-1)).toBe('概要已修改为：勾股定理 公式：a^2+b^2=c^2');
  });
});
