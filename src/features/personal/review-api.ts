import type { GradeBody, GradeResult, MarkBody, ReviewCard, ReviewQueue, UndoResult } from '../../contract/review';
import { apiGet, apiPost } from '../../app/http/client';

export type { GradeBody, GradeResult, ReviewCard, ReviewQueue };

export const reviewQueue = () => apiGet<ReviewQueue>('/api/course/review/queue');

// Grades of different cards go out back to back (the offline queue flushing): none aborts another.
// silent: an offline grade is kept and sent later, the screen says so instead of a network toast.
export const sendGrade = (body: GradeBody) => apiPost<GradeResult>('/api/course/review/grade', body, { dedupe: false, silent: true });

export const undoGrade = (gradeId: string) => apiPost<UndoResult>('/api/course/review/undo', { gradeId }, { dedupe: false });

export const markForReview = (body: MarkBody) => apiPost<{ nodeId: string; excluded: number; due: string }>('/api/course/review/mark', body);
