import { DEFAULT_TEXT, DEPTH_ERROR, MAX_LEVEL, type KmDocument, type KmNode } from '../../../engine/model/types';
import { importDocument } from '../../../engine/protocols/formats';

// The 大纲 (outline text) view: parse through the engine's text import, explain a refusal in
// Chinese with the line at fault, and merge the parsed tree into the current map so nodes whose
// title and place did not change keep their id, note, link, image, priority and study marks.

export const INVALID = 'Invalid local format';

/** The engine's outline export ends every line with a lone CR; the text field wants LF. */
export function outlineFromExport(txt: string): string {
  return txt.split(/\r\n|\r|\n/).filter((l) => l !== '').join('\n');
}

function levelOf(line: string): number {
  let level = 0;
  for (let i = 0; ; level++) {
    if (line[i] === '\t') i += 1;
    else if (line.startsWith('    ', i)) i += 4;
    else return level;
  }
}

/** 1-based line of the first line the import refuses (a second root or a skipped level), or 0. */
export function badLine(text: string): number {
  const lines = text.split(/\r\n|\r|\n/);
  let prev = -1;
  let roots = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!/\S/.test(lines[i])) continue;
    const level = levelOf(lines[i]);
    if (level === 0 && ++roots > 1) return i + 1;
    if (level > prev + 1) return i + 1;
    prev = level;
  }
  return 0;
}

/** The user-facing message of a refused outline (the engine's text, explained). */
export function outlineError(text: string, error: unknown): string {
  const msg = error instanceof Error ? error.message : String(error);
  if (msg !== INVALID) return msg;
  if (!/\S/.test(text)) return `${INVALID}：大纲为空，至少需要一个根主题`;
  const line = badLine(text);
  const where = line ? `第 ${line} 行：` : '';
  return `${INVALID}：${where}大纲只能有一个根主题（第一行，不缩进），每一级用一个 Tab 或四个空格缩进，且不能跳级`;
}

function depthOf(root: KmNode): number {
  let max = 0;
  const stack: Array<[KmNode, number]> = [[root, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    max = Math.max(max, d);
    for (const c of n.children ?? []) stack.push([c, d + 1]);
  }
  return max;
}

/** Parses outline text with the engine's text import; throws the message to show. Never touches a map. */
export function parseOutline(text: string): KmDocument {
  let doc: KmDocument;
  try {
    doc = importDocument('txt', text);
  } catch (e) {
    throw new Error(outlineError(text, e));
  }
  if (depthOf(doc.root) > MAX_LEVEL) throw new Error(DEPTH_ERROR);
  return doc;
}

const titleOf = (n: KmNode) => n.data.text || DEFAULT_TEXT;

/**
 * The parsed outline as a map, keeping what the outline cannot express: the root always keeps
 * its data, and a node keeps its data when its parent was kept and an old child of that parent
 * has the same title (first unused one, so duplicates pair up in order). Template and theme stay.
 */
export function mergeOutline(parsed: KmDocument, current: KmDocument): KmDocument {
  const merge = (next: KmNode, old: KmNode | undefined): KmNode => {
    const byTitle = new Map<string, KmNode[]>();
    for (const o of old?.children ?? []) {
      const list = byTitle.get(titleOf(o));
      if (list) list.push(o);
      else byTitle.set(titleOf(o), [o]);
    }
    const node: KmNode = { data: old ? { ...old.data, text: next.data.text } : next.data };
    if (next.children?.length) node.children = next.children.map((c) => merge(c, byTitle.get(titleOf(c))?.shift()));
    return node;
  };
  return { ...current, root: merge(parsed.root, current.root) };
}
