import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc, NodeRec } from '../model/doc';

/** 正在学 is one node of a map at most, and never a learnt one (issue 22; the server's nowOf is the same rule). */
export const LEARNT_NOW_ERROR = '已学的主题不能标记为正在学';

const isNow = (n: NodeRec) => Number(n.data.isNow) === 1;

/** Removes 正在学 from every node but `keep`. */
export function clearNow(doc: MindDoc, keep?: NodeRec): void {
  for (const n of doc.byId.values()) if (n !== keep && isNow(n)) doc.set(n.id, 'isNow', undefined);
}

/** A node that becomes learnt stops being 正在学. */
export function dropNowOfLearnt(doc: MindDoc, n: NodeRec): void {
  if (isNow(n)) doc.set(n.id, 'isNow', undefined);
}

/**
 * isNow = 1 shows the 正在学 badge; false removes the key so untouched files stay byte-identical.
 * Marking moves the badge: the first listed node gets it and every other node loses it (a map
 * has one 正在学 at most); a learnt node is refused.
 */
export const setNow = {
  name: 'setNow',
  edits: true,
  run(doc: MindDoc, ids: string | string[], on: boolean): void {
    const list = asIds(ids);
    if (!on) {
      for (const id of list) doc.set(id, 'isNow', undefined);
      return;
    }
    if (!list.length) return;
    const target = doc.get(list[0]);
    if (Number(target.data.isStudy) === 1) throw new Error(LEARNT_NOW_ERROR);
    clearNow(doc, target);
    doc.set(target.id, 'isNow', 1);
  },
} satisfies CommandDef;
