import { sql } from 'kysely';
import type { CasePageQuery, CaseSummary, ClassifyItem, RankItem } from '../../../contract/cases';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../lib/ids';
import type { ContentCache } from '../../lib/content-cache';
import type { StudentCache } from '../../lib/student-cache';
import { withCreateTime } from '../../lib/time';
import { containsIgnoringCase, pageInMemory } from '../../lib/paging';
import { shownAvatar } from '../files/avatar';
import { officialNodes, studentCases } from '../mindmaps/maps';
import { percentOf, progressOfStudy } from '../../../mindmap/core';

/**
 * Every case and practice item with its classification and its official map's study nodes
 * (maps.ts#OfficialNodeList.study): content, cached per process. node_count is a case's number of
 * 知识点 — its study nodes, what progress, the ranking and the detail page count — and a practice
 * item's number of steps, the rows its detail page lists.
 */
function caseCatalog(db: DbOrTrx, content: ContentCache) {
  return content.get('cases', ['cases', 'case_classifications', 'official_maps', 'study_resources', 'exams'], async () => {
    const rows = await db
      .selectFrom('cases as c')
      .leftJoin('case_classifications as k', 'k.id', 'c.classify_id')
      .leftJoin('official_maps as m', 'm.case_id', 'c.id')
      .select([
        'c.id',
        'c.year',
        'c.case_type',
        'c.classify_id',
        'c.name',
        'c.intro',
        'c.cover',
        'c.teacher_name',
        'c.difficulty',
        'c.study_count',
        'c.created_at',
        'k.name as classify_name',
        'k.parent_id as classify_parent_id',
        'm.case_id as map_case_id',
      ])
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
    const lists = await Promise.all(rows.map((c) => (c.map_case_id ? officialNodes(db, content, c.id) : undefined)));
    return withCreateTime(
      rows.map((c, i) => {
        const study = lists[i]?.study ?? [];
        return { ...c, study, node_count: c.case_type === 2 ? (lists[i]?.listed ?? 0) : study.length };
      }),
    );
  });
}

type CaseRow = Awaited<ReturnType<typeof caseCatalog>>[number];
interface Application {
  status: number;
  /** The nodes the student has learnt in the case (case_records' node rows). */
  learnt: ReadonlySet<string>;
}

/**
 * The student's percentage in a case as the lists show it: rollup.ts's rule over the case's study
 * nodes now (so a map edit that adds or removes study nodes shows at once), the same figure
 * refreshCaseProgress stores and the engine's root roll-up draws.
 */
export function listPercent(c: Pick<CaseRow, 'study'>, application: Application | undefined): number {
  return application ? percentOf(progressOfStudy(c.study, (id) => application.learnt.has(id))) : 0;
}

export function caseView(c: CaseRow, application: Application | undefined): CaseSummary {
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
    progress: listPercent(c, application),
    createTime: c.createTime,
  };
}

/**
 * The student's applications by case (a handful of rows) with their learnt nodes, from the
 * student's cached cases (maps.ts#studentCases): read-only, fresh through the student cache's
 * NOTIFYs on case_applications and case_records.
 */
async function applications(db: DbOrTrx, students: StudentCache, studentId: string): Promise<ReadonlyMap<string, Application>> {
  const byCase = new Map<string, Application>();
  for (const [caseId, c] of await studentCases(db, students, studentId)) if (c.status !== null) byCase.set(caseId, { status: c.status, learnt: c.learnt });
  return byCase;
}

/** Project cases (type 1) and practice items (type 2) share one list, searchable by name; year: academic year of the offering ('2021'), absent: every year (全部). */
export async function pageCases(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, q: CasePageQuery, onlyMine = false) {
  const [catalog, mine] = await Promise.all([caseCatalog(db, content), applications(db, students, studentId)]);
  const page = pageInMemory(
    catalog.filter((c) => matches(c, q) && (!onlyMine || mine.has(c.id))),
    q,
  );
  return { ...page, records: page.records.map((c) => caseView(c, mine.get(c.id))) };
}

function matches(c: CaseRow, q: CasePageQuery): boolean {
  return (
    c.case_type === (q.caseType ?? 1) &&
    (!q.name || containsIgnoringCase(c.name, q.name)) &&
    (!q.classifyId || c.classify_id === q.classifyId || c.classify_parent_id === q.classifyId) &&
    (!q.year || c.year === q.year)
  );
}

/**
 * Cases and practice items as anyone may browse them before login (issue 18 item 7): pageCases'
 * rows and filters, only the fields a card previews — no application, progress or student.
 */
export async function pagePublicCases(db: DbOrTrx, content: ContentCache, q: CasePageQuery) {
  const page = pageInMemory(
    (await caseCatalog(db, content)).filter((c) => matches(c, q)),
    q,
  );
  return {
    ...page,
    records: page.records.map((c) => ({
      caseId: c.id,
      name: c.name,
      caseType: c.case_type,
      classifyName: c.classify_name ?? '',
      intro: c.intro,
      cover: c.cover,
      teacherName: c.teacher_name,
      studyCount: c.study_count,
      nodeCount: c.node_count,
    })),
  };
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

export async function classifyTree(db: DbOrTrx): Promise<ClassifyItem[]> {
  const rows = await db.selectFrom('case_classifications').selectAll().orderBy('sort').orderBy('id').execute();
  const items = new Map(rows.map((r) => [r.id, { uuid: r.id, name: r.name, parentId: r.parent_id, children: [] as ClassifyItem[] }]));
  const roots: ClassifyItem[] = [];
  for (const it of items.values()) (items.get(it.parentId)?.children ?? roots).push(it);
  return roots;
}

/**
 * The case's learners — every student with an application (studying or graduated), the same
 * students its studyCount counts (seed and apply keep cases.study_count equal to that number) —
 * ranked by 知识点 learnt (its study nodes, the ones its cards count; a hand-ticked chapter is not
 * one), ties by id; names are masked (other students' privacy).
 */
export async function ranking(db: DbOrTrx, content: ContentCache, caseId: string, limit = 10): Promise<RankItem[]> {
  const study = (await officialNodes(db, content, caseId))?.study ?? [];
  const learnt = sql<string>`count(distinct r.node_id)`;
  const rows = await db
    .selectFrom('case_applications as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .leftJoin('case_records as r', (j) =>
      j
        .onRef('r.case_id', '=', 'a.case_id')
        .onRef('r.student_id', '=', 'a.student_id')
        .on('r.is_study', '=', 1)
        .on('r.resource_id', '=', '') // nodes learnt, not resources
        .on(study.length ? sql<boolean>`r.node_id in (${sql.join(study)})` : sql<boolean>`false`),
    )
    .where('a.case_id', '=', caseId)
    .groupBy(['s.id', 's.username', 's.avatar'])
    .select(['s.id', 's.username', 's.avatar', learnt.as('n')])
    .orderBy(learnt, 'desc')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((r, i) => ({ rank: i + 1, username: maskName(r.username), userPicUrl: shownAvatar(r.avatar), studyCount: Number(r.n) }));
}

/**
 * The student applies to a case (applyType 1 the apply button, 2 starting at once). The study count
 * grows once per application, even when a concurrent request got here too: only the insert that
 * happened counts.
 */
export async function applyToCase(
  db: DbOrTrx,
  content: ContentCache,
  students: StudentCache,
  studentId: string,
  caseId: string,
  applyType: 1 | 2,
): Promise<void> {
  const inserted = await db
    .insertInto('case_applications')
    .values({ id: newId(), student_id: studentId, case_id: caseId, status: 1, apply_type: applyType })
    .onConflict((oc) => oc.columns(['student_id', 'case_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  students.forget(studentId); // before answering; the trigger tells the other processes
  if (!inserted) return;
  await db
    .updateTable('cases')
    .set((eb) => ({ study_count: eb('study_count', '+', 1) }))
    .where('id', '=', caseId)
    .execute();
  // The trigger tells every process; this one must not answer from the old count meanwhile.
  content.invalidate('cases');
}

export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 2))}`;
}
