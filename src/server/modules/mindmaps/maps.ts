import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import { formatDateTime } from '../../lib/time';
import { accessOf } from '../cases/access';
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

/**
 * The student's access to a case (0 none, 1 studying, 2 graduated, as caseAccess) and their
 * progress in it, in one round trip: the map screens need both on every open, and on the browse
 * load a second statement was a quarter of this route's cost.
 */
export async function caseAccessAndProgress(db: DbOrTrx, studentId: string, caseId: string) {
  const { rows } = await sql<{ status: number | null; node_id: string | null; is_study: number | null }>`
    select a.status, r.node_id, r.is_study
    from (values (1)) as one (x)
    left join case_applications a on a.student_id = ${studentId} and a.case_id = ${caseId}
    left join case_records r on r.student_id = ${studentId} and r.case_id = ${caseId}
    order by r.created_at desc nulls last`.execute(db);
  const access = accessOf(rows[0]?.status);
  const learnt = new Set<string>();
  for (const r of rows) if (r.is_study === 1 && r.node_id !== null) learnt.add(r.node_id);
  return { access, learnt, now: rows[0]?.node_id ?? undefined };
}

export interface OfficialNode {
  nodeId: string;
  text: string;
  level: number;
  resourceCount: number;
  /** 1: the node has a node exam (getExamByNodeId answers for it), so screens can offer 节点测试. */
  hasExam: number;
}

/**
 * The official map's nodes in document order, serialised once per case: each entry is a node's
 * JSON object without its closing brace, for the two per-student fields (isStudy, isNow) to be
 * appended per request. On the browse load, building and serialising ~90 objects per request
 * made this the costliest route.
 */
export interface OfficialNodeList {
  ids: string[];
  openJson: string[];
}

/** Completes the cached node list with one student's progress: the JSON array the route answers. */
export function nodeListJson(list: OfficialNodeList, learnt: ReadonlySet<string>, now: string | undefined): string {
  const parts = new Array<string>(list.ids.length);
  for (let i = 0; i < parts.length; i++) {
    const id = list.ids[i];
    parts[i] = `${list.openJson[i]},"isStudy":${learnt.has(id) ? 1 : 0},"isNow":${id === now ? 1 : 0}}`;
  }
  return `[${parts.join(',')}]`;
}

/** The official map's nodes with their resource counts and exams: content, cached. */
export function officialNodes(db: DbOrTrx, content: ContentCache, caseId: string): Promise<OfficialNodeList | undefined> {
  return content.get(`official-nodes:${caseId}`, ['official_maps', 'study_resources', 'exams'], async () => {
    const [doc, counts, examNodes] = await Promise.all([
      officialMap(db, caseId),
      db.selectFrom('study_resources').select(({ fn }) => ['node_id', fn.countAll<string>().as('n')]).where('case_id', '=', caseId).groupBy('node_id').execute(),
      db.selectFrom('exams').select('node_id').where('exam_type', '=', 1).where('case_id', '=', caseId).execute(),
    ]);
    if (!doc) return undefined;
    const byNode = new Map(counts.map((c) => [c.node_id, Number(c.n)]));
    const withExam = new Set(examNodes.map((e) => e.node_id));
    const list: OfficialNodeList = { ids: [], openJson: [] };
    walk(doc.root, (n, level) => {
      const id = String(n.data.id ?? '');
      const node: OfficialNode = { nodeId: id, text: String(n.data.text ?? ''), level, resourceCount: byNode.get(id) ?? 0, hasExam: withExam.has(id) ? 1 : 0 };
      list.ids.push(id);
      list.openJson.push(JSON.stringify(node).slice(0, -1));
    });
    return list;
  });
}
