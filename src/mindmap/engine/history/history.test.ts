import { describe, expect, it } from 'vitest';
import { History } from './history';
import { runCommand } from '../commands/command';
import { getCommand } from '../commands/registry';
import { dump, run, sampleDoc } from '../commands/test-kit';
import type { MindDoc } from '../model/doc';

function exec(doc: MindDoc, h: History, name: string, args: unknown[], mergeKey?: string): unknown {
  const o = runCommand(doc, getCommand(name), args);
  h.record(o.changes, mergeKey);
  return o.result;
}

describe('History', () => {
  it('one command is one step, however many changes it records (a paste of two subtrees)', () => {
    const doc = sampleDoc();
    const h = new History();
    const start = dump(doc);
    exec(doc, h, 'paste', [['B', 'A'], [{ data: { text: 'x' }, children: [{ data: { text: 'y' } }] }]]);
    expect(h.undoDepth).toBe(1);
    h.undo(doc);
    expect(dump(doc)).toBe(start);
  });

  it('folds a typing burst into one step and seals it when something else happens', () => {
    const doc = sampleDoc();
    const h = new History();
    const start = dump(doc);
    for (const t of ['a', 'ab', 'abc']) exec(doc, h, 'editText', ['A', t], 'text:A');
    expect(h.undoDepth).toBe(1);
    exec(doc, h, 'bold', ['A']);
    exec(doc, h, 'editText', ['A', 'abcd'], 'text:A');
    expect(h.undoDepth).toBe(3);
    h.undo(doc);
    h.undo(doc);
    h.undo(doc);
    expect(dump(doc)).toBe(start);
  });

  it('keeps at least 200 steps and a new edit clears redo', () => {
    const doc = sampleDoc();
    const h = new History();
    const start = dump(doc);
    for (let i = 0; i < 250; i++) exec(doc, h, 'editText', ['B', `t${i}`]);
    let n = 0;
    while (h.undo(doc)) n++;
    expect(n).toBe(250);
    expect(dump(doc)).toBe(start);
    h.redo(doc);
    expect(h.canRedo).toBe(true);
    exec(doc, h, 'bold', ['A']);
    expect(h.canRedo).toBe(false);
  });

  it('view mode applies nothing to either stack: no undo step, redo kept', () => {
    const doc = sampleDoc();
    const h = new History();
    exec(doc, h, 'editText', ['B', 'x']);
    h.undo(doc);
    const o = runCommand(doc, getCommand('collapse'), [['A']]);
    h.record(o.changes, undefined, 'view');
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(true);
    h.redo(doc);
    expect(doc.get('B').data.text).toBe('x');
    expect(doc.get('A').data.expandState).toBe('collapse');
  });

  it('a failed command is rolled back and records nothing', () => {
    const doc = sampleDoc();
    const h = new History();
    const start = dump(doc);
    expect(() => exec(doc, h, 'paste', [['B', 'A1a'], [{ data: { text: 'x' }, children: [] }]])).toThrow();
    expect(dump(doc)).toBe(start);
    expect(h.canUndo).toBe(false);
  });

  it('a step skipped whole (its topic deleted elsewhere) leaves nothing to redo', () => {
    const doc = sampleDoc();
    const h = new History();
    exec(doc, h, 'editText', ['A1a', '我的标题']);
    // a classmate deletes the branch (arrives as a sync, outside this history)
    run(doc, 'removeNode', ['A']);
    const step = h.undo(doc);
    expect(step).toEqual({ applied: [], skipped: ['「我的标题」已在别处删除'] });
    expect(h.canRedo).toBe(false);
    expect(h.redo(doc)).toBeNull();
  });

  it('a step skipped in part redoes what it undid, and only that', () => {
    const doc = sampleDoc();
    const h = new History();
    const a = runCommand(doc, getCommand('editText'), ['A1a', '要点']).changes;
    const b = runCommand(doc, getCommand('editText'), ['B', '第二章']).changes;
    h.record([...a, ...b]);
    run(doc, 'removeNode', ['A']);
    const undone = h.undo(doc);
    expect(undone && 'skipped' in undone && undone.skipped).toEqual(['「要点」已在别处删除']);
    expect(doc.get('B').data.text).toBe('B');
    expect(h.canRedo).toBe(true);
    const redone = h.redo(doc);
    expect(redone).toMatchObject({ skipped: [] });
    expect(doc.get('B').data.text).toBe('第二章');
    // and undone again, it is the same part, with nothing more to say
    expect(h.undo(doc)).toMatchObject({ skipped: [] });
    expect(doc.get('B').data.text).toBe('B');
  });
});
