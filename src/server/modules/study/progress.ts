import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
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
export async function reportVideoProgress(db: DbOrTrx, studentId: string, courseId: string, nodeId: string, duration: number, position: number, claimed: number) {
  const prev = await db
    .selectFrom('learn_locations')
    .select(['watched', 'is_study', 'updated_at'])
    .where('student_id', '=', studentId)
    .where('course_id', '=', courseId)
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  const { before, watched, position: pos } = acceptedProgress(prev, duration, position, claimed);
  const isStudy = prev?.is_study === 1 || (duration > 0 && watched >= duration * DONE_RATIO) ? 1 : 2;
  await db
    .insertInto('learn_locations')
    .values({ student_id: studentId, course_id: courseId, node_id: nodeId, position: pos, watched, is_study: isStudy, updated_at: new Date() })
    .onConflict((oc) => oc.columns(['student_id', 'course_id', 'node_id']).doUpdateSet({ position: pos, watched, is_study: isStudy, updated_at: new Date() }))
    .execute();
  await touchStudyRecord(db, studentId, 1, courseId, nodeId, '', isStudy);
  // Only the seconds the cap above accepted count towards the student's daily study time.
  await addStudySeconds(db, studentId, watched - before);
  return { courseId, nodeId, position: pos, watched, isStudy };
}

/**
 * A case video resource's progress (resource_locations), so reopening it resumes where the student
 * stopped, and its real-time-capped watching counts as study time, as for courses. Whether the
 * resource is learnt stays with recordCaseStudy (studyRecord/caseRecord addRecord).
 */
export async function reportResourceProgress(db: DbOrTrx, studentId: string, r: { id: string; case_id: string; node_id: string; duration: number }, position: number, claimed: number) {
  const prev = await db.selectFrom('resource_locations').select(['watched', 'updated_at']).where('student_id', '=', studentId).where('resource_id', '=', r.id).executeTakeFirst();
  const { before, watched, position: pos } = acceptedProgress(prev, r.duration, position, claimed);
  const row = { position: pos, watched, updated_at: new Date() };
  await db
    .insertInto('resource_locations')
    .values({ student_id: studentId, resource_id: r.id, case_id: r.case_id, node_id: r.node_id, ...row })
    .onConflict((oc) => oc.columns(['student_id', 'resource_id']).doUpdateSet(row))
    .execute();
  await addStudySeconds(db, studentId, watched - before);
  return { caseId: r.case_id, nodeId: r.node_id, resourceId: r.id, position: pos, watched };
}

/** The "last study record" is the most recently touched row of study_records. */
export async function touchStudyRecord(db: DbOrTrx, studentId: string, isType: 0 | 1, targetId: string, nodeId: string, resourceId: string, isStudy: number) {
  const existing = await db
    .selectFrom('study_records')
    .select(['id', 'is_study'])
    .where('student_id', '=', studentId)
    .where('is_type', '=', isType)
    .where('target_id', '=', targetId)
    .where('node_id', '=', nodeId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('study_records')
      .set({ is_study: existing.is_study === 1 ? 1 : isStudy, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db.insertInto('study_records').values({ id: newId(), student_id: studentId, is_type: isType, target_id: targetId, node_id: nodeId, resource_id: resourceId, is_study: isStudy, updated_at: new Date() }).execute();
  }
}

/**
 * A case resource studied. Links, text, images and PDFs count as learnt when opened; a video only
 * once its duration (90 %) has passed since the previous report on it — real time again.
 */
export async function recordCaseStudy(db: DbOrTrx, studentId: string, caseId: string, nodeId: string, resourceId: string, claimDone: boolean) {
  let done = claimDone;
  if (resourceId) {
    const res = await db.selectFrom('study_resources').select(['file_suffix_code', 'duration']).where('id', '=', resourceId).where('case_id', '=', caseId).executeTakeFirst();
    if (res?.file_suffix_code === 3 && res.duration > 0 && done) {
      const first = await db
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
  await touchStudyRecord(db, studentId, 0, caseId, nodeId, resourceId, done ? 1 : 2);
  if (done) {
    await db
      .insertInto('case_records')
      .values({ id: newId(), student_id: studentId, case_id: caseId, node_id: nodeId, resource_id: resourceId, is_study: 1 })
      .onConflict((oc) => oc.columns(['student_id', 'case_id', 'node_id', 'resource_id']).doNothing())
      .execute();
  }
  return { caseId, nodeId, resourceId, isStudy: done ? 1 : 2 };
}
