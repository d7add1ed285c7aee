import { newId } from '../model/ids';
import { levelOf, subtreeHeight, type MindDoc, type NodeRec } from '../model/doc';
import { DEFAULT_TEXT, DEPTH_ERROR, MAX_LEVEL, type KmNode, type KmNodeData } from '../model/types';

export function asIds(ids: string | readonly string[]): string[] {
  return typeof ids === 'string' ? [ids] : [...ids];
}

/** The depth rule: the deepest node of a subtree placed at `level` must stay within MAX_LEVEL. */
export function checkDepth(level: number, height = 1): void {
  if (level + height - 1 > MAX_LEVEL) throw new Error(DEPTH_ERROR);
}

export function checkChildDepth(parent: NodeRec, height = 1): void {
  checkDepth(levelOf(parent) + 1, height);
}

/** A new topic's id given by the caller (a page names the topic as the key is pressed): up to 64 letters, digits, '_' or '-'. */
const GIVEN_ID = /^[\w-]{1,64}$/;

/**
 * The id a new topic gets: `given` when the caller named it (the editor mints ids as keys are
 * pressed, so titles kept before the worker answers name the topic it makes), checked before the
 * command changes anything; else a fresh one.
 */
export function newTopicId(doc: MindDoc, given?: string): string {
  if (given === undefined) return newId();
  if (typeof given !== 'string' || !GIVEN_ID.test(given) || doc.byId.has(given)) throw new Error(`主题编号无效或重复：${String(given)}`);
  return given;
}

export function newNodeData(textOrData?: string | KmNodeData, id?: string): KmNodeData {
  const base: KmNodeData = { id: id ?? newId(), created: Date.now(), text: DEFAULT_TEXT };
  if (typeof textOrData === 'string') base.text = textOrData;
  else if (textOrData) for (const k of Object.keys(textOrData)) if (k !== 'id' && k !== 'created') base[k] = textOrData[k];
  return base;
}

/** Drops nodes whose ancestor is also listed, so a subtree is handled once. */
export function topMost(doc: MindDoc, ids: readonly string[]): NodeRec[] {
  const set = new Set(ids);
  const out = new Set<NodeRec>();
  for (const id of ids) {
    const n = doc.get(id);
    let covered = false;
    for (let p = n.parent; p && !covered; p = p.parent) if (set.has(p.id)) covered = true;
    if (!covered) out.add(n);
  }
  return [...out];
}

function isOffsetKey(k: string): boolean {
  return k.startsWith('layout_') && k.endsWith('_offset');
}

/**
 * Deep clone for paste, manual offsets cleared as kityminder's Paste does. The ids are fresh
 * (kityminder kept the copied ids, creating duplicates) unless `keep` (the caller checked they are
 * free); `idOf` receives old id → new id for the clip's items.
 */
export function cloneInto(node: KmNode, doc: MindDoc, keep: boolean, idOf: Map<string, string>): KmNode {
  const copy = JSON.parse(JSON.stringify(node)) as KmNode;
  const stack = [copy];
  while (stack.length) {
    const n = stack.pop()!;
    let id = keep ? (n.data.id as string) : newId();
    while (!keep && doc.byId.has(id)) id = newId();
    if (typeof n.data.id === 'string') idOf.set(n.data.id, id);
    const data: KmNodeData = { id };
    for (const k of Object.keys(n.data)) if (k !== 'id' && !isOffsetKey(k)) data[k] = n.data[k];
    n.data = data;
    n.children ??= [];
    for (const c of n.children) stack.push(c);
  }
  return copy;
}

export function offsetKeys(data: KmNodeData): string[] {
  return Object.keys(data).filter(isOffsetKey);
}

export { subtreeHeight, levelOf };
