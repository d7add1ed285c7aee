import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import type { StudentCache } from '../../lib/student-cache';
import { ApiError, ResultCode, notFound } from '../../http/envelope';
import type { StaleSave } from '../../../contract/mindmaps';
import { accessOf } from '../cases/access';
import { outlineDescribes, walk, type KmDocument } from './document';
import { compactLocked, headMap } from './head';
import type { MapHeads } from './head-cache';
import { pruneVersions, saveWithinWindow, updateKeepingVersion, type WholeSave } from './versions';

/**
 * The case's official map, a fresh object each call (callers mark a student's progress on it).
 * With `content` its stored text comes from the content cache (the official_maps trigger drops
 * it when a teacher publishes a change): the 9:00 spike opens the same map for every student.
 */
export async function officialMap(db: DbOrTrx, caseId: string, content?: ContentCache): Promise<KmDocument | undefined> {
  const text = content ? await officialMapText(db, content, caseId) : await readOfficialMapText(db, caseId);
  return text === undefined ? undefined : (JSON.parse(text) as KmDocument);
}

/** The official map's stored JSON text, cached as content. */
export function officialMapText(db: DbOrTrx, content: ContentCache, caseId: string): Promise<string | undefined> {
  return content.get(`official-map:${caseId}`, ['official_maps'], () => readOfficialMapText(db, caseId));
}

async function readOfficialMapText(db: DbOrTrx, caseId: string): Promise<string | undefined> {
  const row = await db.selectFrom('official_maps').select('document').where('case_id', '=', caseId).executeTakeFirst();
  return row?.document;
}

/** Whether a node id is in the case's official map (jsonpath over the stored document: independent of its formatting). */
export async function isOfficialMapNode(db: DbOrTrx, caseId: string, nodeId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select jsonb_path_exists(document::jsonb, '$.root.** ? (@.data.id == $id)', jsonb_build_object('id', ${nodeId}::text)) as found
    from official_maps where case_id = ${caseId}`.execute(db);
  return rows[0]?.found === true;
}

/** The student's own map as it is now (its head: head.ts), or undefined; `heads`: this process's cache, when at hand. */
export function studentMap(db: DbOrTrx, studentId: string, caseId: string, heads?: MapHeads) {
  return headMap(db, heads, studentId, caseId);
}

/**
 * Optimistic save: succeeds only when `expected` is the version the client loaded (0 = it started
 * from the official map). Returns the new version, or undefined when someone saved in between.
 * The state replaced is kept as a version when its window is over, and the versions are pruned
 * (versions.ts). Run it in the transaction that also writes the save's side effects (save.ts).
 */
export async function saveStudentMap(
  trx: DbOrTrx,
  studentId: string,
  caseId: string,
  expected: number,
  saved: WholeSave,
  now = new Date(),
  heads?: MapHeads,
): Promise<number | undefined> {
  // The state replaced may be kept as a version (its document copied): the snapshot must be the head.
  await compactLocked(trx, heads, studentId, caseId, now);
  const version = await replaceWhole(trx, studentId, caseId, expected, saved, now);
  // A whole save starts the log again: tabs whose base is older load the map whole.
  if (version !== undefined) await trx.deleteFrom('map_changes').where('student_id', '=', studentId).where('case_id', '=', caseId).execute();
  return version;
}

async function replaceWhole(trx: DbOrTrx, studentId: string, caseId: string, expected: number, saved: WholeSave, now: Date): Promise<number | undefined> {
  // Typing (the common case): the window of the state saved now is still open, nothing to keep,
  // so one plain statement; the copy into map_versions only when it is over.
  const quick = await saveWithinWindow(trx, studentId, caseId, expected, saved, now);
  if (quick !== undefined) return quick;
  const updated = await updateKeepingVersion(trx, studentId, caseId, expected, saved, now);
  if (updated) {
    if (updated.kept) await pruneVersions(trx, studentId, now);
    return updated.version;
  }
  if (expected !== 0) return undefined;
  const { document, outline, nodeCount, title, saveId } = saved;
  const inserted = await trx
    .insertInto('student_maps')
    .values({
      student_id: studentId,
      case_id: caseId,
      document,
      outline: outline ?? '',
      version: 1,
      updated_at: now,
      node_count: nodeCount,
      title,
      version_started_at: now,
      snapshot_version: 1,
      log_from: 1,
      whole_save_id: saveId ?? null,
      whole_save_version: 1,
    })
    .onConflict((oc) => oc.columns(['student_id', 'case_id']).doNothing())
    .returning('version')
    .executeTakeFirst();
  return inserted?.version;
}

/**
 * Stores the student's own wording of the outline (tabs or four spaces) beside their map. The
 * outline must describe the saved map (the client applies it to the map and saves that with
 * saveStuMind first), and `version`, when sent, must still be current: a stale or different
 * outline answers 409 and stores nothing, so map and outline never diverge. Saving an outline
 * never creates or bumps a map version (that would make the editor's next save stale). Answers
 * the version the outline belongs to.
 */
export async function saveOwnOutline(
  db: Db,
  studentId: string,
  caseId: string,
  outline: string,
  version: number | undefined,
  heads?: MapHeads,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const own = await studentMap(trx, studentId, caseId, heads);
    const document = own?.document ?? (await officialMap(trx, caseId));
    if (!document) throw notFound('该案例暂无思维导图');
    const current = own?.version ?? 0;
    if (version !== undefined && version !== current)
      throw new ApiError(ResultCode.conflict, '思维导图已在其他页面更新，请刷新后再保存大纲', { version: current });
    if (!outlineDescribes(outline, document)) throw new ApiError(ResultCode.conflict, '大纲与导图不一致，请先将大纲应用到导图', { version: current });
    // Without an own map the derived outline already says the same thing: nothing to store.
    if (own)
      await trx
        .updateTable('student_maps')
        .set({ outline })
        .where('student_id', '=', studentId)
        .where('case_id', '=', caseId)
        .where('version', '=', current)
        .execute();
    return current;
  });
}

export async function currentVersion(db: DbOrTrx, studentId: string, caseId: string): Promise<number> {
  const row = await db.selectFrom('student_maps').select('version').where('student_id', '=', studentId).where('case_id', '=', caseId).executeTakeFirst();
  return row?.version ?? 0;
}

/**
 * What a stale whole save is answered (409's data): the version stored now and, when a whole save
 * made it, that save's id — the page that sent it (and never heard back) goes on from it.
 */
export async function staleAnswer(db: DbOrTrx, studentId: string, caseId: string): Promise<StaleSave> {
  const row = await db
    .selectFrom('student_maps')
    .select(['version', 'whole_save_id', 'whole_save_version'])
    .where('student_id', '=', studentId)
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return staleOf(row);
}

/** The 409 data of a whole save (contract StaleSave) from the map's row (either kind of map). */
export function staleOf(row: { version: number; whole_save_id: string | null; whole_save_version: number | null } | undefined): StaleSave {
  if (!row) return { version: 0 };
  return row.whole_save_id && row.whole_save_version === row.version ? { version: row.version, saveId: row.whole_save_id } : { version: row.version };
}

/**
 * The student's access to a case (0 none, 1 studying, 2 graduated, as caseAccess) and their
 * progress in it, in one round trip: the map screens need both on every open, and on the browse
 * load a second statement was a quarter of this route's cost. With `students` from the student's
 * cached cases (studentCases): no round trip at all when the case page was just read.
 */
export async function caseAccessAndProgress(db: DbOrTrx, studentId: string, caseId: string, students?: StudentCache) {
  if (students) {
    const standing = (await studentCases(db, students, studentId)).get(caseId);
    return { access: accessOf(standing?.status), learnt: standing?.learnt ?? new Set<string>(), studied: standing?.studied };
  }
  const { rows } = await sql<{ status: number | null; node_id: string | null; is_study: number | null; resource_id: string | null }>`
    select a.status, r.node_id, r.is_study, r.resource_id
    from (values (1)) as one (x)
    left join case_applications a on a.student_id = ${studentId} and a.case_id = ${caseId}
    left join case_records r on r.student_id = ${studentId} and r.case_id = ${caseId}
    order by r.created_at desc nulls last`.execute(db);
  return { access: accessOf(rows[0]?.status), learnt: learntOf(rows), studied: studiedNode(rows) };
}

/** The nodes learnt, from case records: a node row (resource_id '') with is_study 1; resource rows are its resources opened or completed. */
function learntOf(records: ReadonlyArray<{ node_id: string | null; is_study: number | null; resource_id: string | null }>): Set<string> {
  const learnt = new Set<string>();
  for (const r of records) if (r.is_study === 1 && r.node_id !== null && r.resource_id === '') learnt.add(r.node_id);
  return learnt;
}

/** One case as the student stands in it: the application's status (null: none), learnt nodes and the node being studied (studiedNode). */
export interface CaseStanding {
  status: number | null;
  learnt: ReadonlySet<string>;
  studied: string | undefined;
}

/**
 * Every case the student applied to or has records in, cached per student (kind 'cases'): the
 * case list and detail pages and the map screens all read it. Fresh through the student cache's
 * NOTIFYs on case_applications and case_records (migrations 2026-11-25-student-notify,
 * 2026-12-07-records-notify); routes that write them forget the student before answering.
 */
export function studentCases(db: DbOrTrx, students: StudentCache, studentId: string): Promise<ReadonlyMap<string, CaseStanding>> {
  return students.get(studentId, 'cases', async () => {
    // One round trip: the application rows (status set) and the record rows (newest first).
    const { rows } = await sql<{ case_id: string; status: number | null; node_id: string | null; is_study: number | null; resource_id: string | null }>`
      select case_id, status, null as node_id, null as is_study, null as resource_id, null as created_at
      from case_applications where student_id = ${studentId}
      union all
      select case_id, null, node_id, is_study, resource_id, created_at
      from case_records where student_id = ${studentId}
      order by created_at desc nulls first`.execute(db);
    const status = new Map<string, number>();
    const byCase = new Map<string, (typeof rows)[number][]>();
    for (const r of rows) {
      if (r.status !== null) {
        status.set(r.case_id, r.status);
        continue;
      }
      const list = byCase.get(r.case_id);
      if (list) list.push(r);
      else byCase.set(r.case_id, [r]);
    }
    const cases = new Map<string, CaseStanding>();
    for (const caseId of new Set([...status.keys(), ...byCase.keys()])) {
      const newestFirst = byCase.get(caseId) ?? [];
      cases.set(caseId, { status: status.get(caseId) ?? null, learnt: learntOf(newestFirst), studied: studiedNode(newestFirst) });
    }
    return cases;
  });
}

/**
 * The node the student is studying, from their case records newest first: the node of the
 * resource they opened last. A node row (resource_id '': a node learnt, or 标记已学 by hand of a
 * node without resources) never moves it — ticking a sub-point of a later topic used to make that
 * sub-point "the node touched last", and 正在学 jumped past the unlearnt topics in between. Only
 * when no resource was ever opened does the newest record (a tick) say where the student is.
 */
export function studiedNode(newestFirst: ReadonlyArray<{ node_id: string | null; resource_id: string | null }>): string | undefined {
  const opened = newestFirst.find((r) => r.node_id !== null && r.resource_id !== null && r.resource_id !== '');
  return (opened ?? newestFirst[0])?.node_id ?? undefined;
}

/**
 * 正在学 (isNow, issue 22): at most one node per map, never a learnt one. The node being studied
 * (studiedNode) while it is unlearnt; once it is learnt, the next unlearnt study node after it in
 * map order (wrapping) — where 继续学习 goes next; none when every study node is learnt. So it
 * moves only when the node being studied is learnt, or when the student opens another node's resource.
 */
export function nowOf(studied: string | undefined, learnt: ReadonlySet<string>, list: Pick<OfficialNodeList, 'ids' | 'study'>): string | undefined {
  if (!studied) return undefined;
  if (!learnt.has(studied)) return studied;
  const study = new Set(list.study);
  const from = list.ids.indexOf(studied) + 1;
  for (let k = 0; k < list.ids.length; k++) {
    const id = list.ids[(from + k) % list.ids.length];
    if (study.has(id) && !learnt.has(id)) return id;
  }
  return undefined;
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
  /** How many of the nodes the case and practice detail pages list (isListedNode): a practice card's step count. */
  listed: number;
  /**
   * The study nodes (知识点: nodes with resources or a node exam) in map order — the one list every
   * count of a case uses: its cards' and detail page's "N 个知识点", the ranking's learnt nodes,
   * the list percentage (rollup.ts's rule over these) and where 正在学 moves next (nowOf).
   */
  study: string[];
}

/**
 * The knowledge points (steps, for practice) a detail page lists: chapters and topics (levels 2–3)
 * and any deeper node with resources; the root repeats the title and the deepest nodes are the
 * map's prompts. The client's visibleNodes (features/project/case-helpers.ts) is the same rule, so
 * a card's "N 个知识点/步骤" is the number of rows its detail page shows.
 */
export const isListedNode = (level: number, resourceCount: number) => level > 1 && (level <= 3 || resourceCount > 0);

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
      officialMap(db, caseId, content),
      db
        .selectFrom('study_resources')
        .select(({ fn }) => ['node_id', fn.countAll<string>().as('n')])
        .where('case_id', '=', caseId)
        .groupBy('node_id')
        .execute(),
      db.selectFrom('exams').select('node_id').where('exam_type', '=', 1).where('case_id', '=', caseId).execute(),
    ]);
    if (!doc) return undefined;
    const byNode = new Map(counts.map((c) => [c.node_id, Number(c.n)]));
    const withExam = new Set(examNodes.map((e) => e.node_id));
    const list: OfficialNodeList = { ids: [], openJson: [], listed: 0, study: [] };
    walk(doc.root, (n, level) => {
      const id = String(n.data.id ?? '');
      const node: OfficialNode = { nodeId: id, text: String(n.data.text ?? ''), level, resourceCount: byNode.get(id) ?? 0, hasExam: withExam.has(id) ? 1 : 0 };
      list.ids.push(id);
      list.openJson.push(JSON.stringify(node).slice(0, -1));
      if (isListedNode(level, node.resourceCount)) list.listed++;
      if (node.resourceCount > 0 || node.hasExam) list.study.push(id);
    });
    return list;
  });
}
