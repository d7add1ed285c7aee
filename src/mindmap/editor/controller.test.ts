// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { KmDocument } from '../engine/model/types';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { actionByName } from './actions';
import { EditorController } from './controller';
import { testContext, testController } from './test-kit';

// What a map opens on (issue 17): the node it is centred on is the selected one, so the phone's
// action bar (and the keys) act on the node in view.

const map = (nowId?: string): KmDocument => {
  const d = (id: string, text: string) => ({ id, text, ...(id === nowId ? { isNow: 1 } : {}) });
  return {
    root: {
      data: d('r', '根'),
      children: [
        { data: d('a', '甲'), children: [{ data: d('a1', '甲一') }] },
        { data: d('b', '乙'), children: [] },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  };
};

async function opened(doc: KmDocument, readOnly = false): Promise<EditorController> {
  const ctl = new EditorController(localEngine(createEngineHost()));
  await ctl.open(doc, readOnly);
  return ctl;
}

describe('opening a map', () => {
  it('selects the 正在学 node of a study map: 插入下级主题 adds under it', async () => {
    const ctl = await opened(map('a1'));
    expect(ctl.state.selection).toEqual(['a1']);
    await actionByName('appendChild').perform(testContext(ctl));
    const added = ctl.model.get('a1')!.children;
    expect(added).toHaveLength(1);
    expect(ctl.model.get('r')!.children).toEqual(['a', 'b']);
  });

  it('selects it on a read-only map too (知识点详情)', async () => {
    expect((await opened(map('b'), true)).state.selection).toEqual(['b']);
  });

  it('opened again (made 只读): the selection stays on the topics still there; none left, the opening topic', async () => {
    const ctl = await testController();
    ctl.select(['a1', 'b']);
    const km = await ctl.engine.toKm();
    await ctl.open(km, true, { keepPlace: true });
    expect(ctl.getState().selection).toEqual(['a1', 'b']);
    expect(ctl.getState().readOnly).toBe(true);
    ctl.select(['a11']);
    km.root.children![0].children = [];
    await ctl.open(km, true, { keepPlace: true });
    expect(ctl.getState().selection).toEqual(['r']);
  });

  it('keeps the root selected on a map with no 正在学 node', async () => {
    expect((await opened(map())).state.selection).toEqual(['r']);
  });
});

describe('import and its undo', () => {
  it('undoing an import selects again what was selected before it (the root if it is gone); redo selects the new root', async () => {
    const ctl = await testController();
    const steps: boolean[] = [];
    ctl.events.on('importStep', (undone) => steps.push(undone));
    ctl.select(['a1']);
    await ctl.io.importFile('txt', '新图\n\t一\n');
    expect(ctl.model.get(ctl.primary!)?.text).toBe('新图');
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a1']);
    await ctl.redo();
    expect(ctl.model.get(ctl.primary!)?.text).toBe('新图');
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a1']);
    expect(steps).toEqual([true, false, true]);

    // An ordinary undo after an import undone is no import step.
    await ctl.execute('removeNode', [['a']]);
    ctl.select(['b']);
    await ctl.undo();
    expect(steps).toEqual([true, false, true]);
  });
});

describe('the selection when the map changes under it', () => {
  it('undoing an inserted child selects its parent again (its nearest remaining ancestor), not the root', async () => {
    const ctl = await testController();
    ctl.select(['a1']);
    await actionByName('appendChild').perform(testContext(ctl));
    expect(ctl.state.selection).not.toEqual(['a1']);
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a1']);
  });

  it('undoing a delete selects the topics it brings back, not a neighbour; redo of an insert selects the topic again', async () => {
    const ctl = await testController();
    ctl.select(['a']);
    await actionByName('removeNode').perform(testContext(ctl));
    expect(ctl.model.has('a')).toBe(false);
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a']);
    ctl.select(['b']);
    await actionByName('appendSibling').perform(testContext(ctl));
    const added = ctl.state.selection[0];
    await ctl.undo();
    await ctl.redo();
    expect(ctl.state.selection).toEqual([added]);
  });

  it('redoing a move into a folded topic keeps the moved topic selected, not the children the fold hid (a Delete then took them)', async () => {
    const doc = map();
    doc.root.children![0].data.expandState = 'collapse';
    const ctl = await opened(doc);
    expect(ctl.model.has('a1')).toBe(false);
    ctl.select(['b']);
    await ctl.run('moveNode', ['b', 'a']);
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['b']);
    await ctl.redo();
    expect(ctl.model.has('a1')).toBe(true);
    expect(ctl.state.selection).toEqual(['b']);
  });
});
