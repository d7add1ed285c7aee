// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { commandEdits } from '../engine/commands/registry';
import { DEPTH_ERROR } from '../engine/model/types';
import { ACTIONS, actionByName, actionForKey, isEnabled, shortcutLabel, shortcutOf } from './actions';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { EditorController } from './controller';
import { testContext, testController } from './test-kit';
import { menuActions } from './NodeMenu';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; shiftKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('action registry', () => {
  it('has unique names and shortcuts, and maps keys to them', () => {
    expect(new Set(ACTIONS.map((a) => a.name)).size).toBe(ACTIONS.length);
    const keys = ACTIONS.flatMap((a) => (a.shortcut ? [a.shortcut] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(actionForKey(key('Tab'))?.name).toBe('appendChild');
    expect(actionForKey(key('Enter'))?.name).toBe('appendSibling');
    expect(actionForKey(key('F2'))?.name).toBe('editText');
    expect(actionForKey(key('Delete'))?.name).toBe('removeNode');
    expect(actionForKey(key('Backspace'))?.name).toBe('removeNode');
    expect(actionForKey(key('z', { ctrlKey: true }))?.name).toBe('undo');
    expect(actionForKey(key('y', { ctrlKey: true }))?.name).toBe('redo');
    expect(actionForKey(key('Z', { ctrlKey: true, shiftKey: true }))?.name).toBe('redo');
    expect(actionForKey(key('b', { metaKey: true }))?.name).toBe('bold');
    expect(actionForKey(key('i', { ctrlKey: true }))?.name).toBe('italic');
    expect(actionForKey(key('L', { ctrlKey: true, shiftKey: true }))?.name).toBe('resetLayout');
    expect(shortcutOf(key(' '))).toBe('Space');
    expect(actionForKey(key('q'))).toBeUndefined();
  });

  it('Alt+L (relationship lines) is matched by the letter typed, by the physical key when Alt made a symbol', () => {
    // A plain l types into the topic; Alt+L never does.
    expect(actionForKey(key('l'))).toBeUndefined();
    expect(actionForKey({ ...key('l', { altKey: true }), code: 'KeyL' })?.name).toBe('selectRelation');
    // macOS: Option+L is ¬; another layout (Dvorak) puts l on the P key: the letter wins.
    expect(shortcutOf({ ...key('¬', { altKey: true }), code: 'KeyL' })).toBe('Alt+L');
    expect(shortcutOf({ ...key('l', { altKey: true }), code: 'KeyP' })).toBe('Alt+L');
    expect(shortcutOf({ ...key('ArrowUp', { altKey: true }), code: 'ArrowUp' })).toBe('Alt+ArrowUp');
  });

  it('inserts a child, then undo and redo through the registry', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    ctl.select(['b']);
    await actionByName('appendChild').perform(ctx);
    const id = ctl.primary!;
    expect(ctl.model.get(id)?.parentId).toBe('b');
    expect(ctx.edits).toEqual([id]);
    expect(isEnabled(actionByName('undo'), ctx)).toBe(true);
    await actionByName('undo').perform(ctx);
    expect(ctl.model.get('b')?.children).toEqual([]);
    await actionByName('redo').perform(ctx);
    expect(ctl.model.get('b')?.children).toEqual([id]);
  });

  it('标记已学 asks the study guard: a refusal is shown and leaves no ✓, a yes marks', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    const asked: Array<[string[], boolean]> = [];
    let answer: string | null = '完成该知识点的学习内容后会自动记为已学，还差：《讲解视频》';
    ctl.events.on('markingLearnt', async (ids, on) => {
      asked.push([[...ids], on]);
      return answer;
    });
    ctl.select(['b']);
    await actionByName('setStudy').perform(ctx);
    expect(errors).toEqual([answer]);
    expect(ctl.model.get('b')?.isStudy).toBeFalsy();
    answer = null;
    await actionByName('setStudy').perform(ctx);
    expect(ctl.model.get('b')?.isStudy).toBeTruthy();
    // Unmarking is asked too (the server takes the tick back, so the percentage drops).
    await actionByName('setStudy').perform(ctx);
    expect(ctl.model.get('b')?.isStudy).toBeFalsy();
    expect(asked).toEqual([
      [['b'], true],
      [['b'], true],
      [['b'], false],
    ]);
  });

  it('标记正在学 asks the now guard for the topic it marks or unmarks: a refusal is shown and sets nothing', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    const asked: Array<[string, boolean]> = [];
    let answer: string | null = '你不是这张导图的成员';
    ctl.events.on('markingNow', async (id, on) => {
      asked.push([id, on]);
      return answer;
    });
    ctl.select(['b']);
    await actionByName('setNow').perform(ctx);
    expect(errors).toEqual([answer]);
    expect(ctl.model.get('b')?.isNow).toBeFalsy();
    answer = null;
    await actionByName('setNow').perform(ctx);
    expect(ctl.model.get('b')?.isNow).toBeTruthy();
    // the mark moves: the guard is asked for the new topic only
    ctl.select(['a']);
    await actionByName('setNow').perform(ctx);
    expect(ctl.model.get('a')?.isNow).toBeTruthy();
    expect(ctl.model.get('b')?.isNow).toBeFalsy();
    await actionByName('setNow').perform(ctx);
    expect(ctl.model.get('a')?.isNow).toBeFalsy();
    // a learnt topic is the command's to refuse (已学的主题不能标记为正在学): the server is not asked
    await ctl.run('setStudy', [['b'], true]);
    ctl.select(['b']);
    await actionByName('setNow').perform(ctx);
    expect(ctl.model.get('b')?.isNow).toBeFalsy();
    expect(asked).toEqual([
      ['b', true],
      ['b', true],
      ['a', true],
      ['a', false],
    ]);
  });

  it('the root cannot be deleted or cut; Delete removes the selection', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    ctl.select(['r']);
    expect(isEnabled(actionByName('removeNode'), ctx)).toBe(false);
    expect(isEnabled(actionByName('cut'), ctx)).toBe(false);
    ctl.select(['a', 'b']);
    await actionByName('removeNode').perform(ctx);
    expect(ctl.model.get('r')?.children).toEqual([]);
    expect(ctl.model.has('a1')).toBe(false);
  });

  it('Delete waits while a classmate is typing a title in the branch: said by name, nothing removed', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    ctl.doc.setPresence(new Map([['a1', { colour: 0x2f9e44, initial: '林', editing: true, name: '林悦' }]]));
    ctl.select(['a']);
    await actionByName('removeNode').perform(ctx);
    expect(errors).toEqual([`林悦正在编辑「${ctl.model.get('a1')?.text}」，等对方写完再删除`]);
    expect(ctl.model.has('a')).toBe(true);
    // a cut removes as a delete does: it waits too
    await actionByName('cut').perform(ctx);
    expect(errors).toHaveLength(2);
    expect(ctl.model.has('a')).toBe(true);
    // only looking at it (not typing): the delete is made
    ctl.doc.setPresence(new Map([['a1', { colour: 0x2f9e44, initial: '林', editing: false, name: '林悦' }]]));
    await actionByName('removeNode').perform(ctx);
    expect(ctl.model.has('a')).toBe(false);
  });

  it("Delete waits while the student's own other page is typing a title in the branch: said as that page", async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    ctl.doc.setPresence(new Map([['a1', { colour: 0x2f9e44, initial: '李', editing: true, name: '你的另一个页面', mine: true }]]));
    ctl.select(['a']);
    await actionByName('removeNode').perform(ctx);
    expect(errors).toEqual([`你的另一个页面正在编辑「${ctl.model.get('a1')?.text}」，在那里写完再删除`]);
    expect(ctl.model.has('a')).toBe(true);
  });

  it('reports the depth limit through onError', async () => {
    const ctl = await testController();
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    ctl.select(['a11']);
    await actionByName('appendChild').perform(testContext(ctl));
    expect(errors).toEqual([DEPTH_ERROR]);
  });

  it('copy / paste and priority, bold markers reach the mirror', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    ctl.select(['b']);
    await actionByName('copy').perform(ctx);
    expect(isEnabled(actionByName('paste'), ctx)).toBe(true);
    ctl.select(['r']);
    await actionByName('paste').perform(ctx);
    expect(ctl.model.get('r')?.children.length).toBe(3);
    ctl.select(['a']);
    await actionByName('priority3').perform(ctx);
    expect(ctl.model.get('a')?.priority).toBe(3);
    await actionByName('setStudy').perform(ctx);
    expect(ctl.model.get('a')?.isStudy).toBe(true);
  });

  it("an action's edits flag is its command's: view changes (expand, collapse, levels) and 整理布局 stay enabled read-only and run", async () => {
    for (const a of ACTIONS) if (a.command) expect(a.edits, a.name).toBe(commandEdits(a.command));
    const ctl = await testController(true);
    const ctx = testContext(ctl);
    ctl.select(['a']);
    for (const name of ['toggleExpand', 'expandToLevel1', 'expandToLevel9999', 'resetLayout']) expect(isEnabled(actionByName(name), ctx), name).toBe(true);
    await actionByName('toggleExpand').perform(ctx);
    expect(ctl.model.get('a')?.collapsed).toBe(true);
    await actionByName('expandToLevel9999').perform(ctx);
    expect(ctl.model.get('a')?.collapsed).toBe(false);
  });

  it('read-only disables every editing action but keeps navigation and export', async () => {
    const ctl = await testController(true);
    const ctx = testContext(ctl);
    ctl.select(['a']);
    for (const a of ACTIONS) if (a.edits) expect(isEnabled(a, ctx), a.name).toBe(false);
    expect(isEnabled(actionByName('copy'), ctx)).toBe(true);
    expect(isEnabled(actionByName('fit'), ctx)).toBe(true);
    ctl.selector.navigate('right');
    expect(ctl.primary).toBe('a1');
    ctl.selector.navigate('left');
    ctl.selector.navigate('down');
    expect(ctl.primary).toBe('b');
    expect(await ctl.io.exportData('txt')).toContain('甲一一');
  });

  it('Shift+arrow extends the selection; the node reached becomes primary; a plain arrow collapses it to one', async () => {
    const ctl = await testController();
    ctl.select(['a']);
    ctl.selector.navigate('down', true);
    expect(ctl.state.selection).toEqual(['a', 'b']);
    ctl.selector.navigate('up', true);
    expect(ctl.state.selection).toEqual(['b', 'a']);
    expect(ctl.primary).toBe('a');
    ctl.selector.navigate('down');
    expect(ctl.state.selection).toEqual(['b']);
  });

  it('collapse hides the subtree in the mirror; expand brings it back in order', async () => {
    const ctl = await testController();
    const ctx = testContext(ctl);
    ctl.select(['a']);
    await actionByName('toggleExpand').perform(ctx);
    expect(ctl.model.get('a')?.collapsed).toBe(true);
    expect(ctl.model.has('a1')).toBe(false);
    expect(ctl.model.flatten().map((n) => n.id)).toEqual(['r', 'a', 'b']);
    await actionByName('toggleExpand').perform(ctx);
    expect(ctl.model.flatten().map((n) => n.id)).toEqual(['r', 'a', 'a1', 'a11', 'b']);
  });

  it('read-only maps fold and unfold without an error, and a note can be opened to read', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    await ctl.open(
      {
        root: {
          data: { id: 'r', text: '根' },
          children: [{ data: { id: 'a', text: '甲', note: '要点' }, children: [{ data: { id: 'a1', text: '甲一' } }] }, { data: { id: 'b', text: '乙' } }],
        },
        template: 'default',
        theme: 'fresh-blue',
        version: '1.4.43',
      },
      true,
    );
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    const ctx = testContext(ctl);
    const opened: string[] = [];
    ctx.ui.openDialog = (k) => opened.push(k);
    ctl.select(['a']);
    await actionByName('toggleExpand').perform(ctx);
    expect(ctl.model.get('a')?.collapsed).toBe(true);
    await actionByName('toggleExpand').perform(ctx);
    expect(ctl.model.has('a1')).toBe(true);
    await actionForKey(key('1', { altKey: true }))!.perform(ctx);
    expect(ctl.model.get('a')?.collapsed).toBe(true);
    await actionForKey(key('2', { altKey: true }))!.perform(ctx);
    expect(ctl.model.has('a1')).toBe(true);
    expect(errors).toEqual([]);
    expect(ctl.state.canUndo).toBe(false);
    expect(isEnabled(actionByName('note'), ctx)).toBe(true);
    await actionByName('note').perform(ctx);
    expect(opened).toEqual(['note']);
    ctl.select(['b']);
    expect(isEnabled(actionByName('note'), ctx)).toBe(false);
  });

  it('engine refusals reach the user in Chinese', async () => {
    const ctl = await testController(true);
    const errors: string[] = [];
    ctl.events.on('error', (m) => errors.push(m));
    await ctl.run('appendChild', ['a']);
    await ctl.run('moveNode', ['a', 'a1']);
    await ctl.io.importData('km', '{"root":');
    expect(errors).toHaveLength(3);
    for (const e of errors) expect(e).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('shortcutLabel', () => {
  it('writes shortcuts as people do, never with key-event names', () => {
    expect(shortcutLabel('Alt+ArrowUp')).toBe('Alt+↑');
    expect(shortcutLabel('Mod+Shift+ArrowDown')).toBe('Ctrl+Shift+↓');
    expect(shortcutLabel('Mod+z')).toBe('Ctrl+z');
    expect(shortcutLabel(undefined)).toBe('');
    for (const a of ACTIONS) expect(shortcutLabel(a.shortcut)).not.toMatch(/Arrow|Mod/);
  });
});

describe('the node menu on a phone', () => {
  // Outside walk at 375 px: 回忆练习 was the last of fourteen items of the long-press sheet.
  it('lists the study actions it can do first; a desk keeps the registry order, and a page without 回忆练习 keeps it in place', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    const ctx = testContext(ctl);
    const desk = menuActions(false, ctx).map((a) => a.name);
    expect(desk.indexOf('recall')).toBeGreaterThan(desk.indexOf('setStudy'));
    expect(
      menuActions(true, ctx)
        .map((a) => a.name)
        .slice(0, 2),
    ).toEqual(['setStudy', 'setNow']);
    const studyPage = { ...ctx, ui: { ...ctx.ui, startRecall: () => {} } };
    expect(
      menuActions(true, studyPage)
        .map((a) => a.name)
        .slice(0, 3),
    ).toEqual(['recall', 'setStudy', 'setNow']);
    expect(menuActions(true, studyPage)).toHaveLength(desk.length);
  });
});
