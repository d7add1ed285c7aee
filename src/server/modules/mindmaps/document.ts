/** The .km document as the server needs to know it: a root with data and children (SPEC §3). */
export interface KmNode {
  data: { id?: string; text?: string; isStudy?: number; isNow?: number; [k: string]: unknown };
  children?: KmNode[];
}
export interface KmDocument {
  root: KmNode;
  template?: string;
  theme?: string;
  version?: string;
}

/** Levels count from the root = 1, like the editor's rule (不能插入4级主题以下的节点). */
export const MAX_LEVEL = 4;
export const MAX_NODES = 50_000;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** Returns an error message, or null when the document is acceptable. Iterative: no stack overflow on hostile input. */
export function checkDocument(doc: unknown): string | null {
  if (!isObject(doc) || !isObject(doc.root)) return '思维导图格式错误：缺少根节点';
  const stack: { node: unknown; level: number }[] = [{ node: doc.root, level: 1 }];
  let count = 0;
  while (stack.length) {
    const { node, level } = stack.pop()!;
    if (!isObject(node) || !isObject(node.data)) return '思维导图格式错误：节点缺少 data';
    if (level > MAX_LEVEL) return '不能插入4级主题以下的节点';
    if (++count > MAX_NODES) return `思维导图节点过多（最多 ${MAX_NODES} 个）`;
    const children = node.children;
    if (children === undefined) continue;
    if (!Array.isArray(children)) return '思维导图格式错误：children 必须是数组';
    for (const c of children) stack.push({ node: c, level: level + 1 });
  }
  return null;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function walk(node: KmNode, visit: (n: KmNode, level: number) => void, level = 1): void {
  visit(node, level);
  for (const c of node.children ?? []) walk(c, visit, level + 1);
}

/** Outline text: one line per node, a tab per level (the editor's text import format; a line break in a title is written `\n`). */
export function toOutline(doc: KmDocument): string {
  const lines: string[] = [];
  walk(doc.root, (n, level) => lines.push(`${'\t'.repeat(level - 1)}${String(n.data.text ?? '').replace(/\r\n|\r|\n/g, '\\n') || '分支主题'}`));
  return lines.join('\n');
}

/**
 * The canonical form of outline text as the editor's import reads it: a tab or four spaces per
 * level, blank lines skipped. Two outlines describe the same map exactly when these are equal.
 */
export function normalizeOutline(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!/\S/.test(line)) continue;
    let i = 0;
    let level = 0;
    for (;;) {
      if (line[i] === '\t') i += 1;
      else if (line.startsWith('    ', i)) i += 4;
      else break;
      level++;
    }
    out.push('\t'.repeat(level) + line.slice(i));
  }
  return out.join('\n');
}

/** Marks learnt nodes (isStudy 1) and the current one (isNow 1) for the student's view. */
export function markProgress(doc: KmDocument, learnt: Set<string>, now: string | undefined): KmDocument {
  walk(doc.root, (n) => {
    const id = String(n.data.id ?? '');
    if (learnt.has(id)) n.data.isStudy = 1;
    if (now && id === now) n.data.isNow = 1;
  });
  return doc;
}
