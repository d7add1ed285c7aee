import { describe, expect, it } from 'vitest';
import { installMapHost } from '../host';
import { testController } from './test-kit';

// My own undo on a shared map: after a classmate (or my other tab) deleted the topic my step
// changed, undo cannot bring my change back without bringing their delete back too. That part is
// skipped and said, in the map's live region and in a toast a sighted student sees.

const warnings: string[] = [];
installMapHost({ toast: { success: () => 0, warning: (m) => (warnings.push(m), 0), error: () => 0 } });

async function syncedController() {
  const ctl = await testController();
  const said: string[] = [];
  ctl.events.on('announce', (t) => said.push(t));
  // what the autosave hears: each one marks the map 未保存 until the next save
  const changes = { count: 0 };
  ctl.events.on('change', () => changes.count++);
  await ctl.engine.startSync('me', 1);
  return { ctl, said, changes };
}

/** The server took my pending sets (versions from 2): the answer acknowledges them. Returns the next version. */
async function ack(ctl: Awaited<ReturnType<typeof testController>>): Promise<number> {
  const { sets } = await ctl.engine.takeChangeSets();
  await ctl.engine.receiveChangeSets(sets.map((s, i) => ({ ...s, version: 2 + i })) as never);
  return 2 + sets.length;
}

/** A set of another member reaches the page (use-autosave applies the patch as it does). */
async function remote(ctl: Awaited<ReturnType<typeof testController>>, set: object): Promise<void> {
  const r = await ctl.engine.receiveChangeSets([set] as never);
  ctl.apply(r.patch, false);
}

/** Another member's set, as the server answers it: a topic's subtree removed from `parent`. */
const removal = (version: number, parent: string, index: number, node: object) => ({
  id: `other:${version}`,
  version,
  changes: [{ op: 'remove', parent, index, node }],
});

describe('undo after another member deleted what the step changed', () => {
  it('a step whose topic is gone is skipped whole and said; the next Ctrl+Z undoes the step before it', async () => {
    const { ctl, said, changes } = await syncedController();
    await ctl.execute('editText', ['a', '甲（改）']);
    await ctl.textEdit.editText('b', '乙（改）');
    // saved and acknowledged; then a classmate deletes 乙
    await remote(ctl, removal(await ack(ctl), 'r', 1, { data: { id: 'b', text: '乙（改）' } }));
    warnings.length = 0;
    changes.count = 0;
    await ctl.undo();
    expect(said.at(-1)).toBe('这一步无法撤销，已跳过');
    expect(warnings).toEqual(['这一步无法撤销，已跳过：「乙（改）」已在别处删除']);
    expect(ctl.model.get('b')).toBeUndefined();
    // nothing changed: nothing to save (no 未保存), and nothing to redo
    expect(changes.count).toBe(0);
    expect(ctl.state.canRedo).toBe(false);
    await ctl.undo();
    expect(said.at(-1)).toBe('已撤销');
    expect(ctl.model.get('a')?.text).toBe('甲');
    expect(changes.count).toBe(1);
    // 重做 brings back the step undone, not the skipped one
    await ctl.redo();
    expect(said.at(-1)).toBe('已重做');
    expect(ctl.model.get('a')?.text).toBe('甲（改）');
    expect(ctl.state.canRedo).toBe(false);
  });

  it('a step partly gone: the rest is undone, the part skipped is said', async () => {
    const { ctl, said } = await syncedController();
    await ctl.execute('replaceText', [['a', 'a1'], '甲', '丙']);
    expect([ctl.model.get('a')?.text, ctl.model.get('a1')?.text]).toEqual(['丙', '丙一']);
    await remote(ctl, removal(await ack(ctl), 'a', 0, { data: { id: 'a1', text: '丙一' }, children: [{ data: { id: 'a11', text: '丙一一' } }] }));
    warnings.length = 0;
    await ctl.undo();
    expect(ctl.model.get('a')?.text).toBe('甲');
    expect(said.at(-1)).toBe('已撤销，其中一部分已跳过');
    expect(warnings[0]).toMatch(/^已撤销，其中一部分已跳过：「丙一」已在别处删除/);
    // 重做 makes again what was undone, with nothing skipped to say
    warnings.length = 0;
    await ctl.redo();
    expect(said.at(-1)).toBe('已重做');
    expect(warnings).toEqual([]);
    expect(ctl.model.get('a')?.text).toBe('丙');
    expect(ctl.model.get('a1')).toBeUndefined();
  });

  it('a step another member already made undone (the branch I deleted was brought back) says so, not 已撤销', async () => {
    const { ctl, said, changes } = await syncedController();
    await ctl.execute('removeNode', [['b']]);
    // my delete saved; then a classmate's set brings 乙 back (they were editing in it)
    await remote(ctl, { id: `other:${await ack(ctl)}`, version: 3, changes: [{ op: 'add', parent: 'r', index: 1, node: { data: { id: 'b', text: '乙' } } }] });
    warnings.length = 0;
    changes.count = 0;
    await ctl.undo();
    expect(said.at(-1)).toBe('这一步无需撤销：别处的修改已使导图如此');
    expect(ctl.model.get('b')?.text).toBe('乙');
    expect(changes.count).toBe(0);
    expect(ctl.state.canRedo).toBe(false);
  });

  it('an undo that takes away a topic a classmate is typing in says so, with the way back', async () => {
    const { ctl } = await syncedController();
    const id = await ctl.run('appendChild', ['a', '分支主题']);
    expect(typeof id).toBe('string');
    ctl.doc.setPresence(new Map([[id as string, { colour: 0x2f9e44, initial: '林', editing: true, name: '林悦' }]]));
    warnings.length = 0;
    await ctl.undo();
    expect(ctl.model.has(id as string)).toBe(false);
    expect(warnings).toEqual(['这一步撤销删除了林悦正在编辑的「分支主题」，可按 Ctrl+Y 恢复']);
  });
});

describe('my own steps, with my sets answered in between', () => {
  // Tab, a title, Enter, Delete, Ctrl+Z with about a second between them (walk): the insert was
  // saved before the title was confirmed, and its answer came after the delete. The topic came
  // back as 分支主题 — the answer's rebase had put the first title back on the very data object
  // the delete had recorded — and that was then saved; the next Ctrl+Z said 这一步无需撤销.
  for (const answered of ['the insert alone, after the delete', 'the insert and the title, after the delete', 'the insert alone, before the title'] as const) {
    it(`a new topic titled, then deleted, the sets answered (${answered}): undo brings it back with its title`, async () => {
      const { ctl, said } = await syncedController();
      const id = (await ctl.run('appendChild', ['a'])) as string;
      const insert = (await ctl.engine.takeChangeSets()).sets;
      const answer = async (sets: typeof insert) => {
        const r = await ctl.engine.receiveChangeSets(sets.map((s, i) => ({ ...s, version: 2 + i })) as never);
        ctl.apply(r.patch, false);
      };
      if (answered === 'the insert alone, before the title') await answer(insert);
      await ctl.textEdit.editText(id, '我的标题');
      const both = (await ctl.engine.takeChangeSets()).sets;
      // what was sent stays what it was when sent (a set resent carries the topic as inserted)
      if (both[0].id === insert[0].id) expect(JSON.stringify(both[0])).toBe(JSON.stringify(insert[0]));
      await ctl.execute('removeNode', [[id]]);
      if (answered === 'the insert alone, after the delete') await answer(insert);
      if (answered === 'the insert and the title, after the delete') await answer(both);
      await ctl.undo();
      expect(said.at(-1)).toBe('已撤销');
      expect(ctl.model.get(id)?.text).toBe('我的标题');
      await ctl.undo();
      expect(ctl.model.get(id)?.text).toBe('分支主题');
      await ctl.redo();
      expect(ctl.model.get(id)?.text).toBe('我的标题');
    });
  }
});
