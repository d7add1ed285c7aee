import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { actionByName, actionForKey, isEnabled } from './actions';
import { handleMapKey } from './keyboard';
import { describeSummary, summaryEditId } from './summary-model';
import { testContext, testController } from './test-kit';
import { EditorController } from './controller';
import { createEngineHost } from '../worker/host';
import { localEngine } from '../worker/client';
import { SUMMARY_CROSS_ERROR } from '../engine/layout/summary-side';
import { summaryMarks } from './AriaSummaries';

// Summaries (概要) in the editor without a canvas: the registry's action (toolbar, menu, Ctrl+]),
// the summary keys, announcements, undo, the text edit and read-only maps.
// test-kit's map: 根 → 甲 (→ 甲一 → 甲一一), 乙; mind template (甲 right, 乙 left).

const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, preventDefault: () => {}, ...mods }) as unknown as KeyboardEvent;

function keyDeps(ctx: ReturnType<typeof testContext>) {
  return { ctx, openNodeMenu: () => {}, cycleRegion: () => {}, pasteFallback: () => {} };
}

describe('summaries in the editor', () => {
  it('Ctrl+] adds a summary over the selected sibling, selects it and says so; Delete removes it; undo brings it back', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (t) => said.push(t));
    const ctx = testContext(ctl);
    expect(actionForKey(key(']', { ctrlKey: true }))?.name).toBe('addSummary');
    ctl.select(['a1']);
    handleMapKey(key(']', { ctrlKey: true }), keyDeps(ctx));
    await ctl.settled();
    await new Promise((r) => setTimeout(r, 0));
    const id = ctl.state.summary!;
    expect(id).toBeTruthy();
    expect(ctl.state.selection).toEqual([]);
    expect(said).toContain('已添加概要：概要');
    const s = ctl.model.summaries.get(id)!;
    expect(describeSummary(s, (x) => ctl.model.get(x)!.text)).toBe('概要：概要（甲一）');
    // formulas are said as the tree says them, never as raw $…$
    const titles: Record<string, string> = { a: '丙三 $E=mc^2$', b: '戊五' };
    expect(describeSummary({ ...s, first: 'a', last: 'b', text: '$x$ 要点' }, (x) => titles[x])).toBe('概要：公式：x 要点（丙三 公式：E=mc^2 至 戊五）');
    handleMapKey(key('Delete'), keyDeps(ctx));
    await ctl.settled();
    await new Promise((r) => setTimeout(r, 0));
    expect(ctl.model.summaries.list).toEqual([]);
    expect(ctl.state.summary).toBeNull();
    expect(ctl.state.selection).toEqual(['a1']);
    expect(said).toContain('已删除概要');
    await ctl.undo();
    expect(ctl.model.summaries.list.map((x) => x.id)).toEqual([id]);
    expect(ctl.model.summaries.isDrawn(id)).toBe(true);
  });

  it("deleting the only topic of a summary's range deletes the summary with it, said; undo brings both back", async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (t) => said.push(t));
    ctl.select(['a1']);
    const id = (await ctl.addSummary())!;
    ctl.select(['a1']);
    await ctl.run('removeNode', [['a1']]);
    expect(ctl.model.summaries.get(id)).toBeUndefined();
    expect(said.at(-1)).toBe('已删除主题，概要「概要」随主题一起删除');
    await ctl.undo();
    expect(ctl.model.get('a1')).toBeDefined();
    expect(ctl.model.summaries.isDrawn(id)).toBe(true);
  });

  it('its text is edited through the edit field; Esc goes back to the first topic of its range', async () => {
    const ctl = await testController();
    ctl.select(['a1']);
    const id = (await ctl.addSummary())!;
    ctl.textEdit.track(summaryEditId(id), '要点');
    ctl.textEdit.commit();
    await ctl.settled();
    expect(ctl.model.summaries.get(id)!.text).toBe('要点');
    expect(ctl.state.summary).toBe(id);
    handleMapKey(key('Escape'), keyDeps(testContext(ctl)));
    expect(ctl.state.summary).toBeNull();
    expect(ctl.state.selection).toEqual(['a1']);
    await ctl.undo();
    expect(ctl.model.summaries.get(id)!.text).toBe('概要');
  });

  it('is offered for any selection (the central topic refused, said why); non-siblings refused in Chinese (shown and said); refused in Chinese across the two sides of the root; not on a read-only map', async () => {
    const ctl = await testController();
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    const ctx = testContext(ctl);
    const add = actionByName('addSummary');
    const said: string[] = [];
    ctl.events.on('announce', (t) => said.push(t));
    // Topics under different parents: offered, and the engine's refusal is shown and said.
    ctl.select(['a', 'a1']);
    expect(isEnabled(add, ctx)).toBe(true);
    await add.perform(ctx);
    expect(errors).toEqual(['概要只能加在同一主题的相邻下级主题上']);
    expect(said).toContain('概要只能加在同一主题的相邻下级主题上');
    expect(ctl.model.summaries.list).toEqual([]);
    errors.length = 0;
    // The central topic: offered too, and Ctrl+] says why nothing happens.
    ctl.select(['r']);
    expect(isEnabled(add, ctx)).toBe(true);
    await add.perform(ctx);
    expect(errors).toEqual(['中心主题不能添加概要']);
    expect(said.at(-1)).toBe('中心主题不能添加概要');
    errors.length = 0;
    ctl.select(['a', 'b']);
    expect(isEnabled(add, ctx)).toBe(true);
    await add.perform(ctx);
    // 甲 is right of the root, 乙 left: refused with the reason, nothing added (it was added undrawn).
    expect(errors).toEqual([SUMMARY_CROSS_ERROR]);
    expect(said.at(-1)).toBe(SUMMARY_CROSS_ERROR);
    expect(ctl.model.summaries.list).toEqual([]);
    // The toolbar 删除 removes a selected summary (no topic is selected then).
    ctl.select(['a1']);
    const sid = (await ctl.addSummary())!;
    expect(ctl.state.selection).toEqual([]);
    const del = actionByName('removeNode');
    expect(isEnabled(del, ctx)).toBe(true);
    await del.perform(ctx);
    expect(ctl.model.summaries.get(sid)).toBeUndefined();
    expect(ctl.model.get('a1')).toBeDefined();
    const ro = await testController(true);
    ro.select(['a1']);
    expect(isEnabled(add, testContext(ro))).toBe(false);
  });

  it('a summary a template change puts across the root stays, is said hidden, listed as not shown and deletable without undo', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (t) => said.push(t));
    await ctl.run('template', ['right']);
    ctl.select(['a', 'b']);
    const id = (await ctl.addSummary())!;
    expect(ctl.model.summaries.isDrawn(id)).toBe(true);
    await ctl.run('template', ['default']);
    expect(ctl.model.summaries.get(id)).toBeDefined();
    expect(ctl.model.summaries.isDrawn(id)).toBe(false);
    expect(said.at(-1)).toContain('概要「概要」随之隐藏');
    // The ARIA tree lists it under the root, said as not shown; it can be selected and deleted.
    expect(summaryMarks(ctl, 'r')).toEqual(['概要：概要（甲 至 乙），当前结构不显示']);
    ctl.selector.selectSummary(id);
    expect(ctl.state.summary).toBe(id);
    handleMapKey(key('Delete'), keyDeps(testContext(ctl)));
    await ctl.settled();
    await new Promise((r) => setTimeout(r, 0));
    expect(ctl.model.summaries.list).toEqual([]);
    expect(said.at(-1)).toBe('已删除概要');
  });
});

describe('opening a map with items pointing at missing topics', () => {
  it('opens it repaired and says what could not be kept', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    const shown: string[] = [];
    ctl.events.on('openNotices', (n) => shown.push(...n.map((x) => x.message)));
    await ctl.open(
      {
        root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' } }, { data: { id: 'b', text: '乙' } }] },
        template: 'default',
        theme: 'fresh-blue',
        version: '1.4.43',
        summaries: [
          { id: 's1', parent: 'r', first: 'gone', last: 'b', text: '三步' },
          { id: 's2', parent: 'gone', first: 'a', last: 'b', text: '失效' },
        ],
        relationships: [{ id: 'l1', from: 'a', to: 'gone' }],
      },
      false,
    );
    expect(ctl.model.summaries.list.map((s) => `${s.first}-${s.last}`)).toEqual(['b-b']);
    expect(ctl.model.relationships).toEqual([]);
    expect(shown).toEqual(['以下内容未能保留：关联线 1 条、概要 1 个']);
  });
});
