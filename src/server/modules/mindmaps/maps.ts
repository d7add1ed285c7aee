import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import { formatDateTime } from '../../lib/time';
import { walk, type KmDocument } from './document';

export async function officialMap(db: DbOrTrx, caseId: string): Promise<KmDocument | undefined> {
  const row = await db.selectFrom('official_maps').select('document').where('case_id', '=', caseId).executeTakeFirst();
  return row ? (JSON.parse(row.document) as KmDocument) : undefined;
}

export async function studentMap(db: DbOrTrx, studentId: string, caseId: string) {
  const row = await db.selectFrom('student_maps').selectAll().where('student_id', '=', studentId).where('case_id', '=', caseId).executeTakeFirst();
  return row && { document: JSON.parse(row.document) as KmDocument, outline: row.outline, version: row.version, updateTime: formatDateTime(row.updated_at) };
}

/**
 * Optimistic save: succeeds only when `expected` is the version the client loaded (0 = it started
 * from the official map). Returns the new version, or undefined when someone saved in between.
 */
export async function saveStudentMap(db: DbOrTrx, studentId: string, caseId: string, expected: number, document: string, outline?: string): Promise<number | undefined> {
  const updated = await db
    .updateTable('student_maps')
    .set({ document, ...(outline === undefined ? {} : { outline }), version: sql`version + 1`, updated_at: new Date() })
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .where('version', '=', expected)
    .returning('version')
    .executeTakeFirst();
  if (updated) return updated.version;
  if (expected !== 0) return undefined;
  const inserted = await db
    .insertInto('student_maps')
    .values({ student_id: studentId, case_id: caseId, document, outline: outline ?? '', version: 1, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['student_id', 'case_id']).doNothing())
    .returning('version')
    .executeTakeFirst();
  return inserted?.version;
}

export async function currentVersion(db: DbOrTrx, studentId: string, caseId: string): Promise<number> {
  const row = await db.selectFrom('student_maps').select('version').where('student_id', '=', studentId).where('case_id', '=', caseId).executeTakeFirst();
  return row?.version ?? 0;
}

/** Nodes the student has learnt in a case, and the node of their latest record there. */
export async function caseProgress(db: DbOrTrx, studentId: string, caseId: string) {
  const rows = await db
    .selectFrom('case_records')
    .select(['node_id', 'is_study', 'created_at'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'desc')
    .execute();
  return { learnt: new Set(rows.filter((r) => r.is_study === 1).map((r) => r.node_id)), now: rows[0]?.node_id };
}

export interface OfficialNode {
  nodeId: string;
  text: string;
  level: number;
  resourceCount: number;
  /** 1: the node has a node exam (getExamByNodeId answers for it), so screens can offer 节点测试. */
  hasExam: number;
}

/** The official map's nodes in document order with their resource counts and exams: content, cached. */
export function officialNodes(db: DbOrTrx, content: ContentCache, caseId: string): Promise<OfficialNode[] | undefined> {
  return content.get(`official-nodes:${caseId}`, ['official_maps', 'study_resources', 'exams'], async () => {
    const [doc, counts, examNodes] = await Promise.all([
      officialMap(db, caseId),
      db.selectFrom('study_resources').select(({ fn }) => ['node_id', fn.countAll<string>().as('n')]).where('case_id', '=', caseId).groupBy('node_id').execute(),
      db.selectFrom('exams').select('node_id').where('exam_type', '=', 1).where('case_id', '=', caseId).execute(),
    ]);
    if (!doc) return undefined;
    const byNode = new Map(counts.map((c) => [c.node_id, Number(c.n)]));
    const withExam = new Set(examNodes.map((e) => e.node_id));
    const nodes: OfficialNode[] = [];
    walk(doc.root, (n, level) => {
      const id = String(n.data.id ?? '');
      nodes.push({ nodeId: id, text: String(n.data.text ?? ''), level, resourceCount: byNode.get(id) ?? 0, hasExam: withExam.has(id) ? 1 : 0 });
    });
    return nodes;
  });
}
