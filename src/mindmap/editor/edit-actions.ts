import { define, notRoot, one, primary, sel } from './action-kit';
import type { MapClip } from '../engine/commands/clipboard';
import type { Action, ActionContext } from './actions';
import { selectedAfterDelete } from './selection-memory';
import { insertRefusal } from './depth-rule';
import { userMessage } from './messages';

// The registry's topic edits (actions.ts lists them first, in this order: the toolbar and the
// node menu show them so): insert, edit text, delete, relationship line, undo/redo, clipboard,
// select all, move up/down, with what insert and delete do around the engine command.

export function editActions(): Action[] {
  return [
    define({
      name: 'appendChild',
      label: '插入下级主题',
      shortcut: 'Tab',
      keys: ['Insert'],
      in: ['toolbar', 'menu'],
      command: 'appendChild',
      enabled: one,
      perform: (c) => insert(c, 'appendChild'),
    }),
    define({
      name: 'appendSibling',
      label: '插入同级主题',
      shortcut: 'Enter',
      in: ['toolbar', 'menu'],
      command: 'appendSibling',
      enabled: one,
      perform: (c) => insert(c, 'appendSibling'),
    }),
    define({
      name: 'appendParent',
      label: '插入上级主题',
      shortcut: 'Shift+Tab',
      keys: ['Shift+Insert'],
      in: ['menu'],
      command: 'appendParent',
      enabled: notRoot,
      perform: (c) => insert(c, 'appendParent'),
    }),
    define({
      name: 'editText',
      label: '编辑文字',
      shortcut: 'F2',
      in: ['menu'],
      command: 'editText',
      // A selected line's label or summary's text, as F2 edits them (the phone bar's 编辑 has no F2).
      enabled: (c) => one(c) || !!c.ctl.relations.state.selected || !!c.ctl.state.summary,
      perform: (c) => {
        const line = c.ctl.relations.state.selected;
        if (line) return c.ctl.relations.editLabel(line);
        if (c.ctl.state.summary) return c.ui.editSummary?.(c.ctl.state.summary);
        return c.ui.editText(primary(c));
      },
    }),
    define({
      name: 'removeNode',
      label: '删除',
      shortcut: 'Delete',
      keys: ['Backspace'],
      in: ['toolbar', 'menu'],
      command: 'removeNode',
      // A selected line or summary goes first, as with the Delete key (relation-tool, summary-keys).
      enabled: (c) => notRoot(c) || !!c.ctl.relations.state.selected || !!c.ctl.state.summary,
      perform: (c) => {
        const line = c.ctl.relations.state.selected;
        if (line) return c.ctl.relations.remove(line);
        if (c.ctl.state.summary) return c.ctl.removeSummary(c.ctl.state.summary);
        return remove(c);
      },
    }),
    define({
      name: 'addRelation',
      label: '关联线',
      shortcut: 'Mod+L',
      in: ['toolbar', 'menu'],
      command: 'addRelationship',
      enabled: one,
      perform: (c) => c.ctl.relations.start(primary(c)),
    }),
    define({ name: 'undo', label: '撤销', shortcut: 'Mod+Z', in: ['toolbar'], edits: true, enabled: (c) => c.ctl.state.canUndo, perform: (c) => c.ctl.undo() }),
    define({
      name: 'redo',
      label: '重做',
      shortcut: 'Mod+Y',
      keys: ['Mod+Shift+Z'],
      in: ['toolbar'],
      edits: true,
      enabled: (c) => c.ctl.state.canRedo,
      perform: (c) => c.ctl.redo(),
    }),
    define({ name: 'copy', label: '复制', shortcut: 'Mod+C', in: ['menu'], edits: false, enabled: one, perform: (c) => toClipboard(c, c.ctl.io.copy()) }),
    define({
      name: 'cut',
      label: '剪切',
      shortcut: 'Mod+X',
      in: ['menu'],
      command: 'cut',
      enabled: notRoot,
      // a cut removes as a delete does: it waits for a classmate typing in the branch too
      perform: (c) => (refusedForTyping(c, sel(c)) ? undefined : toClipboard(c, c.ctl.io.cut())),
    }),
    define({ name: 'paste', label: '粘贴', shortcut: 'Mod+V', in: ['menu'], command: 'paste', enabled: one, perform: (c) => c.ui.paste() }),
    define({ name: 'selectAll', label: '全选', shortcut: 'Mod+A', in: [], edits: false, enabled: () => true, perform: (c) => c.ctl.selector.selectAll() }),
    define({
      name: 'arrangeUp',
      label: '上移',
      shortcut: 'Alt+ArrowUp',
      in: ['menu'],
      command: 'arrange',
      enabled: notRoot,
      perform: (c) => c.ctl.run('arrange', [sel(c), -1]),
    }),
    define({
      name: 'arrangeDown',
      label: '下移',
      shortcut: 'Alt+ArrowDown',
      in: ['menu'],
      command: 'arrange',
      enabled: notRoot,
      perform: (c) => c.ctl.run('arrange', [sel(c), 1]),
    }),
  ];
}

/** The copy goes to the system clipboard too; resolves when the map's own clipboard has it. */
function toClipboard(c: ActionContext, clip: Promise<MapClip | undefined>): Promise<unknown> {
  c.ui.toSystemClipboard(clip);
  return clip;
}

async function insert(c: ActionContext, name: 'appendChild' | 'appendSibling' | 'appendParent'): Promise<void> {
  const at = primary(c);
  const refusal = insertRefusal(c.ctl.model, name, at);
  if (refusal) {
    // Refused before any field opens: the title typed next is for a topic that will not exist.
    c.ctl.keys.refused.refuse(refusal);
    return c.ctl.reportError(refusal);
  }
  // Named here, as the key is pressed: what the page keeps before the worker answers (a title
  // typed, the topics later keys make next to it) refers to the topic by the id it will have.
  const named = c.ctl.keys.takeName();
  c.ui.beginInsert({ name, at }, named);
  const epoch = c.ctl.selector.epoch;
  let id: string | undefined;
  try {
    id = await c.ctl.execute(name, [at, '分支主题', named]);
  } catch (e) {
    // The engine refused it (a rule the mirror cannot see: a folded branch's depth, a limit).
    const message = userMessage(e);
    c.ctl.keys.refused.refuse(message);
    c.ctl.reportError(message);
  }
  // (a click elsewhere before the answer keeps what it chose)
  if (id && c.ctl.selector.epoch === epoch) c.ctl.select([id]);
  // Also on failure: ends the type-ahead, closing the field on what was typed into it.
  c.ui.endInsert(id ?? '');
}

/**
 * Someone typing a title in a branch about to go (delete, cut) — a classmate, or the student in
 * another page of theirs: the text is not saved yet, so the delete waits, said by name.
 */
function refusedForTyping(c: ActionContext, ids: readonly string[]): boolean {
  const typing = c.ctl.doc.typingIn(ids);
  if (!typing) return false;
  const title = c.ctl.model.get(typing.id)?.text || '分支主题';
  c.ctl.reportError(typing.mine ? `你的另一个页面正在编辑「${title}」，在那里写完再删除` : `${typing.name}正在编辑「${title}」，等对方写完再删除`);
  return true;
}

/** Delete: then the next sibling is selected, else the previous one, else the parent (never a jump to the root). */
async function remove(c: ActionContext): Promise<void> {
  const gone = sel(c).filter((id) => id !== c.ctl.model.rootId);
  if (refusedForTyping(c, gone)) return;
  const next = selectedAfterDelete(c.ctl.model, gone, primary(c));
  const epoch = c.ctl.selector.epoch;
  const removed = await c.ctl.run('removeNode', [gone]);
  // The neighbour, unless the student chose something meanwhile (a click on empty canvas: keys
  // typed next must not open on a neighbour selected behind their back).
  if (removed && next && c.ctl.selector.epoch === epoch) c.ctl.select([next]);
}
