import { describe, expect, it } from 'vitest';
import { actionByName } from './actions';
import { testContext, testController } from './test-kit';

// An undo or redo that takes a line (关联线) or a summary (概要) away selects the topic it was
// about — the line's source, the summary's range's first topic — and says it, instead of leaving
// nothing selected (which fell back to the central topic). test-kit's map: 根 → 甲 (→ 甲一 →
// 甲一一), 乙.

async function withSaid() {
  const ctl = await testController();
  const said: string[] = [];
  ctl.events.on('announce', (t) => said.push(t));
  return { ctl, said };
}

describe('undo / redo that takes an item away', () => {
  it('redoing a line delete selects its source topic and names it', async () => {
    const { ctl, said } = await withSaid();
    const id = await ctl.execute('addRelationship', ['a1', 'b']);
    await ctl.run('removeRelationship', [[id]]);
    await ctl.undo();
    expect(ctl.relations.state.selected).toBe(id);
    await ctl.redo();
    expect(ctl.model.relationships).toEqual([]);
    expect(ctl.state.selection).toEqual(['a1']);
    expect(said.at(-1)).toBe('已重做，已选中主题：甲一');
    // Undoing the line's creation likewise.
    await ctl.undo();
    await ctl.undo();
    expect(ctl.model.relationships).toEqual([]);
    expect(ctl.state.selection).toEqual(['a1']);
    expect(said.at(-1)).toBe('已撤销，已选中主题：甲一');
  });

  it("undoing a summary's creation and redoing its delete select its range's first topic", async () => {
    const { ctl, said } = await withSaid();
    const two = await ctl.execute('appendChild', ['a', '甲二']);
    ctl.select(['a1', two]);
    const id = (await ctl.addSummary())!;
    expect(ctl.state.summary).toBe(id);
    await ctl.undo();
    expect(ctl.model.summaries.list).toEqual([]);
    expect(ctl.state.selection).toEqual(['a1']);
    expect(said.at(-1)).toBe('已撤销，已选中主题：甲一');

    await ctl.redo();
    expect(ctl.state.summary).toBe(id);
    await ctl.removeSummary(id);
    await ctl.undo();
    expect(ctl.state.summary).toBe(id);
    await ctl.redo();
    expect(ctl.model.summaries.list).toEqual([]);
    expect(ctl.state.selection).toEqual(['a1']);
    expect(said.at(-1)).toBe('已重做，已选中主题：甲一');
  });

  it('a redone topic delete that takes a line with it keeps the usual selection (a neighbour)', async () => {
    const { ctl, said } = await withSaid();
    await ctl.execute('addRelationship', ['b', 'a11']);
    ctl.select(['a11']);
    await ctl.run('removeNode', [['a11']]);
    const after = ctl.state.selection;
    await ctl.undo();
    await ctl.redo();
    expect(ctl.state.selection).toEqual(after);
    expect(said.at(-1)).toBe('已重做');
  });
});

describe('redo of a Delete (issue 31.10)', () => {
  it('selects what the Delete selected (the next sibling), not the root', async () => {
    const { ctl, said } = await withSaid();
    const ctx = testContext(ctl);
    ctl.select(['a']);
    await actionByName('removeNode').perform(ctx);
    expect(ctl.state.selection).toEqual(['b']);
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a']);
    await ctl.redo();
    expect(ctl.state.selection).toEqual(['b']);
    expect(said.at(-1)).toBe('已重做');
  });

  it('a redone Delete of a last child selects its previous sibling, of an only child its parent', async () => {
    const { ctl } = await withSaid();
    const ctx = testContext(ctl);
    const two = await ctl.execute('appendChild', ['a', '甲二']);
    ctl.select([two]);
    await actionByName('removeNode').perform(ctx);
    await ctl.undo();
    await ctl.redo();
    expect(ctl.state.selection).toEqual(['a1']);
    ctl.select(['a11']);
    await actionByName('removeNode').perform(ctx);
    await ctl.undo();
    await ctl.redo();
    expect(ctl.state.selection).toEqual(['a1']);
  });
});
