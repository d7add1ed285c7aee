import type { CommandDef } from './command';
import { editText } from './edit-text';
import { checkDepth, newNodeData } from './helpers';
import { removeNode } from './remove-node';
import { isAncestorOrSelf, levelOf, subtreeHeight, type MindDoc, type NodeRec } from '../model/doc';
import { matchOutline, type BaseLine, type OutlineLine } from '../outline/outline-match';
import { INVALID } from '../protocols/notices';

/** The map changed on the canvas in a way the edited outline cannot be laid over. */
export const OUTLINE_CONFLICT = '导图在画布上的修改与大纲冲突，请从导图重新载入大纲后再修改';

/**
 * Applies an edited outline (大纲) to the map as ordinary edits — rename, insert, move, remove —
 * recorded as ONE change list, so one undo step, and atomic (a refusal rolls everything back).
 * `base` is the outline the user started from, with node ids; `next` the edited lines.
 * Lines are matched to nodes by `matchOutline`; a matched node keeps every field but its title.
 * Only what the outline changed is applied, so edits made on the canvas meanwhile survive:
 * nodes the base did not know stay where they are (after the sibling they followed), a node
 * is moved only when the outline gave it another parent, renamed only when its line's title
 * changed, and removed only when its line was deleted. A line whose node was deleted on the
 * canvas is dropped if the user left it alone, created again if they edited it.
 * Inserts and moves use the primitives (appendChild/moveNode would check depth on half-built
 * intermediate trees); the depth rule is checked on the result instead.
 */
export const applyOutline = {
  name: 'applyOutline',
  edits: true,
  run(doc: MindDoc, base: BaseLine[], next: OutlineLine[]): { created: string[]; removed: string[] } {
    checkLines(next);
    if (!base.length || base[0].id !== doc.root.id) throw new Error(OUTLINE_CONFLICT);
    const { ids, same } = matchOutline(base, next);
    const keep = next.map((_, i) => i === 0 || ids[i] === null || doc.byId.has(ids[i]!) || !same[i]);
    for (let i = 1; i < next.length; i++) if (ids[i] !== null && !doc.byId.has(ids[i]!)) ids[i] = null;
    const baseTitle = new Map(base.map((b) => [b.id, b.title]));
    const baseParent = parentsOf(base, (i) => base[i].id);
    const parentLine = parentLines(next, keep);

    const nodeOf: string[] = new Array<string>(next.length);
    nodeOf[0] = doc.root.id;
    if (next[0].title !== base[0].title) editText.run(doc, doc.root.id, next[0].title);
    const created: string[] = [];
    const placed: NodeRec[] = [];
    const textKids = new Map<string, string[]>();
    for (let i = 1; i < next.length; i++) {
      if (!keep[i]) continue;
      const pid = nodeOf[parentLine[i]];
      const parent = doc.get(pid);
      let id = ids[i];
      if (id === null) {
        expandForNew(doc, parent);
        const data = newNodeData(next[i].title);
        id = data.id as string;
        placed.push(doc.insert(pid, parent.children.length, { data, children: [] }));
        created.push(id);
      } else {
        if (next[i].title !== baseTitle.get(id)) editText.run(doc, id, next[i].title);
        const n = doc.get(id);
        const movedByOutline = ids[parentLine[i]] !== baseParent.get(id);
        if (movedByOutline && n.parent !== parent) {
          if (isAncestorOrSelf(n, parent)) throw new Error(OUTLINE_CONFLICT);
          expandForNew(doc, parent);
          doc.move(id, pid, parent.children.length);
          placed.push(n);
        }
      }
      nodeOf[i] = id;
      const kids = textKids.get(pid);
      if (kids) kids.push(id);
      else textKids.set(pid, [id]);
    }

    const keptIds = new Set(nodeOf.filter(Boolean));
    const gone = base.filter((b) => !keptIds.has(b.id) && doc.byId.has(b.id)).map((b) => b.id);
    for (const id of gone) assertNoKeptInside(doc.get(id), keptIds);
    const removed = removeNode.run(doc, gone);

    const baseKids = childrenOf(base, baseParent);
    for (const [pid, kids] of textKids) if (!sameList(kids, baseKids.get(pid))) order(doc, doc.get(pid), kids);
    for (const n of placed) checkDepth(levelOf(n), subtreeHeight(n));
    return { created, removed };
  },
} satisfies CommandDef;

function checkLines(next: readonly OutlineLine[]): void {
  if (!next.length || next[0].level !== 0) throw new Error(`${INVALID}：大纲的第一行必须是中心主题`);
  for (let i = 1; i < next.length; i++) {
    const l = next[i].level;
    if (!Number.isInteger(l) || l < 1 || l > next[i - 1].level + 1 || typeof next[i].title !== 'string')
      throw new Error(`${INVALID}：第 ${i + 1} 行：缩进跳级`);
  }
}

/** Per line, the line index of its parent among kept lines (a dropped parent's place passes up). */
function parentLines(lines: readonly OutlineLine[], keep: readonly boolean[]): number[] {
  const out = new Array<number>(lines.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!keep[i]) continue;
    while (stack.length && lines[stack[stack.length - 1]].level >= lines[i].level) stack.pop();
    if (stack.length) out[i] = stack[stack.length - 1];
    stack.push(i);
  }
  return out;
}

/** id → parent id from a leveled preorder list. */
function parentsOf(lines: readonly BaseLine[], idOf: (i: number) => string): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const stack: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    while (stack.length && lines[stack[stack.length - 1]].level >= lines[i].level) stack.pop();
    out.set(idOf(i), stack.length ? idOf(stack[stack.length - 1]) : null);
    stack.push(i);
  }
  return out;
}

function childrenOf(base: readonly BaseLine[], parent: Map<string, string | null>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const b of base) {
    const p = parent.get(b.id);
    if (!p) continue;
    const kids = out.get(p);
    if (kids) kids.push(b.id);
    else out.set(p, [b.id]);
  }
  return out;
}

const sameList = (a: readonly string[], b: readonly string[] | undefined) => !!b && a.length === b.length && a.every((x, i) => x === b[i]);

function expandForNew(doc: MindDoc, parent: NodeRec): void {
  if (parent.data.expandState === 'collapse') doc.set(parent.id, 'expandState', 'expand');
}

function assertNoKeptInside(n: NodeRec, kept: Set<string>): void {
  const stack = [...n.children];
  while (stack.length) {
    const c = stack.pop()!;
    if (kept.has(c.id)) throw new Error(OUTLINE_CONFLICT);
    stack.push(...c.children);
  }
}

/**
 * Puts the parent's outline children in text order; children the outline does not list (added
 * on the canvas, or moved here there) keep following the listed sibling they followed.
 */
function order(doc: MindDoc, parent: NodeRec, textOrder: readonly string[]): void {
  const listed = new Set(textOrder.filter((id) => doc.byId.get(id)?.parent === parent));
  const follow = new Map<string | null, string[]>();
  let last: string | null = null;
  for (const c of parent.children) {
    if (listed.has(c.id)) last = c.id;
    else {
      const list = follow.get(last);
      if (list) list.push(c.id);
      else follow.set(last, [c.id]);
    }
  }
  const desired = [...(follow.get(null) ?? [])];
  for (const id of textOrder) if (listed.has(id)) desired.push(id, ...(follow.get(id) ?? []));
  for (let i = 0; i < desired.length; i++) if (parent.children[i].id !== desired[i]) doc.move(desired[i], parent.id, i);
}
