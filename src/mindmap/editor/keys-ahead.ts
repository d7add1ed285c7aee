import type { InsertAt } from './editor-state';
import type { KeptTitle } from './kept-titles';

// What the keys still waiting in the key queue (key-queue.ts) will make, worked out without the
// worker: a page going away before the worker answered the insert they wait for keeps these
// titles with its draft, each new topic under the id it is (or will be) made with — named as its
// key was pressed —, so a chain of inserts (a child, then its siblings) is made again in order on
// reopening, and a topic the page did make before it went is renamed, never made twice. The student saw
// every one of these keys land (the field opened, the title typed); none may vanish because the
// worker was a few answers behind when the tab closed.

/** A key or a text that waits in the queue, as the queue will apply it; `id`: the id a topic the key inserts is made with. */
export type QueuedInput = { key: string; shift: boolean; id?: string } | { text: string };

/** Where the keys in the queue start from. */
export interface AheadStart {
  /** The open edit field: the topic it edits ('' : the insert under way), its text, and whether it was typed into (else its text is replaced). */
  field: { id: string; text: string; typed: boolean } | null;
  /**
   * The insert under way, not answered yet: where it is made, the name its topic is kept by, and
   * the title confirmed for it with its field closed (null: none).
   */
  inserting: { at: InsertAt; name: string; committed: string | null } | null;
  /** The selected topic (the one the next map key acts on when no field is open and no insert is under way). */
  selected: string | null;
}

const NEW_TITLE = '分支主题';

interface Field {
  /** The topic: its id, or the name of a topic not made yet. */
  id: string;
  text: string;
  typed: boolean;
  /** Set for a topic being inserted: it is kept with its place even untitled (later ones may go under it). */
  at?: InsertAt;
}

/**
 * The titles the open field and the queued keys amount to, in order (a later one for the same
 * topic supersedes an earlier). Inserts get the id their key was named with when it was queued (the id the topic is made with), else one from `name()`. Keys whose effect cannot be
 * known without the worker (arrows, Delete, undo, Shift+Tab) end it: what follows them is not kept.
 */
export function keysAhead(start: AheadStart, queued: readonly QueuedInput[], name: () => string): KeptTitle[] {
  const out: KeptTitle[] = [];
  const insertName = start.inserting?.name;
  let selected = start.inserting ? start.inserting.name : start.selected;
  let field: Field | null = start.field
    ? {
        ...start.field,
        id: start.field.id || insertName || '',
        ...(!start.field.id && start.inserting ? { at: start.inserting.at } : {}),
      }
    : null;
  if (field && !field.id) field = null;
  // its field closed already (Enter, Escape): the topic is on its way, with what was confirmed
  if (!field && start.inserting) out.push({ id: start.inserting.name, at: start.inserting.at, text: start.inserting.committed ?? NEW_TITLE });
  const close = () => {
    if (!field) return;
    if (field.at) out.push({ id: field.id, at: field.at, text: field.text });
    else if (field.typed) out.push({ id: field.id, text: field.text });
    selected = field.id;
    field = null;
  };
  const insert = (how: InsertAt['name'], named?: string) => {
    if (!selected) return false;
    const id = named ?? name();
    field = { id, text: NEW_TITLE, typed: false, at: { name: how, at: selected } };
    selected = id;
    return true;
  };
  for (const input of queued) {
    if ('text' in input) {
      if (field) field = { ...field, text: field.typed ? field.text + input.text : input.text, typed: true };
      else if (selected) field = { id: selected, text: input.text, typed: true };
      continue;
    }
    const { key, shift } = input;
    if (field) {
      if (key === 'Enter' && shift) field = { ...field, text: (field.typed ? field.text : '') + '\n', typed: true };
      else if (key === 'Enter') close();
      else if (key === 'Escape') {
        // the edit ends unsaid; an insert stays, with its new title
        field = field.at ? { ...field, text: NEW_TITLE, typed: false } : { ...field, typed: false };
        close();
      } else if (key === 'Tab' && !shift) {
        close();
        if (!insert('appendChild', input.id)) break;
      } else if (key === 'Tab') break;
      // (the other keys only move the caret in the field)
      continue;
    }
    if (key === 'Enter' && !shift) {
      if (!insert('appendSibling', input.id)) break;
    } else if (key === 'Tab' && !shift) {
      if (!insert('appendChild', input.id)) break;
    } else break;
  }
  // a field still open as the page goes: kept as the page's own commit would (an insert with its place)
  close();
  return out;
}
