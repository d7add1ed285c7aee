import type { KmNode } from '../model/types';
import { countXuetuOnly, type Lost } from './lost';

// What an outline export leaves out of each node, counted for the notice (lost.ts): .txt holds
// titles only, .md titles, notes and links. Every field a node can carry is either held by the
// format or counted here — a notice that lists only relationship lines while notes vanish is
// the silent loss this exists to prevent.

export type HeldField = 'note' | 'link';

const filled = (v: unknown) => v !== undefined && v !== null && v !== '';

export function countTreeLost(root: KmNode, lost: Lost, held: readonly HeldField[]): void {
  const stack: KmNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    const d = n.data;
    if (!held.includes('note') && typeof d.note === 'string' && d.note) lost.add('note');
    if (!held.includes('link') && typeof d.hyperlink === 'string' && d.hyperlink) lost.add('link');
    if (!held.includes('link') && d.hyperlinkTitle) lost.add('linkTitle');
    if (d.image) lost.add('image');
    if (filled(d.priority)) lost.add('priority');
    if (filled(d.progress)) lost.add('progress');
    if (Array.isArray(d.resource) && d.resource.length) lost.add('label', d.resource.length);
    countXuetuOnly(d, lost);
    for (const c of n.children ?? []) stack.push(c);
  }
}
