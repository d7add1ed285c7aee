import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import type { StudentCache } from '../../lib/student-cache';
import { withCreateTime } from '../../lib/time';
import { containsIgnoringCase, pageInMemory } from '../../lib/paging';
import { shownAvatar } from '../files/avatar';

export interface CaseQuery {
  currentNum: number;
  currentSize: number;
  name?: string;
  caseType?: number;
  classifyId?: string;
  /** academic year of the offering ('2021'); absent: every year (全部) */
  year?: string;
}

/** Every case and practice item with its classification and map size: content, cached per process. */
function caseCatalog(db: DbOrTrx, content: ContentCache) {
  return content.get('cases', ['cases', 'case_classifications', 'official_maps'], () =>
    db
      .selectFrom('cases as c')
      .leftJoin('case_classifications as k', 'k.id', 'c.classify_id')
      .leftJoin('official_maps as m', 'm.case_id', 'c.id')
      .select([
        'c.id', 'c.year', 'c.case_type', 'c.classify_id', 'c.name', 'c.intro', 'c.cover', 'c.teacher_name', 'c.difficulty', 'c.study_count', 'c.created_at',
        'k.name as classify_name', 'k.parent_id as classify_parent_id', 'm.node_count',
      ])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute()
      .then(withCreateTime),
  );
}

type CaseRow = Awaited<ReturnType<typeof caseCatalog>>[number];
interface Application {
  status: number;
  progress: number;
}

export function caseView(c: CaseRow, application: Application | undefined) {
  return {
    uuid: c.id,
    caseId: c.id,
    name: c.name,
    caseType: c.case_type,
    year: c.year ?? '',
    classifyId: c.classify_id ?? '',
    classifyName: c.classify_name ?? '',
    intro: c.intro,
    cover: c.cover,
    teacherName: c.teacher_name,
    difficulty: c.difficulty,
    studyCount: c.study_count,
    nodeCount: c.node_count ?? 0,
    /** 0 not applied, 1 studying, 2 graduated */
    applyStatus: application?.status ?? 0,
    progress: application?.progress ?? 0,
    createTime: c.createTime,
  };
}

/** The student's applications by case (a handful of rows), cached per student: read-only. */
function applications(db: DbOrTrx, students: StudentCache, studentId: string): Promise<ReadonlyMap<string, Application>> {
  return students.get(studentId, 'cases', async () => {
    const rows = await db.selectFrom('case_applications').select(['case_id', 'status', 'progress']).where('student_id', '=', studentId).execute();
    return new Map(rows.map((a) => [a.case_id, a]));
  });
}

/** Project cases (type 1) and practice items (type 2) share one list, searchable by name. */
export async function pageCases(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, q: CaseQuery, onlyMine = false) {
  const [catalog, mine] = await Promise.all([caseCatalog(db, content), applications(db, students, studentId)]);
  const type = q.caseType ?? 1;
  const matching = catalog.filter(
    (c) =>
      c.case_type === type &&
      (!q.name || containsIgnoringCase(c.name, q.name)) &&
      (!q.classifyId || c.classify_id === q.classifyId || c.classify_parent_id === q.classifyId) &&
      (!q.year || c.year === q.year) &&
      (!onlyMine || mine.has(c.id)),
  );
  const page = pageInMemory(matching, q);
  return { ...page, records: page.records.map((c) => caseView(c, mine.get(c.id))) };
}

/** Whether a case exists, from the cached catalogue. */
export async function caseExists(db: DbOrTrx, content: ContentCache, caseId: string): Promise<boolean> {
  return (await caseCatalog(db, content)).some((c) => c.id === caseId);
}

export async function findCaseView(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, caseId: string) {
  const row = (await caseCatalog(db, content)).find((c) => c.id === caseId);
  return row ? caseView(row, (await applications(db, students, studentId)).get(caseId)) : undefined;
}

/** How many resources of each file type (suffix code) a case has. */
export function caseResourceCounts(db: DbOrTrx, content: ContentCache, caseId: string): Promise<Record<string, number>> {
  return content.get(`case-resources:${caseId}`, ['study_resources'], async () => {
    const rows = await db
      .selectFrom('study_resources')
      .select(({ fn }) => ['file_suffix_code', fn.countAll<string>().as('n')])
      .where('case_id', '=', caseId)
      .groupBy('file_suffix_code')
      .execute();
    return Object.fromEntries(rows.map((x) => [String(x.file_suffix_code), Number(x.n)]));
  });
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
  return rows.map((r, i) => ({ rank: i + 1, username: maskName(r.username), userPicUrl: shownAvatar(r.avatar), studyCount: Number(r.n) }));
}

export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 2))}`;
}
