import { apiGet, apiPost } from '../http/client';
import { unwrap } from '../ui/use-remote';
import type { LastRecord } from './last-study';

/** SPEC §7 querLastRecord (param userId): the student's last study record, null when none yet. */
export async function fetchLastRecord(userId: string): Promise<LastRecord | null> {
  return unwrap(await apiGet<LastRecord | null>('/api/course/studyRecord/querLastRecord', { userId }));
}

/** SPEC §3 add-study-record payload: resourceId, nodeId, fileSuffix '2', studentId, isStudy '1', caseId. */
export async function addStudyRecord(r: { caseId: string; nodeId: string; resourceId: string; studentId: string }): Promise<void> {
  // dedupe off: a record posted while another is in flight must not cancel it.
  unwrap(await apiPost('/api/course/studyRecord/addRecord', { resourceId: r.resourceId, nodeId: r.nodeId, fileSuffix: '2', studentId: r.studentId, isStudy: '1', caseId: r.caseId }, { dedupe: false }));
}
