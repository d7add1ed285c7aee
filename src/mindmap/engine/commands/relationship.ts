import type { MindDoc } from '../model/doc';
import { newId } from '../model/ids';
import type { Relationship } from '../model/items';
import type { Offset } from '../model/types';

// Shared rules of the relationship-line commands (add-relationship.ts, set-relationship-title.ts,
// set-relationship-controls.ts, remove-relationship.ts). Items are never mutated in place: a
// change replaces the item (MindDoc.setItem records before/after for undo).

export const SAME_NODE_ERROR = '关联线的两端不能是同一个主题';
export const MISSING_NODE_ERROR = '关联线要连接的主题不存在';
export const DUPLICATE_ERROR = '这两个主题之间已有同方向的关联线';
export const NO_RELATION_ERROR = '关联线不存在';
/** Longest label kept (a label is a short phrase on the canvas). */
export const MAX_TITLE = 200;

export function relationOf(doc: MindDoc, id: string): Relationship {
  const r = doc.items.relationships.find((x) => x.id === id);
  if (!r) throw new Error(NO_RELATION_ERROR);
  return r;
}

/** A fresh relationship id, unique among the document's relationships and nodes. */
export function newRelationId(doc: MindDoc): string {
  let id = newId();
  while (doc.byId.has(id) || doc.items.relationships.some((r) => r.id === id)) id = newId();
  return id;
}

const finite = (o: Offset): boolean => Number.isFinite(o.x) && Number.isFinite(o.y) && Math.abs(o.x) < 1e6 && Math.abs(o.y) < 1e6;

export function checkControls(c: unknown): [Offset, Offset] {
  if (!Array.isArray(c) || c.length !== 2 || !c.every((o: Offset) => o && finite(o))) throw new Error('关联线的控制点无效');
  return [
    { x: Math.round(c[0].x), y: Math.round(c[0].y) },
    { x: Math.round(c[1].x), y: Math.round(c[1].y) },
  ];
}
