// @vitest-environment node
import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { actionByName, actionForKey, isEnabled } from './actions';
import { READ_ONLY_MSG } from './messages';
import { handleRelationKey } from './relation-keys';
import { relationDescription, relationRowDescription } from './relation-ui';
import { testContext, testController } from './test-kit';

// Relationship lines through the editor's keys on the real engine (no canvas: the arrow keys
// walk the tree): linking, selecting, Delete, Esc, undo, read-only refusal.

const key = (k: string, mods: Partial<KeyboardEvent> = {}): KeyboardEvent =>
  ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, preventDefault: () => {}, ...mods }) as KeyboardEvent;

async function linked() {
  const ctl = await testController();
  const said: string[] = [];
  const errors: string[] = [];
  ctl.events.on('announce', (m) => said.push(m));
  ctl.events.on('error', (m) => errors.push(m));
  return { ctl, tool: ctl.relations, said, errors };
}

describe('relationship lines in the editor', () => {
  it('关联线 then arrows + Enter adds a line from the selected node, selected, told in the tree', async () => {
    const { ctl, tool, said } = await linked();
    ctl.select(['a']);
    await actionByName('addRelation').perform(testContext(ctl));
    expect(tool.state.linking).toEqual({ from: 'a', target: null });
    // Stray keys are swallowed in the mode: nothing is edited.
    expect(handleRelationKey(key('x'), ctl)).toBe(true);
    expect(handleRelationKey(key('ArrowDown'), ctl)).toBe(true);
    expect(tool.state.linking?.target).toBe('b');
    handleRelationKey(key('Enter'), ctl);
    await ctl.settled();
    await expect.poll(() => ctl.model.relationships.length).toBe(1);
    expect(said).toContain('已添加关联线：甲 → 乙');
    expect(tool.state.selected).toBe(ctl.model.relationships[0].id);
    // the line alone: typed text labels it (with 甲 still selected, it renamed 甲)
    expect(ctl.state.selection).toEqual([]);
    expect(tool.typeLabel('')).toBe(false); // (an IME composition under way: the field opens when it ends)
    expect(tool.typeLabel('因')).toBe(true);
    expect(tool.state).toMatchObject({ editing: tool.state.selected, typed: '因' });
    await tool.commitLabel(tool.state.selected!, '因果');
    expect(ctl.model.relationships[0].title).toBe('因果');
    expect(ctl.model.get('a')?.text).toBe('甲');
    // Esc goes back to the topic the line starts from
    expect(handleRelationKey(key('Escape'), ctl)).toBe(true);
    expect(ctl.state.selection).toEqual(['a']);
    expect(tool.typeLabel('x')).toBe(false);
    expect(relationDescription(tool, 'a')).toBe('关联到：乙（因果）');
    expect(relationDescription(tool, 'b')).toBe('来自：甲（因果）');
    expect(relationDescription(tool, 'r')).toBe('');
  });

  it('Delete removes the selected line (not the node), Ctrl+Z brings it back; Esc deselects', async () => {
    const { ctl, tool, said } = await linked();
    tool.start('a');
    handleRelationKey(key('ArrowDown'), ctl);
    await tool.finish('b');
    expect(handleRelationKey(key('Delete'), ctl)).toBe(true);
    await ctl.settled();
    expect(ctl.model.relationships).toEqual([]);
    expect(ctl.model.get('b')).toBeDefined();
    expect(said).toContain('已删除关联线');
    await ctl.undo();
    expect(ctl.model.relationships).toHaveLength(1);
    tool.select(ctl.model.relationships[0].id);
    expect(handleRelationKey(key('Escape'), ctl)).toBe(true);
    expect(tool.state.selected).toBeNull();
    // Without a line selected, Delete is the map's again.
    expect(handleRelationKey(key('Delete'), ctl)).toBe(false);
  });

  it('saving a line label with no topic selected keeps only the line selected (not the root)', async () => {
    const { ctl, tool } = await linked();
    tool.start('a');
    await tool.finish('b');
    const line = ctl.model.relationships[0].id;
    ctl.select([]);
    tool.select(line);
    tool.editLabel(line);
    await tool.commitLabel(line, '因果');
    await ctl.settled();
    expect(ctl.model.relationships[0].title).toBe('因果');
    expect(tool.state.selected).toBe(line);
    expect(ctl.state.selection).toEqual([]);
  });

  it('the toolbar 删除 is offered for a selected line (no topic selected) and removes the line, selecting the topic it started from', async () => {
    const { ctl, tool } = await linked();
    tool.start('a');
    await tool.finish('b');
    ctl.select([]);
    tool.select(ctl.model.relationships[0].id);
    const del = actionByName('removeNode');
    const ctx = testContext(ctl);
    expect(isEnabled(del, ctx)).toBe(true);
    await del.perform(ctx);
    await ctl.settled();
    expect(ctl.model.relationships).toEqual([]);
    expect(ctl.model.get('a')).toBeDefined();
    // the topic the line started from is selected then (not the root): 删除 is its now
    expect(ctl.state.selection).toEqual(['a']);
    expect(tool.state.selected).toBeNull();
  });

  it('Esc leaves linking with no line; the same pair twice is refused in Chinese', async () => {
    const { ctl, tool, errors } = await linked();
    tool.start('a');
    handleRelationKey(key('Escape'), ctl);
    expect(tool.state.linking).toBeNull();
    tool.start('a');
    await tool.finish('b');
    ctl.select(['a']);
    tool.start('a');
    await tool.finish('b');
    expect(errors).toEqual(['这两个主题之间已有同方向的关联线，已选中这条关联线']);
    expect(ctl.model.relationships).toHaveLength(1);
    // the line already there is selected alone: Delete is the line's, not 甲's
    expect(tool.state.selected).toBe(ctl.model.relationships[0].id);
    expect(ctl.state.selection).toEqual([]);
    expect(handleRelationKey(key('Delete'), ctl)).toBe(true);
    await ctl.settled();
    expect(ctl.model.relationships).toEqual([]);
    expect(ctl.model.get('a')).toBeDefined();
  });

  it('F2 edits the label; a read-only map refuses linking and disables 关联线', async () => {
    const { ctl, tool } = await linked();
    tool.start('a');
    const id = (await tool.finish('b'))!;
    handleRelationKey(key('F2'), ctl);
    expect(tool.state.editing).toBe(id);
    await tool.commitLabel(id, '因果');
    expect(ctl.model.relationships[0].title).toBe('因果');
    expect(relationDescription(tool, 'b')).toBe('来自：甲（因果）');

    const ro = await testController(true);
    const errors: string[] = [];
    ro.events.on('error', (m) => errors.push(m));
    ro.select(['a']);
    expect(isEnabled(actionByName('addRelation'), testContext(ro))).toBe(false);
    ro.relations.start('a');
    expect(ro.relations.state.linking).toBeNull();
    expect(errors).toEqual([READ_ONLY_MSG]);
  });

  it("Alt+L walks the selected topic's lines, then the whole map's; Esc goes back to the topic", async () => {
    const { ctl, tool, said } = await linked();
    const altL = (over: Partial<KeyboardEvent> = {}) =>
      actionForKey({ key: 'l', code: 'KeyL', altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, ...over });
    // (Option+L types ¬ on a Mac: the physical key still says L)
    expect(altL({ key: '¬' })?.name).toBe('selectRelation');
    expect(altL()?.name).toBe('selectRelation');
    const walk = () => altL()!.perform(testContext(ctl));

    ctl.select(['a']);
    await walk();
    expect(said.at(-1)).toBe('导图中没有关联线');
    expect(tool.state.selected).toBeNull();

    await ctl.run('addRelationship', ['a', 'b']);
    await ctl.run('addRelationship', ['a1', 'a']);
    await ctl.run('addRelationship', ['b', 'a11']);
    const [ab, a1a, b11] = ctl.model.relationships.map((r) => r.id);
    await ctl.run('setRelationshipTitle', [a1a, '因果']);
    expect(relationRowDescription(tool, 'a')).toBe('关联到：乙；来自：甲一（因果），按 Alt+L 逐条选择');
    expect(relationRowDescription(tool, 'r')).toBeUndefined();

    ctl.select(['a']);
    await walk();
    // The line alone is selected (Delete, F2, Shift+F10 are the line's), drawn selected.
    expect(tool.state.selected).toBe(ab);
    expect(ctl.state.selection).toEqual([]);
    expect(said.at(-1)).toMatch(/^已选中关联线：甲 → 乙，第 1\/2 条，/);
    await walk();
    expect(tool.state.selected).toBe(a1a);
    expect(said.at(-1)).toMatch(/^已选中关联线：甲一 → 甲，标签「因果」，第 2\/2 条，/);
    await walk();
    expect(tool.state.selected).toBe(ab);
    expect(handleRelationKey(key('Escape'), ctl)).toBe(true);
    expect(tool.state.selected).toBeNull();
    expect(ctl.state.selection).toEqual(['a']);

    // A topic without lines: the whole map's lines.
    ctl.select(['r']);
    await walk();
    expect(said.at(-1)).toMatch(/^已选中关联线：甲 → 乙，第 1\/3 条（全图），/);
    await walk();
    await walk();
    expect(tool.state.selected).toBe(b11);
    // An arrow goes back to the topic first, and moves on from there.
    expect(handleRelationKey(key('ArrowDown'), ctl)).toBe(false);
    expect(ctl.state.selection).toEqual(['r']);

    // Delete removes the line reached by Alt+L, and its topic is selected again (not the root).
    ctl.select(['b']);
    await walk();
    expect(tool.state.selected).toBe(b11);
    expect(handleRelationKey(key('Delete'), ctl)).toBe(true);
    await ctl.settled();
    expect(ctl.model.relationships.map((r) => r.id)).toEqual([ab, a1a]);
    expect(ctl.state.selection).toEqual(['b']);

    // Another topic chosen meanwhile (a tree row): the line lets go, Delete is the topic's again.
    await walk();
    expect(tool.state.selected).toBe(ab);
    ctl.select(['a1']);
    expect(tool.state.selected).toBeNull();
    expect(handleRelationKey(key('Delete'), ctl)).toBe(false);
  });
});
