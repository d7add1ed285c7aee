import { describe, expect, it, vi } from 'vitest';
import { handleMapKey } from './keyboard';
import type { KeyPress } from './key-queue';
import { queuedInput } from './queued-input';
import type { useTextEdit } from './text-edit';
import { testContext, testController } from './test-kit';

// Keys pressed faster than the worker answers (issue 30.4), against the controller on the real
// engine: each key acts on what the keys before it made, in the order pressed.

const press = (key: string, shiftKey = false): KeyPress => ({
  key,
  code: key,
  shiftKey,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  preventDefault: () => {},
});

/** `fieldOpens`: an insert opens the edit field at once, as text-edit.ts#beginInsert does. */
async function setup(fieldOpens = false) {
  const ctl = await testController();
  const ctx = testContext(ctl);
  const said: string[] = [];
  // The edit field as far as the queue needs it: where queued text and keys land, and on which topic.
  const editing: { current: object | null } = { current: null };
  const field = {
    editing,
    typeQueued: (v: string) => said.push(editing.current ? `${v}→编辑框` : `${v}→${ctl.model.get(ctl.primary!)?.text}`),
    keyQueued: (k: string) => {
      said.push(`${k}→编辑框`);
      if (k === 'Enter') editing.current = null;
    },
  } as unknown as ReturnType<typeof useTextEdit>;
  ctx.ui.beginInsert = () => void (said.push('插入'), fieldOpens && (editing.current = {}));
  ctx.ui.endInsert = (id) => void said.push(id ? '已插入' : '未插入');
  const deps = { ctx, openNodeMenu: () => {}, cycleRegion: () => {}, pasteFallback: () => {} };
  const queued = queuedInput(ctl, field, (k) => handleMapKey(k, deps));
  const key = (k: KeyPress) => queued.key(k, true, () => handleMapKey(k, deps));
  const idle = async () => {
    await vi.waitFor(() => expect(ctl.keys.busy).toBe(false));
    await ctl.settled();
  };
  const children = (id: string) => ctl.model.get(id)!.children.map((c) => ctl.model.get(c)!.children.length);
  return { ctl, key, queued, said, idle, children, editing };
}

describe('keys in a burst', () => {
  it('Tab, Enter, Tab with no wait: a child, its sibling, and a child of that sibling', async () => {
    const { ctl, key, idle, children } = await setup();
    ctl.select(['b']);
    key(press('Tab'));
    key(press('Enter'));
    key(press('Tab'));
    await idle();
    // b has two children (not a stray sibling of b under the root), the second with one child.
    expect(ctl.model.get('r')!.children).toEqual(['a', 'b']);
    expect(children('b')).toEqual([0, 1]);
    const [, second] = ctl.model.get('b')!.children;
    expect(ctl.primary).toBe(ctl.model.get(second)!.children[0]);
  });

  it('text typed while an insert waits goes to the new topic, in its turn after the keys before it', async () => {
    const { ctl, key, queued, said, idle } = await setup();
    ctl.select(['b']);
    key(press('Tab'));
    // The armed field's text: queued (the field is cleared), not opened on 乙 now.
    expect(queued.typeLater('甲')).toBe(true);
    key(press('Delete'));
    expect(queued.typeLater('丙')).toBe(true);
    await idle();
    // 甲 reached the new topic (分支主题); Delete removed it and 丙 then went to 乙, selected after it.
    expect(said).toEqual(['插入', '已插入', '甲→分支主题', '丙→乙']);
    expect(ctl.model.get('b')!.children).toEqual([]);
  });

  it('text and Enter queued behind an insert go into its edit field without waiting for its answer', async () => {
    const { ctl, key, queued, said, idle, editing } = await setup(true);
    ctl.select(['b']);
    key(press('Tab'));
    // The first insert's own field takes Enter directly (not queued): closed before its answer.
    editing.current = null;
    key(press('Enter'));
    queued.typeLater('乙');
    key(press('Enter'));
    await idle();
    // The second insert's field took 乙 and Enter before that insert was answered: nothing typed
    // after them could reach its field first.
    expect(said).toEqual(['插入', '已插入', '插入', '乙→编辑框', 'Enter→编辑框', '已插入']);
  });

  it('with nothing waiting, keys act at once and text is not queued', async () => {
    const { ctl, key, queued } = await setup();
    ctl.select(['a']);
    key(press('ArrowRight'));
    expect(ctl.primary).toBe('a1');
    expect(queued.typeLater('x')).toBe(false);
  });
});
