import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { formatDateTime } from '../../lib/time';
import { offsetOf, limitOf, pageOf, totalCount, totalOf } from '../../lib/paging';
import { escapeLike } from '../messages/messages';

export interface CaseQuery {
  currentNum: number;
  currentSize: number;
  name?: string;
  caseType?: number;
  classifyId?: string;
}

function caseSelect(db: DbOrTrx, studentId: string) {
  return db
    .selectFrom('cases as c')
    .leftJoin('case_classifications as k', 'k.id', 'c.classify_id')
    .leftJoin('official_maps as m', 'm.case_id', 'c.id')
    .leftJoin('case_applications as a', (j) => j.onRef('a.case_id', '=', 'c.id').on('a.student_id', '=', studentId))
    .select([
      'c.id', 'c.case_type', 'c.classify_id', 'c.name', 'c.intro', 'c.cover', 'c.teacher_name', 'c.difficulty', 'c.study_count', 'c.created_at',
      'k.name as classify_name', 'm.node_count', 'a.status as apply_status', 'a.progress',
    ]);
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof caseSelect>['execute']>>[number];

export function caseView(c: CaseRow) {
  return {
    uuid: c.id,
    caseId: c.id,
    name: c.name,
    caseType: c.case_type,
    classifyId: c.classify_id ?? '',
    classifyName: c.classify_name ?? '',
    intro: c.intro,
    cover: c.cover,
    teacherName: c.teacher_name,
    difficulty: c.difficulty,
    studyCount: c.study_count,
    nodeCount: c.node_count ?? 0,
    /** 0 not applied, 1 studying, 2 graduated */
    applyStatus: c.apply_status ?? 0,
    progress: c.progress ?? 0,
    createTime: formatDateTime(c.created_at),
  };
}

/** Project cases (type 1) and practice items (type 2) share one list, searchable by name. */
export async function pageCases(db: DbOrTrx, studentId: string, q: CaseQuery, onlyMine = false) {
  let base = caseSelect(db, studentId).where('c.case_type', '=', q.caseType ?? 1);
  if (q.name) base = base.where('c.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.classifyId) base = base.where((eb) => eb.or([eb('c.classify_id', '=', q.classifyId!), eb('k.parent_id', '=', q.classifyId!)]));
  if (onlyMine) base = base.where('a.id', 'is not', null);
  const rows = await base.select(totalCount()).orderBy('c.sort').orderBy('c.id').limit(limitOf(q)).offset(offsetOf(q)).execute();
  const total = await totalOf(rows, q, async () => Number((await base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n));
  return pageOf(rows.map(caseView), total, q.currentNum, q.currentSize);
}

export async function findCaseView(db: DbOrTrx, studentId: string, caseId: string) {
  const row = await caseSelect(db, studentId).where('c.id', '=', caseId).executeTakeFirst();
  return row ? caseView(row) : undefined;
}

export interface TreeItem {
  uuid: string;
  name: string;
  parentId: string;
  children: TreeItem[];
}

export async function classifyTree(db: DbOrTrx): Promise<TreeItem[]> {
  const rows = await db.selectFrom('case_classifications').selectAll().orderBy('sort').orderBy('id').execute();
  const items = new Map(rows.map((r) => [r.id, { uuid: r.id, name: r.name, parentId: r.parent_id, children: [] as TreeItem[] }]));
  const roots: TreeItem[] = [];
  for (const it of items.values()) (items.get(it.parentId)?.children ?? roots).push(it);
  return roots;
}

/** Top learners of a case by nodes learnt; names are masked (other students' privacy). */
export async function ranking(db: DbOrTrx, caseId: string, limit = 10) {
  const rows = await db
    .selectFrom('case_records as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .where('r.case_id', '=', caseId)
    .where('r.is_study', '=', 1)
    .groupBy(['s.id', 's.username', 's.avatar'])
    .select(['s.id', 's.username', 's.avatar', sql<string>`count(distinct r.node_id)`.as('n')])
    .orderBy(sql`count(distinct r.node_id)`, 'desc')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((r, i) => ({ rank: i + 1, username: maskName(r.username), userPicUrl: r.avatar, studyCount: Number(r.n) }));
}

export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 2))}`;
}
