import { apiGet, apiPost } from '../../app/http/client';
import type { Page } from '../../app/http/page';
import type { AnswersBody, CourseExams, ExamPageQuery, ExamSummary, Paper, Review, SavedAnswers, SubmitResult } from '../../contract/exams';

export const PAGE_SIZE = 10;

export type {
  CourseExams,
  ExamStatus,
  ExamSummary,
  OpenAttempt,
  Option,
  Paper,
  Question,
  QuestionType,
  Review,
  ReviewQuestion,
  SubmitResult,
} from '../../contract/exams';

/** The list's 类型 filter as the URL carries it ('1' node exams, '2' course exams, else all). */
const examTypeOf = (v: string | undefined): ExamPageQuery['examType'] => (v === '1' ? 1 : v === '2' ? 2 : undefined);

export function pageExams(currentNum: number, filter: { examType?: string; courseId?: string } = {}) {
  const params: ExamPageQuery = { currentNum, currentSize: PAGE_SIZE, examType: examTypeOf(filter.examType), courseId: filter.courseId || undefined };
  return apiGet<Page<ExamSummary>>('/api/course/nodeTestUser/queryExamPage', params);
}

export const nodeExam = (caseId: string, nodeId: string) => apiGet<Paper>('/api/course/nodeTestUser/getExamByNodeId', { caseId, nodeId });

export const courseExam = (examId: string) => apiGet<Paper>('/api/course/nodeTestUser/getCourseExam', { examId });

export const courseExams = (courseId: string) => apiGet<CourseExams>('/api/course/nodeTestUser/getExamByCourseId', { courseId });

/** Starts the attempt (or resumes the open one); the server fixes the deadline. */
export const startExam = (examId: string) => apiPost<Paper>('/api/course/nodeTestUser/startExam', { examId });

/** Keeps the answers so far on the server, so a time-out grades them and another device resumes them. */
export const saveAnswers = (examId: string, answers: AnswersBody['answers'], attemptNo?: number) =>
  apiPost<SavedAnswers>('/api/course/nodeTestUser/saveAnswers', { examId, answers, attemptNo });

export const submitExam = (examId: string, answers: AnswersBody['answers'], attemptNo?: number) =>
  apiPost<SubmitResult>('/api/course/nodeTestUser/submitExam', { examId, answers, attemptNo });

export const examReview = (examId: string) => apiGet<Review>('/api/course/nodeTestUser/getUserExam', { examId });
