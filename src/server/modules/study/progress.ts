import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { notFound } from '../../http/envelope';
import { newId } from '../../lib/ids';
import { addStudySeconds } from './study-time';

/** Seconds of slack per report for network jitter; anything beyond wall-clock time is not believed. */
const SLACK_SECONDS = 3;
/** A video counts as learnt at 90 % watched. */
const DONE_RATIO = 0.9;

/**
 * What a progress report may record: `watched` grows by at most the wall-clock seconds since the
 * previous report (plus slack), so a client cannot claim 60 minutes watched in 5 seconds, and
 * neither it nor the position goes past the video's end.
 */
export function acceptedProgress(prev: { watched: number; updated_at: Date } | undefined, duration: number, position: number, claimed: number, now = Date.now()) {
  const elapsed = prev ? Math.max(0, (now - new Date(prev.updated_at).getTime()) / 1000) : 0;
  const before = prev?.watched ?? 0;
  const watched = Math.max(before, Math.min(claimed, before + Math.floor(elapsed) + SLACK_SECONDS, duration > 0 ? duration : Number.MAX_SAFE_INTEGER));
  return { before, watched, position: Math.max(0, Math.min(position, duration > 0 ? duration : position)) };
}

/** Course video progress (learn_locations); a section is learnt at 90 % really watched. */
export async function reportVideoProgress(db: Db, studentId: string, courseId: string, nodeId: string, duration: number, position: number, claimed: number) {
  return db.transaction().execute(async (trx) => {
    const key = { student_id: studentId, course_id: courseId, node_id: nodeId };
    const created = await trx.insertInto('learn_locations').values({ ...key, updated_at: new Date() }).onConflict((oc) => oc.columns(['student_id', 'course_id', 'node_id']).doNothing()).returning('student_id').executeTakeFirst();
    const prev = created
      ? undefined
      : await trx.selectFrom('learn_locations').select(['watched', 'is_study', 'updated_at']).where('student_id', '=', studentId).where('course_id', '=', courseId).where('node_id', '=', nodeId).forUpdate().executeTakeFirstOrThrow();
    const { before, watched, position: pos } = acceptedProgress(prev, duration, position, claimed);
    const isStudy = prev?.is_study === 1 || (duration > 0 && watched >= duration * DONE_RATIO) ? 1 : 2;
    await trx.updateTable('learn_locations').set({ position: pos, watched, is_study: isStudy, updated_at: new Date() }).where('student_id', '=', studentId).where('course_id', '=', courseId).where('node_id', '=', nodeId).execute();
    await touchStudyRecord(trx, studentId, 1, courseId, nodeId, '', isStudy);
    // Only the seconds the cap above accepted count towards the student's daily study time.
    await addStudySeconds(trx, studentId, watched - before);
    return { courseId, nodeId, position: pos, watched, isStudy };
  });
}

/**
 * A case video resource's progress (resource_locations), so reopening it resumes where the student
 * stopped, and its real-time-capped watching counts as study time, as for courses. Whether the
 * resource is learnt stays with recordCaseStudy (studyRecord/caseRecord addRecord).
 *
 * Both progress reports run in a transaction on the location row, created if missing and then
 * locked: concurrent reports of one video (two tabs, a replayed request) apply one after another,
 * so each sees the previous one's watched time and real time is counted once, not once per report.
 */
export async function reportResourceProgress(db: Db, studentId: string, r: { id: string; case_id: string; node_id: string; duration: number }, position: number, claimed: number) {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('resource_locations')
      .values({ student_id: studentId, resource_id: r.id, case_id: r.case_id, node_id: r.node_id, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['student_id', 'resource_id']).doNothing())
      .returning('student_id')
      .executeTakeFirst();
    const prev = created ? undefined : await trx.selectFrom('resource_locations').select(['watched', 'updated_at']).where('student_id', '=', studentId).where('resource_id', '=', r.id).forUpdate().executeTakeFirstOrThrow();
    const { before, watched, position: pos } = acceptedProgress(prev, r.duration, position, claimed);
    await trx.updateTable('resource_locations').set({ position: pos, watched, updated_at: new Date() }).where('student_id', '=', studentId).where('resource_id', '=', r.id).execute();
    await addStudySeconds(trx, studentId, watched - before);
    return { caseId: r.case_id, nodeId: r.node_id, resourceId: r.id, position: pos, watched };
  });
}

/**
 * The "last study record" is the most recently touched row of study_records: one row per student,
 * kind, target, node and resource (unique key), written in one statement so concurrent reports of
 * the same resource cannot each insert their own row.
 */
export async function touchStudyRecord(db: DbOrTrx, studentId: string, isType: 0 | 1, targetId: string, nodeId: string, resourceId: string, isStudy: number) {
  await db
    .insertInto('study_records')
    .values({ id: newId(), student_id: studentId, is_type: isType, target_id: targetId, node_id: nodeId, resource_id: resourceId, is_study: isStudy, updated_at: new Date() })
    .onConflict((oc) =>
      oc.columns(['student_id', 'is_type', 'target_id', 'node_id', 'resource_id']).doUpdateSet({
        // learnt stays learnt
        is_study: sql<number>`case when study_records.is_study = 1 then 1 else excluded.is_study end`,
        updated_at: sql<Date>`excluded.updated_at`,
      }),
    )
    .execute();
}

/** A resourceId that is not a resource of that node of that case (made up, or another case's). */
export const NO_SUCH_RESOURCE = '资源不存在';

/**
 * A case resource studied. Links, text, images and PDFs count as learnt when opened; a video only
 * once its duration (90 %) has passed since the previous report on it — real time again.
 *
 * A resourceId must name a resource of that node of that case (404 otherwise): a made-up or another
 * case's id would add a row per id and show in the last record as that other file. The resource is
 * read FOR SHARE in the same transaction as the writes, so it cannot be deleted or moved in between.
 * No resourceId records the node alone.
 */
export async function recordCaseStudy(db: Db, studentId: string, caseId: string, nodeId: string, resourceId: string, claimDone: boolean) {
  return db.transaction().execute(async (trx) => {
    let done = claimDone;
    if (resourceId) {
      const res = await trx.selectFrom('study_resources').select(['file_suffix_code', 'duration']).where('id', '=', resourceId).where('case_id', '=', caseId).where('node_id', '=', nodeId).forShare().executeTakeFirst();
      if (!res) throw notFound(NO_SUCH_RESOURCE);
      if (res.file_suffix_code === 3 && res.duration > 0 && done) {
        const first = await trx
          .selectFrom('study_records')
          .select(sql<Date>`min(updated_at)`.as('at'))
          .where('student_id', '=', studentId)
          .where('target_id', '=', caseId)
          .where('resource_id', '=', resourceId)
          .executeTakeFirst();
        const seconds = first?.at ? (Date.now() - new Date(first.at).getTime()) / 1000 : 0;
        done = seconds + SLACK_SECONDS >= res.duration * DONE_RATIO;
      }
    }
    await touchStudyRecord(trx, studentId, 0, caseId, nodeId, resourceId, done ? 1 : 2);
    if (done) {
      await trx
        .insertInto('case_records')
        .values({ id: newId(), student_id: studentId, case_id: caseId, node_id: nodeId, resource_id: resourceId, is_study: 1 })
        .onConflict((oc) => oc.columns(['student_id', 'case_id', 'node_id', 'resource_id']).doNothing())
        .execute();
    }
    return { caseId, nodeId, resourceId, isStudy: done ? 1 : 2 };
  });
}
