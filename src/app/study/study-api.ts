import { apiGet, apiPost } from '../http/client';
import { unwrap } from '../ui/use-remote';
import type { NextStep } from '../../contract/review';
import type { AddRecordBody, CaseStudy, LastRecord, ResourceProgress, SavedProgress } from '../../contract/study';

/**
 * SPEC §7 querLastRecord (param userId): the student's last study record, null when none yet.
 * `silent`: SPEC §8 says a last-record fetch error is silently ignored, so no global toast either.
 */
export async function fetchLastRecord(userId: string): Promise<LastRecord | null> {
  return unwrap(await apiGet<LastRecord | null>('/api/course/studyRecord/querLastRecord', { userId }, { silent: true }));
}

/** SPEC §3 add-study-record payload: resourceId, nodeId, fileSuffix '2', studentId, isStudy '1', caseId. */
export async function addStudyRecord(r: { caseId: string; nodeId: string; resourceId: string; studentId: string }): Promise<void> {
  // dedupe off: a record posted while another is in flight must not cancel it.
  const body: AddRecordBody = { resourceId: r.resourceId, nodeId: r.nodeId, fileSuffix: '2', studentId: r.studentId, isStudy: '1', caseId: r.caseId };
  unwrap(await apiPost<CaseStudy>('/api/course/studyRecord/addRecord', body, { dedupe: false }));
}

/** One video's progress: seconds reached, seconds covered, and the media intervals played since the last report. */
export type VideoProgress = Pick<ResourceProgress, 'position' | 'watched'> & {
  segments?: Array<[number, number]>;
  /** as last stored: 1 learnt (≥ 90 % of the timeline covered), 2 in progress */
  isStudy?: number;
};

/** What saveUserRecord/selectLearnLocation are about: a course section's video, or a case's video resource. */
export type VideoTarget = { courseId: string; nodeId: string } | { caseId: string; nodeId: string; resourceId: string };

/**
 * SPEC §7 saveUserRecord: reports a video's progress. `keepalive` sends it with fetch keepalive, so
 * a report made while the page is being hidden or unloaded still arrives (sendBeacon cannot carry
 * the Authorization header). A course section answers its isStudy.
 */
export async function saveUserRecord(target: VideoTarget, p: VideoProgress, keepalive = false): Promise<SavedProgress> {
  const config = keepalive ? { adapter: 'fetch' as const, fetchOptions: { keepalive: true }, dedupe: false } : { dedupe: false };
  return unwrap(
    await apiPost<SavedProgress>(
      '/api/course/userModelRecord/saveUserRecord',
      { ...target, position: Math.floor(p.position), segments: p.segments ?? [] },
      config,
    ),
  );
}

/** SPEC §7 selectLearnLocation for one case video resource: where the student stopped, null when never played. */
export async function fetchResourceLocation(caseId: string, resourceId: string): Promise<ResourceProgress | null> {
  return unwrap(await apiGet<ResourceProgress | null>('/api/course/userModelRecord/selectLearnLocation', { caseId, resourceId }, { dedupe: false }));
}

/** The one thing to do now on a case map, with its reason (issue 34; extra: silent on failure). */
export async function fetchNextStep(caseId: string): Promise<NextStep> {
  return unwrap(await apiGet<NextStep>('/api/course/review/nextStep', { caseId }, { silent: true }));
}
