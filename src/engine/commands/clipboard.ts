import { toKmNode, type MindDoc } from '../model/doc';
import type { KmNode } from '../model/types';
import { asIds, topMost } from './helpers';

/** Copy is not a document change: it returns deep clones of the top-most selected subtrees. */
export function copySubtrees(doc: MindDoc, ids: string | string[]): KmNode[] {
  return topMost(doc, asIds(ids)).map((n) => JSON.parse(JSON.stringify(toKmNode(n))) as KmNode);
}
