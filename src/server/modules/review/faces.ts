import type { DbOrTrx } from '../../db/database';
import type { KmDocument, KmNode } from '../mindmaps/document';

/** What a card shows: front (text, path), back (note, children's texts). */
export interface CardFace {
  text: string;
  path: string[];
  note: string;
  children: string[];
}

const textOf = (n: KmNode) => String(n.data.text ?? '').trim() || '分支主题';

/** Every node of a map by id, with its face. Iterative: maps may be deep. */
export function mapFaces(doc: KmDocument): Map<string, CardFace> {
  const faces = new Map<string, CardFace>();
  const stack: [KmNode, string[]][] = [[doc.root, []]];
  while (stack.length) {
    const [n, path] = stack.pop()!;
    const children = n.children ?? [];
    const note = typeof n.data.note === 'string' ? n.data.note : '';
    faces.set(String(n.data.id ?? ''), { text: textOf(n), path, note, children: children.map(textOf) });
    const below = [...path, textOf(n)];
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], below]);
  }
  return faces;
}

/** The ids of a map's nodes, and those marked learnt in it (isStudy 1). */
export function mapNodeIds(doc: KmDocument): { all: Set<string>; marked: Set<string> } {
  const all = new Set<string>();
  const marked = new Set<string>();
  const stack: KmNode[] = [doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    const id = String(n.data.id ?? '');
    all.add(id);
    if (Number(n.data.isStudy) === 1) marked.add(id);
    for (const c of n.children ?? []) stack.push(c);
  }
  return { all, marked };
}

/**
 * A course's outline as faces: a section's path is the course and its chapter, its children are
 * the sections below it (SPEC: courses are chapters of sections).
 */
export async function courseFaces(db: DbOrTrx, courseId: string, courseName: string): Promise<Map<string, CardFace>> {
  const rows = await db.selectFrom('course_nodes').select(['id', 'parent_id', 'name', 'sort']).where('course_id', '=', courseId).orderBy('sort').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const faces = new Map<string, CardFace>();
  for (const r of rows) {
    const path: string[] = [];
    for (let p = byId.get(r.parent_id); p && path.length < 16; p = byId.get(p.parent_id)) path.unshift(p.name);
    const children = rows.filter((c) => c.parent_id === r.id).map((c) => c.name);
    faces.set(r.id, { text: r.name, path: [courseName, ...path], note: '', children });
  }
  return faces;
}
