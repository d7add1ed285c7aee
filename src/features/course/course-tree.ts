import { courseContentPath } from '../../app/study/content-links';
import { studyState } from '../../app/ui/StudyMark';
import type { CourseNode } from './api';

/** The checkout guard's refusal: only signed-up students study a course. */
export const NEED_SIGN_UP = '请先报名该课程，再开始学习';

/** Sections (leaves that can be studied) in reading order: chapter by chapter. */
export function sectionsOf(tree: readonly CourseNode[]): CourseNode[] {
  const out: CourseNode[] = [];
  const walk = (nodes: readonly CourseNode[]) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children);
      else if (n.nodeType !== 1) out.push(n);
    }
  };
  walk(tree);
  return out;
}

export interface CourseProgress {
  sections: number;
  done: number;
  /** seconds over all sections */
  duration: number;
  /** The section to continue with: the first in progress, else the first not done, else the first. */
  next: CourseNode | undefined;
}

export function courseProgress(tree: readonly CourseNode[]): CourseProgress {
  const sections = sectionsOf(tree);
  const done = sections.filter((s) => studyState(s.isStudy) === 'done').length;
  const next = sections.find((s) => studyState(s.isStudy) === 'doing') ?? sections.find((s) => studyState(s.isStudy) === 'todo') ?? sections[0];
  return { sections: sections.length, done, duration: sections.reduce((t, s) => t + (Number(s.duration) || 0), 0), next };
}

/** The CourseContent URL of SPEC §2 for a section: courseId, videoId, nodeId, name, duration. */
export function sectionPath(courseId: string, s: CourseNode): string {
  return courseContentPath({ courseId, videoId: s.videoId ?? '', nodeId: s.nodeId ?? s.uuid, name: s.name, duration: s.duration ?? 0 });
}
