// Structural limits of a map document, shared by the server (which refuses a save beyond them)
// and the editor (which can refuse an import beyond them before the server would). They are
// generous: a map the editor produced never reaches them. They exist because a document is
// serialised recursively (JSON.stringify, ~4,100 nesting levels before V8's stack runs out) on
// every save and every open; with these bounds its nesting stays below half of that.
//
// The level-4 rule (不能插入4级主题以下的节点, MAX_LEVEL in ./types) is not one of them: it limits
// the commands that insert nodes, while imported or pasted-in-whole content keeps its depth.

/** Bytes of the saved .km text. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Nodes in one map. */
export const MAX_NODES = 50_000;
/** Tree levels, root = 1. */
export const MAX_NODE_DEPTH = 1000;
/** Nesting of any value inside a node other than its children (`data` itself is level 1). */
export const MAX_VALUE_DEPTH = 32;
/**
 * JSON nesting of a whole document within the limits: the document object, then per tree level
 * a node object and its children array, then a node's values.
 */
export const MAX_DOCUMENT_JSON_DEPTH = 1 + 2 * MAX_NODE_DEPTH + MAX_VALUE_DEPTH;

export const LIMIT_MESSAGES = {
  noRoot: '思维导图格式错误：缺少根节点',
  noData: '思维导图格式错误：节点缺少 data',
  children: '思维导图格式错误：children 必须是数组',
  nodes: `思维导图节点过多（最多 ${MAX_NODES} 个）`,
  depth: `思维导图层级过深（最多 ${MAX_NODE_DEPTH} 级）`,
  valueDepth: `思维导图节点数据嵌套过深（最多 ${MAX_VALUE_DEPTH} 层）`,
  prototype: '思维导图格式错误：不允许的字段名 __proto__、constructor.prototype 或 toString',
  bytes: `思维导图过大（最多 ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB）`,
} as const;

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * Keys that would change an object's prototype once copied with `{ ...x }` or assignment
 * (JSON.parse makes `__proto__` an own key): refused anywhere, like Fastify's body parser does.
 * An own `toString` that is not a function is refused too: turning such a value into text or a
 * number (a font size, a title, a template string) throws instead of giving "[object Object]",
 * so one field of one topic could stop a whole map from being laid out, exported or counted.
 */
function isPrototypeKey(key: string, value: unknown): boolean {
  if (key === 'toString') return typeof value !== 'function';
  return key === '__proto__' || (key === 'constructor' && isObject(value) && Object.prototype.hasOwnProperty.call(value, 'prototype'));
}

/** Depth of a plain JSON value (a scalar is 1), refusing prototype keys; -1 when a key is refused. Stops past `limit`. */
function valueDepth(value: unknown, limit: number): number {
  if (typeof value !== 'object' || value === null) return 1; // most node fields: no walk, no allocation
  // Parallel stacks of containers only: a save walks every value of every node (tens of thousands).
  const values: object[] = [value];
  const depths: number[] = [1];
  let max = 1;
  while (values.length) {
    const v = values.pop()!;
    const d = depths.pop()!;
    const isArray = Array.isArray(v);
    for (const k of isArray ? [] : Object.keys(v)) if (isPrototypeKey(k, (v as Record<string, unknown>)[k])) return -1;
    const children = isArray ? (v as unknown[]) : Object.values(v);
    if (children.length && d + 1 > max) max = d + 1;
    if (max > limit) return max;
    for (const c of children) {
      if (typeof c === 'object' && c !== null) {
        values.push(c);
        depths.push(d + 1);
      }
    }
  }
  return max;
}

/**
 * A node field a save would refuse for its key or what it holds (`__proto__`, `constructor.prototype`
 * or a `toString` that is not a function, at any depth): an import drops such a field instead of
 * refusing the whole file (protocols/restore.ts). Scalars, most fields, cost one typeof.
 */
export function isRefusedField(key: string, value: unknown): boolean {
  if (isPrototypeKey(key, value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  // Most object fields are flat (an offset {x, y}, an image size, a list of names): looked over
  // without the walk's allocations, as every node of every opened map passes here.
  let nested = false;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (isPrototypeKey(k, v)) return true;
    if (typeof v === 'object' && v !== null) nested = true;
  }
  return nested && valueDepth(value, Number.MAX_SAFE_INTEGER) < 0;
}

/**
 * Why a parsed .km value is beyond the limits or malformed, in Chinese, or null when it is
 * within them: a root, every node an object with a `data` object and (if any) a children array,
 * at most MAX_NODES nodes and MAX_NODE_DEPTH levels, no value in a node nested deeper than
 * MAX_VALUE_DEPTH, and no prototype key anywhere. Iterative, so hostile input cannot overflow
 * the stack here. The byte size is the caller's (it depends on the encoding it stores).
 */
export function documentProblem(doc: unknown): string | null {
  if (!isObject(doc) || !isObject(doc.root)) return LIMIT_MESSAGES.noRoot;
  for (const k of Object.keys(doc)) {
    if (isPrototypeKey(k, doc[k])) return LIMIT_MESSAGES.prototype;
    if (k === 'root') continue;
    const d = valueDepth(doc[k], MAX_VALUE_DEPTH);
    if (d < 0) return LIMIT_MESSAGES.prototype;
    if (d > MAX_VALUE_DEPTH) return LIMIT_MESSAGES.valueDepth;
  }
  const nodes: Record<string, unknown>[] = [doc.root];
  const levels: number[] = [1];
  let count = 0;
  while (nodes.length) {
    const node = nodes.pop()!;
    const level = levels.pop()!;
    if (level > MAX_NODE_DEPTH) return LIMIT_MESSAGES.depth;
    if (++count > MAX_NODES) return LIMIT_MESSAGES.nodes;
    if (!isObject(node.data)) return LIMIT_MESSAGES.noData;
    for (const k of Object.keys(node)) {
      const v = node[k];
      if (isPrototypeKey(k, v)) return LIMIT_MESSAGES.prototype;
      if (k === 'children') continue;
      const d = valueDepth(v, MAX_VALUE_DEPTH);
      if (d < 0) return LIMIT_MESSAGES.prototype;
      if (d > MAX_VALUE_DEPTH) return LIMIT_MESSAGES.valueDepth;
    }
    const children = node.children;
    if (children === undefined) continue;
    if (!Array.isArray(children)) return LIMIT_MESSAGES.children;
    for (const c of children) {
      if (!isObject(c)) return LIMIT_MESSAGES.noData;
      nodes.push(c);
      levels.push(level + 1);
    }
  }
  return null;
}
