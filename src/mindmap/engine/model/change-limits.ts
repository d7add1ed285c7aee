import type { Change } from './change';
import { kmHeight, levelOf, subtreeHeight, type MindDoc } from './doc';
import { restoreRelationship, restoreSummary, ITEM_COLLS, MAX_ITEMS } from './items';
import { documentProblem, LIMIT_MESSAGES, MAX_NODE_DEPTH, MAX_NODES } from './limits';

// The limits of limits.ts checked per change against the map it applies to, so a save of one
// edit costs that edit, not a walk of the whole map. A change set from the network is untrusted:
// its shape is checked here too (the JSON schema of the route bounds only sizes and kinds).

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const isIndex = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_NODES;
const MALFORMED = '修改的格式不正确';

/** Why `c` may not be applied to `doc` (Chinese), or null. Run before the change is applied. */
export function changeProblem(doc: MindDoc, c: Change): string | null {
  switch (c.op) {
    case 'add': {
      if (!isId(c.parent) || !isIndex(c.index) || typeof c.node !== 'object' || c.node === null || Array.isArray(c.node)) return MALFORMED;
      const problem = documentProblem({ root: c.node });
      if (problem) return problem;
      const count = countNodes(c.node);
      if (doc.size + count > MAX_NODES) return LIMIT_MESSAGES.nodes;
      const parent = doc.byId.get(c.parent);
      if (parent && levelOf(parent) + kmHeight(c.node) > MAX_NODE_DEPTH) return LIMIT_MESSAGES.depth;
      return idsProblem(c.node);
    }
    case 'remove':
      return isId(c.parent) && c.node && typeof c.node === 'object' && c.node.data && isId(c.node.data.id) ? null : MALFORMED;
    case 'move': {
      if (!isId(c.id) || !isId(c.to) || !isIndex(c.toIndex)) return MALFORMED;
      const node = doc.byId.get(c.id);
      const to = doc.byId.get(c.to);
      if (node && to && levelOf(to) + subtreeHeight(node) > MAX_NODE_DEPTH) return LIMIT_MESSAGES.depth;
      return null;
    }
    case 'set':
      if (!isId(c.id) || typeof c.key !== 'string' || c.key.length > 64 || c.key === 'id') return MALFORMED;
      return documentProblem({ root: { data: { [c.key]: c.after } } });
    case 'meta':
      return (c.key === 'template' || c.key === 'theme') && typeof c.after === 'string' && c.after.length <= 64 ? null : MALFORMED;
    case 'item': {
      if (!ITEM_COLLS.includes(c.coll) || !isId(c.id)) return MALFORMED;
      if (c.after === undefined) return null;
      const ok = c.coll === 'relationships' ? restoreRelationship(c.after) : restoreSummary(c.after);
      if (!ok || ok.id !== c.id) return MALFORMED;
      if (!doc.items[c.coll].some((it) => it.id === c.id) && doc.items[c.coll].length >= MAX_ITEMS) return MALFORMED;
      return documentProblem({ root: { data: {} }, item: c.after });
    }
    default:
      return MALFORMED;
  }
}

function countNodes(node: { children?: unknown[] }): number {
  let n = 0;
  const stack: Array<{ children?: unknown[] }> = [node];
  while (stack.length) {
    const x = stack.pop()!;
    n++;
    if (Array.isArray(x.children)) for (const c of x.children) stack.push(c as { children?: unknown[] });
  }
  return n;
}

/** Every node of an added subtree has a usable id (the document refuses duplicates itself). */
function idsProblem(node: { data: { id?: unknown }; children?: unknown[] }): string | null {
  const stack = [node];
  while (stack.length) {
    const x = stack.pop()!;
    if (!isId(x.data.id)) return MALFORMED;
    if (x.children) for (const c of x.children) stack.push(c as typeof node);
  }
  return null;
}
