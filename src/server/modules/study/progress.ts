import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import { notFound } from '../../http/envelope';
import { newId } from '../../lib/ids';
import { addStudySeconds } from './study-time';
import { addCourseCard } from '../review/cards';
import { acceptCoverage, type Segments } from './coverage';
import { clampPosition, mergeCourseReport, studySeconds, writeCourseVideoReport } from './course-video';
import { completeResource, lockApplication, markNodeByHand, openResource, resourceDone, unmarkNode } from './completion';

/** A progress report: where the player is, and the media intervals it played since the last one. */
export interface VideoReport {
  position: number;
  segments: Segments;
}

/**
 * Course video progress (learn_locations). A section is learnt once 90 % of its timeline is
 * covered, at any playback rate (coverage.ts); coverage faster than the highest rate allows is
 * refused. Two reports racing merge their segments one after the other and neither is lost:
 * each is written only over the row it read (course-video.ts), the loser reads again; after a
 * few lost races (one student's many tabs) the row is locked instead.
 */
export async function reportVideoProgress(db: Db, studentId: string, courseId: string, nodeId: string, duration: number, report: VideoReport) {
  const key = { student_id: studentId, course_id: courseId, node_id: nodeId };
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await writeCourseVideoReport(db, key, duration, report);
    if (answer) return answer;
  }
  return lockedVideoReport(db, key, duration, report);
}

async function lockedVideoReport(db: Db, key: { student_id: string; course_id: string; node_id: string }, duration: number, report: VideoReport) {
  const { student_id: studentId, course_id: courseId, node_id: nodeId } = key;
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('learn_locations')
      .values({ ...key, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['student_id', 'course_id', 'node_id']).doNothing())
      .execute();
    const prev = await trx
      .selectFrom('learn_locations')
      .select(['is_study', 'updated_at', 'coverage', 'coverage_started_at'])
      .where('student_id', '=', studentId)
      .where('course_id', '=', courseId)
      .where('node_id', '=', nodeId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { c, isStudy, position, watched } = mergeCourseReport(prev, report, duration);
    await trx
      .updateTable('learn_locations')
      .set({ position, watched, coverage: c.coverage, coverage_started_at: c.started, is_study: isStudy, updated_at: new Date() })
      .where('student_id', '=', studentId)
      .where('course_id', '=', courseId)
      .where('node_id', '=', nodeId)
      .execute();
    await touchStudyRecord(trx, studentId, 1, courseId, nodeId, '', isStudy);
    await addStudySeconds(trx, studentId, studySeconds(prev.updated_at, c.gained));
    if (isStudy === 1) await addCourseCard(trx, studentId, courseId, nodeId); // a learnt section is reviewed
    return { courseId, nodeId, position, watched, isStudy };
  });
}

/**
 * A case video resource's progress (resource_locations): the resume position and the coverage of
 * its timeline, as for course sections. When the coverage reaches 90 % the resource is completed
 * and, if it was the node's last required one, the node is learnt (completion.ts).
 *
 * The student's application row is locked first (every completion of this case takes it in the
 * same order), then the location row: concurrent reports of one video apply one after another.
 */
export async function reportResourceProgress(
  db: Db,
  studentId: string,
  r: { id: string; case_id: string; node_id: string; duration: number },
  report: VideoReport,
) {
  return db.transaction().execute(async (trx) => {
    await lockApplication(trx, studentId, r.case_id);
    await trx
      .insertInto('resource_locations')
      .values({ student_id: studentId, resource_id: r.id, case_id: r.case_id, node_id: r.node_id, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['student_id', 'resource_id']).doNothing())
      .execute();
    const prev = await trx
      .selectFrom('resource_locations')
      .select(['updated_at', 'coverage', 'coverage_started_at'])
      .where('student_id', '=', studentId)
      .where('resource_id', '=', r.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const c = acceptCoverage(prev, report.segments, r.duration);
    const position = clampPosition(report.position, r.duration);
    await trx
      .updateTable('resource_locations')
      .set({ position, watched: Math.floor(c.covered), coverage: c.coverage, coverage_started_at: c.started, updated_at: new Date() })
      .where('student_id', '=', studentId)
      .where('resource_id', '=', r.id)
      .execute();
    await addStudySeconds(trx, studentId, studySeconds(prev.updated_at, c.gained));
    let nodeLearnt = false;
    if (c.done) {
      await touchStudyRecord(trx, studentId, 0, r.case_id, r.node_id, r.id, 1);
      nodeLearnt = await completeResource(trx, studentId, r.case_id, r.node_id, r.id);
    }
    return {
      caseId: r.case_id,
      nodeId: r.node_id,
      resourceId: r.id,
      position,
      watched: Math.floor(c.covered),
      isStudy: c.done ? 1 : 2,
      nodeLearnt: nodeLearnt ? 1 : 0,
    };
  });
}

/** Study time of a report: the timeline it newly covered, but never more than the real time since the last report. */

/**
 * The "last study record" is the most recently touched row of study_records: one row per student,
 * kind, target, node and resource (unique key), written in one statement so concurrent reports of
 * the same resource cannot each insert their own row.
 */
export async function touchStudyRecord(db: DbOrTrx, studentId: string, isType: 0 | 1, targetId: string, nodeId: string, resourceId: string, isStudy: number) {
  await db
    .insertInto('study_records')
    .values({
      id: newId(),
      student_id: studentId,
      is_type: isType,
      target_id: targetId,
      node_id: nodeId,
      resource_id: resourceId,
      is_study: isStudy,
      updated_at: new Date(),
    })
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
 * A case resource studied (studyRecord/caseRecord addRecord). What completes a resource
 * (completion.ts#RULES): a link by being opened; text, image and PDF by being open for 5 s — the
 * first report starts the clock, a report 5 s later completes it; a video only by its coverage
 * (reportResourceProgress), whatever this call claims. The node is learnt when its last required
 * resource (and its node exam) is completed.
 *
 * A resourceId must name a resource of that node of that case (404 otherwise). No resourceId is a
 * tick by hand: allowed only on a node without required resources; otherwise refused, naming what
 * remains; isStudy other than 1 without a resourceId takes a tick back (unmarkNode). Everything runs under the student's application row lock (lockApplication).
 */
export async function recordCaseStudy(db: Db, studentId: string, caseId: string, nodeId: string, resourceId: string, claimDone: boolean) {
  return db.transaction().execute(async (trx) => {
    await lockApplication(trx, studentId, caseId);
    if (!resourceId) {
      if (claimDone) await markNodeByHand(trx, studentId, caseId, nodeId);
      else await unmarkNode(trx, studentId, caseId, nodeId);
      await touchStudyRecord(trx, studentId, 0, caseId, nodeId, '', claimDone ? 1 : 2);
      return { caseId, nodeId, resourceId, isStudy: claimDone ? 1 : 2, nodeLearnt: claimDone ? 1 : 0 };
    }
    const res = await trx
      .selectFrom('study_resources')
      .select(['file_suffix_code', 'duration', 'page_count'])
      .where('id', '=', resourceId)
      .where('case_id', '=', caseId)
      .where('node_id', '=', nodeId)
      .forShare()
      .executeTakeFirst();
    if (!res) throw notFound(NO_SUCH_RESOURCE);
    const opened = await openResource(trx, studentId, caseId, nodeId, resourceId);
    let done = opened.is_study === 1;
    let nodeLearnt = false;
    if (!done && claimDone && (await resourceDone(trx, studentId, { id: resourceId, ...res }, opened.created_at))) {
      nodeLearnt = await completeResource(trx, studentId, caseId, nodeId, resourceId);
      done = true;
    }
    await touchStudyRecord(trx, studentId, 0, caseId, nodeId, resourceId, done ? 1 : 2);
    return { caseId, nodeId, resourceId, isStudy: done ? 1 : 2, nodeLearnt: nodeLearnt ? 1 : 0 };
  });
}
