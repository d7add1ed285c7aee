import { invertChanges, type Change } from './change';
import { changeProblem } from './change-limits';
import { VIEW_KEYS, subtreeIds, type Concurrent } from './concurrent';
import type { MindDoc } from './doc';
import type { Item, ItemColl, Summary } from './items';

// Change sets: the one currency an edit travels in from the engine to the database and to the
// other tabs of the map. A set is the changes of one or more commands, in order, named by the tab
// that made it (`id` = tab id + its sequence number, unique per map). The server applies sets in
// the order they reach it, each to the map as it is then (applyLenient); every replica replays
// the server's applied form strictly (replay), so all of them hold the same map.

export interface ChangeSet {
  /** `<tab id>:<sequence>`: says which tab made it and lets a resent set be recognised. */
  id: string;
  changes: Change[];
  /**
   * The server version its changes were made on (what its tab had seen then; a set holds the
   * changes of one such version). Kept when the set is rebased: a field another tab set after it
   * and this set sets again was set by both at once.
   */
  base?: number;
}

/** A set as the server ordered and applied it: `version` is the map's version once it was applied. */
export interface AppliedSet extends ChangeSet {
  version: number;
}

export interface LenientOutcome {
  /** What was applied, in the normalised form the document recorded (indices clamped, `before` as it was here). */
  applied: Change[];
  /** One Chinese sentence per change that could not apply, for the student (no repeats). */
  notices: string[];
}

/**
 * Applies changes made on another copy of the map to this one, each as far as it still makes
 * sense here. The rules, per topic (never a whole-map choice):
 * - a title or any other field set on both sides: the one applied later wins;
 * - with `concurrent` (what others did since the change was made; the sync paths pass it, undo does
 *   not): a change to, under or moving a topic in a branch others deleted meanwhile brings the
 *   branch back as it was deleted, then applies, and is said; a delete of a branch others added to,
 *   changed or moved into meanwhile is not made, and said — a delete never takes another's work;
 * - otherwise a change to, under or moving a topic that was deleted here: dropped, and said;
 * - a topic deleted on both sides, a field already at its value: nothing to do, silently;
 * - a move that would put a topic under itself (both sides moved crosswise): dropped, and said;
 * - an insert whose topic id is already here (a set sent twice): dropped silently;
 * - a relationship or summary whose topics were deleted here: dropped, and said.
 * With `limits`, a change that would take the map past the limits of model/limits.ts is refused
 * (the server's check, made per change instead of per document).
 */
export function applyLenient(
  doc: MindDoc,
  changes: readonly Change[],
  /**
   * `history`: the changes take back (`undo`) or make again a step of this tab (history.ts): a
   * field or a place someone else changed since is left as they made it (skipped, said); with
   * `undo` a title is named as the step left it.
   */
  opts: { limits?: boolean; concurrent?: Concurrent; undo?: boolean; history?: boolean } = {},
): LenientOutcome {
  const applied: Change[] = [];
  const notices = new Set<string>();
  // Items added or changed here: checked once the whole list is applied (within one step an item
  // may name a topic the next change of the step puts back).
  const touched: Extract<Change, { op: 'item' }>[] = [];
  const saved = doc.recorder;
  doc.recorder = applied;
  try {
    for (const c of changes) {
      // From the network a change is checked first (its shape, the limits), then merged.
      const problem = opts.limits ? changeProblem(doc, c) : null;
      if (problem) {
        // the set is refused as a whole: nothing of it stays
        doc.recorder = null;
        revert(doc, applied);
        throw new ChangeRefused(problem);
      }
      if (opts.concurrent) {
        if (c.op === 'set' && !VIEW_KEYS.has(c.key)) {
          const theirs = opts.concurrent.lastSet(c.id, c.key);
          if (theirs && !sameValue(theirs.after, c.after)) notices.add(sameFieldSaid(doc, c, theirs.after, 'mine'));
        }
        const crossed = crossedDelete(doc, c, opts.concurrent);
        if (crossed) notices.add(crossed.said);
        if (crossed?.skip) continue;
      }
      const skip = skipReason(doc, c, opts.undo === true, opts.history === true);
      if (skip !== null) {
        if (skip) notices.add(skip);
        continue;
      }
      if (c.op === 'item' && c.after) touched.push(c);
      const mark = applied.length;
      try {
        doc.apply(c);
      } catch (e) {
        // a structural refusal of the document itself (e.g. a cycle): undo the partial step, say it
        for (const u of invertChanges(applied.splice(mark))) withoutRecorder(doc, () => doc.apply(u));
        notices.add(e instanceof Error ? e.message : String(e));
      }
    }
    for (const c of touched) {
      const now = (doc.items[c.coll] as Item[]).find((it) => it.id === c.id);
      if (!now || itemHolds(doc, c.coll, now)) continue;
      doc.setItem(c.coll, c.id, undefined);
      notices.add(c.coll === 'relationships' ? '一条关联线连接的主题已在别处删除，关联线没有保留' : '一个概要的主题已在别处删除或移走，概要没有保留');
    }
  } finally {
    doc.recorder = saved;
  }
  return { applied, notices: [...notices] };
}

/** A change set the server refuses as a whole (beyond the map's limits): nothing of it is stored. */
export class ChangeRefused extends Error {}

/** Replays changes that are known to apply (the server's applied form, or an inverse of what was applied here). */
export function replay(doc: MindDoc, changes: readonly Change[]): void {
  withoutRecorder(doc, () => {
    for (const c of changes) doc.apply(c);
  });
}

/** Takes back changes applied to `doc` (newest first). */
export function revert(doc: MindDoc, applied: readonly Change[]): Change[] {
  const inverse = invertChanges(applied);
  replay(doc, inverse);
  return inverse;
}

function withoutRecorder(doc: MindDoc, run: () => void): void {
  const saved = doc.recorder;
  doc.recorder = null;
  try {
    run();
  } finally {
    doc.recorder = saved;
  }
}

const titleOf = (doc: MindDoc, id: string): string => {
  const t = doc.byId.get(id)?.data.text;
  return typeof t === 'string' && t ? `「${t.length > 20 ? `${t.slice(0, 20)}…` : t}」` : '一个主题';
};
/** A topic's title as the notices quote it (「…」, long ones cut), from a raw text field. */
export const kmTitle = (text: unknown) => (typeof text === 'string' && text ? `「${text.length > 20 ? `${text.slice(0, 20)}…` : text}」` : '一个主题');

const FIELD_NAMES: Record<string, string> = {
  text: '标题',
  note: '备注',
  hyperlink: '链接',
  image: '图片',
  priority: '优先级',
  progress: '进度',
  resource: '标签',
};

export const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The same field of the same topic set on two copies at once: the one the server applied later
 * is kept (applyLenient's first rule), and both sides are told — `mine` on the copy whose value
 * was kept, `theirs` on the copy whose value was replaced. `set` is the kept change.
 */
/** Why a step of this tab does not take back or redo a field someone else set since. */
function changedElsewhere(doc: MindDoc, id: string, key: string, now: unknown): string {
  return key === 'text' ? `标题已在别处改为${kmTitle(now)}` : `${titleOf(doc, id)}的${FIELD_NAMES[key] ?? '格式'}已在别处修改`;
}

export function sameFieldSaid(doc: MindDoc, set: Extract<Change, { op: 'set' }>, other: unknown, kept: 'mine' | 'theirs'): string {
  const [later, earlier] = kept === 'mine' ? ['你的', '别处的'] : ['别处的', '你的'];
  if (set.key === 'text') return `标题同时被修改：${later}${kmTitle(set.after)}较晚保存，替换了${earlier}${kmTitle(other)}`;
  return `${titleOf(doc, set.id)}的${FIELD_NAMES[set.key] ?? '格式'}同时被修改：以${kept === 'mine' ? '你' : '别处'}较晚保存的为准`;
}

/** The topics a change needs in the map: its own, its parent, where it moves to. */
function needs(c: Change): string[] {
  switch (c.op) {
    case 'add':
      return [c.parent];
    case 'move':
      return [c.id, c.to];
    case 'set':
      return c.key === 'expandState' ? [] : [c.id];
    default:
      return [];
  }
}

/**
 * The two rules where a delete made elsewhere meanwhile and this change cross (see applyLenient).
 * Returns what to say, and `skip` when the change is not made; null when they do not cross.
 * A branch is brought back only whole, at its former place (its parent brought back first when
 * that was deleted too), and only when none of its topics is in the map again.
 */
function crossedDelete(doc: MindDoc, c: Change, concurrent: Concurrent): { said: string; skip?: true } | null {
  if (c.op === 'remove') {
    const id = c.node.data.id as string;
    const rec = doc.byId.get(id);
    if (!rec || !concurrent.anyTouched) return null;
    const stack = [rec];
    while (stack.length) {
      const n = stack.pop()!;
      if (concurrent.touched(n.id)) return { said: `${titleOf(doc, id)}没有删除：别处刚在这个分支里做了修改`, skip: true };
      stack.push(...n.children);
    }
    return null;
  }
  let said: string | null = null;
  for (const id of needs(c)) {
    if (doc.byId.has(id)) continue;
    const chain: Extract<Change, { op: 'remove' }>[] = [];
    for (let r = concurrent.removalOf(id); r && !chain.includes(r); r = concurrent.removalOf(r.parent)) {
      chain.unshift(r);
      if (doc.byId.has(r.parent)) break;
    }
    if (!chain.length || !doc.byId.has(chain[0].parent)) continue;
    if (chain.some((r) => subtreeIds(r.node).some((i) => doc.byId.has(i)))) continue;
    for (const r of chain) doc.insert(r.parent, r.index, structuredClone(r.node));
    said = `${kmTitle(chain[0].node.data.text)}已在别处删除；你在其中的修改保留了，这个分支已恢复`;
  }
  return said === null ? null : { said };
}

/**
 * A topic whose title this tab is still typing, deleted elsewhere meanwhile: its branch is brought
 * back as for an edit made in it (crossedDelete's rule — the title is not a change yet, so no
 * change of this tab would bring it back). The changes made (to send), and what to say; none when
 * the topic is here or was not deleted by these others.
 */
export function bringBackTyped(doc: MindDoc, id: string, concurrent: Concurrent): { applied: Change[]; said: string | null } {
  const applied: Change[] = [];
  if (doc.byId.has(id)) return { applied, said: null };
  const saved = doc.recorder;
  doc.recorder = applied;
  try {
    const crossed = crossedDelete(doc, { op: 'set', id, key: 'text', before: null, after: null } as Change, concurrent);
    return { applied, said: crossed?.said ?? null };
  } finally {
    doc.recorder = saved;
  }
}

/** Why a change is not applied here: '' = silently (already so), a sentence = said; null = apply it. */
function skipReason(doc: MindDoc, c: Change, undo: boolean, history: boolean): string | null {
  switch (c.op) {
    case 'add':
      // an id already here: the set was applied before (sent twice), or the ids collide
      if (subtreeIds(c.node).some((id) => doc.byId.has(id))) return '';
      return doc.byId.has(c.parent) ? null : `${kmTitle(c.node.data.text)}没有加上：它所在的分支已在别处删除`;
    case 'remove':
      return doc.byId.has(c.node.data.id as string) ? null : '';
    case 'move': {
      const n = doc.byId.get(c.id);
      if (!n) return '';
      if (!doc.byId.has(c.to)) return `${titleOf(doc, c.id)}留在原处：要移到的分支已在别处删除`;
      // moved by someone else since this tab's step: it stays where they put it
      if (history && n.parent?.id !== c.from && n.parent?.id !== c.to) return `${titleOf(doc, c.id)}已被别处移到别的位置`;
      return null;
    }
    case 'set': {
      const n = doc.byId.get(c.id);
      // (taking back a rename, the topic is known by the title the rename gave it, `before` here)
      if (!n) return c.key !== 'text' ? '' : undo ? `${kmTitle(c.before)}已在别处删除` : `标题${kmTitle(c.after)}没有保存：这个主题已在别处删除`;
      if (n.data[c.key] === c.after) return '';
      // a step of this tab taken back or made again over what someone else set since: theirs stays
      if (history && !VIEW_KEYS.has(c.key) && !sameValue(n.data[c.key], c.before)) return changedElsewhere(doc, c.id, c.key, n.data[c.key]);
      return null;
    }
    case 'meta':
      return null;
    case 'item':
      return null;
  }
}

function itemHolds(doc: MindDoc, coll: ItemColl, item: Item): boolean {
  if (coll === 'summaries') {
    const s = item as Summary;
    return doc.byId.has(s.parent) && [s.first, s.last].every((id) => doc.byId.get(id)?.parent?.id === s.parent);
  }
  return itemTopics(item).every((id) => doc.byId.has(id));
}

function itemTopics(item: object): string[] {
  const out: string[] = [];
  for (const k of ['from', 'to', 'parent', 'first', 'last'] as const) {
    const v = (item as Record<string, unknown>)[k];
    if (typeof v === 'string') out.push(v);
  }
  return out;
}
