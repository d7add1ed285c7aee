import type { CourseLocation, ResourceProgress } from '../../../contract/study';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import { courseNodes } from '../courses/courses';

/**
 * A course section's video length (seconds), or undefined when the node is not the course's. Read
 * from the course's cached nodes: every video heartbeat asks, and a round trip for a number that
 * changes only when a teacher edits the course was a third of a heartbeat's statements.
 */
export async function courseNodeDuration(db: DbOrTrx, content: ContentCache, courseId: string, nodeId: string): Promise<number | undefined> {
  return (await courseNodes(db, content, courseId)).find((n) => n.id === nodeId)?.duration;
}

/**
 * Where the student left off in a course: the most recently watched section, or section `nodeId`'s
 * own place when given; null before any study (of that section).
 */
export async function courseLocation(db: DbOrTrx, studentId: string, courseId: string, nodeId?: string): Promise<CourseLocation | null> {
  let q = db
    .selectFrom('learn_locations as l')
    .innerJoin('course_nodes as n', 'n.id', 'l.node_id')
    .select(['l.course_id', 'l.node_id', 'l.position', 'l.watched', 'l.is_study', 'n.video_id', 'n.name', 'n.duration'])
    .where('l.student_id', '=', studentId)
    .where('l.course_id', '=', courseId);
  if (nodeId) q = q.where('l.node_id', '=', nodeId);
  const row = await q.orderBy('l.updated_at', 'desc').executeTakeFirst();
  return row
    ? {
        courseId: row.course_id,
        nodeId: row.node_id,
        nodeName: row.name,
        videoId: row.video_id ?? '',
        duration: row.duration,
        position: row.position,
        watched: row.watched,
        isStudy: row.is_study,
      }
    : null;
}

/** Where the student stopped in one case video resource; null when never played. */
export async function resourceLocation(db: DbOrTrx, studentId: string, resourceId: string): Promise<ResourceProgress | null> {
  const at = await db.selectFrom('resource_locations').selectAll().where('student_id', '=', studentId).where('resource_id', '=', resourceId).executeTakeFirst();
  return at ? { caseId: at.case_id, nodeId: at.node_id, resourceId: at.resource_id, position: at.position, watched: at.watched } : null;
}
