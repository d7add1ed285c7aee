// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionByName } from './actions';
import { testContext, testController } from './test-kit';
import { ToolMachine, type ToolState } from './tools';

// The editor's modes as one state machine (tools.ts): its rules alone, then the editor's parts
// (linking, 多选, hand, the text field, read-only) keeping to them on the real engine.

function machine(readOnly = false) {
  const ro = { on: readOnly };
  const tools = new ToolMachine(() => ro.on);
  const seen: [ToolState, ToolState][] = [];
  tools.subscribe((now, was) => seen.push([now, was]));
  return { tools, ro, seen };
}

describe('the tools state machine', () => {
  it('starts in select, idle; a temporary tool goes back to the pointer tool chosen before it', () => {
    const { tools } = machine();
    expect(tools.state).toEqual({ tool: 'select', activity: 'idle', base: 'select' });
    tools.use('hand');
    tools.use('link');
    expect(tools.view()).toBe('hand');
    expect(tools.leave('link')).toBe(true);
    expect(tools.state).toEqual({ tool: 'hand', activity: 'idle', base: 'hand' });
    tools.use('multi');
    tools.use('select');
    expect(tools.state).toEqual({ tool: 'select', activity: 'idle', base: 'select' });
    expect(tools.leave('multi')).toBe(false);
  });

  it('one temporary tool replaces another: 多选 ends linking and the other way round', () => {
    const { tools } = machine();
    tools.use('link');
    tools.use('multi');
    expect(tools.is('link')).toBe(false);
    tools.use('link');
    expect(tools.is('multi')).toBe(false);
  });

  it('says SPEC §4’s status from the activity and the selection', () => {
    const { tools } = machine();
    expect(tools.status(false)).toBe('normal');
    expect(tools.status(true)).toBe('inputready');
    expect(tools.begin('text')).toBe(true);
    expect(tools.status(true)).toBe('textedit');
    tools.end('drag'); // not the activity under way: nothing ends
    expect(tools.doing('text')).toBe(true);
    tools.end('text');
    expect(tools.begin('drag')).toBe(true);
    expect(tools.status(true)).toBe('dragtree');
  });

  it('never drags a topic in hand or while linking; text may be edited in every tool', () => {
    const { tools } = machine();
    for (const tool of ['hand', 'link'] as const) {
      tools.use(tool);
      expect(tools.begin('drag'), tool).toBe(false);
      expect(tools.begin('text'), tool).toBe(true);
      tools.end('text');
    }
  });

  it('a switch of tool ends the activity under way; the same tool again keeps it', () => {
    const { tools } = machine();
    tools.begin('text');
    tools.use('select');
    expect(tools.doing('text')).toBe(true);
    tools.use('hand');
    expect(tools.doing('idle')).toBe(true);
  });

  it('read-only: only looking and choosing; becoming read-only ends linking and the text edit', () => {
    const { tools, ro, seen } = machine();
    tools.use('link');
    tools.begin('text');
    ro.on = true;
    expect(tools.readOnlyNow()).toBe(true);
    expect(tools.state).toEqual({ tool: 'select', activity: 'idle', base: 'select' });
    expect(tools.status(true)).toBe('readonly');
    expect(tools.view()).toBe('readonly');
    expect(tools.use('link')).toBe(false);
    expect(tools.begin('text')).toBe(false);
    expect(tools.begin('drag')).toBe(false);
    expect(tools.use('hand')).toBe(true);
    expect(tools.view()).toBe('hand');
    expect(tools.use('multi')).toBe(true);
    // every change was heard once, with what it was before
    expect(seen.map(([now]) => `${now.tool}/${now.activity}`)).toEqual(['link/idle', 'link/text', 'select/idle', 'hand/idle', 'multi/idle']);
  });
});

describe('the editor keeps to its tools', () => {
  it('关联线 is the link tool; choosing hand or 多选 ends the line begun, and Esc goes back to hand', async () => {
    const ctl = await testController();
    const said: string[] = [];
    ctl.events.on('announce', (m) => said.push(m));
    ctl.select(['a']);
    await actionByName('addRelation').perform(testContext(ctl));
    expect(ctl.tools.is('link')).toBe(true);
    ctl.multi.enter();
    expect(ctl.relations.state.linking).toBeNull();
    expect(ctl.multi.active).toBe(true);
    expect(said.at(-1)).toBe('多选：点按主题加入或移出选择');

    ctl.tools.use('hand');
    expect(ctl.multi.active).toBe(false);
    expect(ctl.state.view).toBe('hand');
    ctl.relations.start('a');
    expect(ctl.relations.state.linking).toEqual({ from: 'a', target: null });
    ctl.relations.cancel();
    expect(ctl.tools.state).toEqual({ tool: 'hand', activity: 'idle', base: 'hand' });
    expect(ctl.state.view).toBe('hand');
  });

  it('the state’s status follows the text field and the selection, never set by hand', async () => {
    const ctl = await testController();
    ctl.select(['a']);
    expect(ctl.state.status).toBe('inputready');
    ctl.tools.begin('text');
    expect(ctl.state.status).toBe('textedit');
    ctl.select(['b']);
    expect(ctl.state.status).toBe('textedit');
    ctl.tools.end('text');
    expect(ctl.state.status).toBe('inputready');
    ctl.select([]);
    expect(ctl.state.status).toBe('normal');
  });

  it("a line's label in its field is the text activity, as a title is: textedit until it is saved or dropped", async () => {
    const ctl = await testController();
    ctl.select(['a']);
    await ctl.run('addRelationship', ['a', 'b']);
    const line = ctl.model.relationships[0]!.id;
    ctl.relations.editLabel(line);
    expect(ctl.tools.doing('text')).toBe(true);
    expect(ctl.state.status).toBe('textedit');
    await ctl.relations.commitLabel(line, '因果');
    expect(ctl.tools.doing('text')).toBe(false);
    expect(ctl.model.relationships[0]!.title).toBe('因果');

    ctl.relations.editLabel(line);
    ctl.relations.editLabel(null); // Esc
    expect(ctl.tools.state.activity).toBe('idle');
    ctl.relations.editLabel(line);
    await ctl.run('removeRelationship', [line]); // gone meanwhile (undo, another tab)
    expect(ctl.relations.state.editing).toBeNull();
    expect(ctl.tools.doing('text')).toBe(false);
  });

  it('a map opened read-only is in the readonly status and refuses the link tool', async () => {
    const ctl = await testController(true);
    expect(ctl.state.status).toBe('readonly');
    expect(ctl.state.view).toBe('readonly');
    ctl.relations.start('a');
    expect(ctl.tools.is('link')).toBe(false);
    expect(ctl.relations.state.linking).toBeNull();
  });
});
