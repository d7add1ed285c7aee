import { withQuery } from '../router/hash-location';

/**
 * The two content players' URLs (SPEC §2). Course detail, case detail and the study-centre card
 * all open the players, and features cannot import each other, so the queries are built here.
 */
export interface CourseContentQuery {
  courseId: string;
  videoId: string;
  nodeId: string;
  /** the section's name */
  name: string;
  /** seconds */
  duration: number | string;
}

export function courseContentPath(q: CourseContentQuery): string {
  return withQuery('/course/content', { courseId: q.courseId, videoId: q.videoId, nodeId: q.nodeId, name: q.name, duration: String(q.duration ?? 0) });
}

export interface ProjectContentQuery {
  nodeId: string;
  caseId: string;
  nodeName: string;
  resourceId: string;
  /** file type code: 0 text, 1 image, 2 link, 3 video, 4 pdf */
  fileSuffix: number | string;
  fileName: string;
}

export function projectContentPath(q: ProjectContentQuery): string {
  return withQuery('/project/content', {
    nodeId: q.nodeId,
    caseId: q.caseId,
    nodeName: q.nodeName,
    resourceId: q.resourceId,
    fileSuffix: String(q.fileSuffix),
    fileName: q.fileName,
  });
}
