import type { KmNode } from '../model/types';
import { decodeText, encodeText } from '../protocols/text';
import type { BaseLine, OutlineLine } from './outline-match';

// A tree as outline lines (preorder, level 0 = root), the currency of the 大纲 view's diff.
// Titles go through the outline codec, so a base line reads exactly as the same unedited line
// of the text reads back (an empty title is 分支主题, escapes undone): no second copy of the format.

export function linesOf(root: KmNode): OutlineLine[] {
  const out: OutlineLine[] = [];
  const stack: Array<[KmNode, number]> = [[root, 0]];
  while (stack.length) {
    const [n, level] = stack.pop()!;
    out.push({ level, title: n.data.text ?? '' });
    const ch = n.children ?? [];
    for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], level + 1]);
  }
  return out;
}

/** The map's outline with node ids: what the user starts editing from. */
export function baseLinesOf(root: KmNode): BaseLine[] {
  const read = decodeText(encodeText(root));
  const lines = read ? linesOf(read) : [];
  const ids: string[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    ids.push(n.data.id as string);
    const ch = n.children ?? [];
    for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]);
  }
  return lines.map((l, i) => ({ ...l, id: ids[i] }));
}

/** True when two outlines say the same thing (same levels and titles in the same order). */
export function sameLines(a: readonly OutlineLine[], b: readonly OutlineLine[]): boolean {
  return a.length === b.length && a.every((l, i) => l.level === b[i].level && l.title === b[i].title);
}
