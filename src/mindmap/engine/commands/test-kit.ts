import { expect } from 'vitest';
import { runCommand } from './command';
import { getCommand } from './registry';
import { History } from '../history/history';
import { MindDoc } from '../model/doc';
import { encodeKm } from '../protocols/km';

// Test-only helpers shared by the command tests.

/** R(level 1) → A(2) → A1(3) → A1a(4); R → B(2, with an offset); R → C(2, collapsed) → C1(3). */
export function sampleDoc(): MindDoc {
  return new MindDoc({
    root: {
      data: { id: 'R', text: 'Root' },
      children: [
        { data: { id: 'A', text: 'A' }, children: [{ data: { id: 'A1', text: 'A1' }, children: [{ data: { id: 'A1a', text: 'A1a' }, children: [] }] }] },
        { data: { id: 'B', text: 'B', layout_mind_offset: { x: 5, y: 6 }, custom: 'keep' }, children: [] },
        { data: { id: 'C', text: 'C', expandState: 'collapse' }, children: [{ data: { id: 'C1', text: 'C1' }, children: [] }] },
      ],
    },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  });
}

export function dump(doc: MindDoc): string {
  return encodeKm(doc.toKm());
}

/** Applies a command, then proves undo restores the original bytes and redo the result bytes. */
export function checkUndoRedo(doc: MindDoc, name: string, args: unknown[]): { result: unknown; before: string; after: string } {
  const before = dump(doc);
  const history = new History();
  const { result, changes } = runCommand(doc, getCommand(name), args);
  history.record(changes);
  const after = dump(doc);
  expect(after).not.toBe(before);
  history.undo(doc);
  expect(dump(doc)).toBe(before);
  history.redo(doc);
  expect(dump(doc)).toBe(after);
  return { result, before, after };
}

export function run(doc: MindDoc, name: string, ...args: unknown[]): unknown {
  return runCommand(doc, getCommand(name), args).result;
}
