import { apiGet, apiPost } from '../../app/http/client';
import type { Page } from '../../app/http/page';

export const PAGE_SIZE = 10;

/** 0 未开始, 1 进行中, 2 已完成, 3 已超时 (time ran out before hand-in: the server closed it at the deadline). */
export type ExamStatus = 0 | 1 | 2 | 3;

export interface OpenAttempt {
  attemptNo: number;
  startTime: string;
  deadline: string;
  /** Seconds left by the server's clock; null when untimed. */
  remainingSeconds: number | null;
  /** Answers saved on the server so far (papers only, not list rows): another device resumes them. */
  answers?: Record<string, string>;
}

/** One exam with the student's standing on it (list rows, intro cards, paper headers). */
export interface ExamSummary {
  examId: string;
  /** 1 node exam (case node), 2 course exam */
  examType: 1 | 2;
  title: string;
  intro: string;
  sourceName: string;
  caseId: string;
  nodeId: string;
  courseId: string;
  questionCount: number;
  totalScore: number;
  passScore: number;
  /** minutes; 0 untimed */
  timeLimit: number;
  maxAttempts: number;
  attemptCount: number;
  status: ExamStatus;
  canStart: 0 | 1;
  isSubmit: 0 | 1;
  score: number | null;
  isPass: 0 | 1 | null;
  isOvertime: 0 | 1;
  /** The latest attempt was closed by the server when its time ran out (graded on the saved answers). */
  isTimeout: 0 | 1;
  submitTime: string;
  attempt: OpenAttempt | null;
}

export interface Option {
  key: string;
  text: string;
}

/** 1 single choice, 2 multiple choice, 3 true/false */
export type QuestionType = 1 | 2 | 3;

export interface Question {
  questionId: string;
  qType: QuestionType;
  stem: string;
  options: Option[];
  score: number;
}

export interface Paper extends ExamSummary {
  questions: Question[];
}

export interface ReviewQuestion extends Question {
  rightAnswer: string;
  userAnswer: string;
  isRight: 0 | 1;
  analysis: string;
}

export interface Review extends Omit<ExamSummary, 'score' | 'isPass'> {
  score: number;
  isPass: 0 | 1;
  attemptNo: number;
  startTime: string;
  questions: ReviewQuestion[];
}

export interface CourseExams {
  courseId: string;
  courseName: string;
  teacherName: string;
  isSignUp: 0 | 1;
  exams: ExamSummary[];
}

export interface SubmitResult {
  examId: string;
  score: number;
  totalScore: number;
  isPass: 0 | 1;
  isOvertime: 0 | 1;
  attemptNo: number;
  submitTime: string;
}

export const pageExams = (currentNum: number, filter: { examType?: string; courseId?: string } = {}) =>
  apiGet<Page<ExamSummary>>('/api/course/nodeTestUser/queryExamPage', { currentNum, currentSize: PAGE_SIZE, examType: filter.examType || undefined, courseId: filter.courseId || undefined });

export const nodeExam = (caseId: string, nodeId: string) => apiGet<Paper>('/api/course/nodeTestUser/getExamByNodeId', { caseId, nodeId });

export const courseExam = (examId: string) => apiGet<Paper>('/api/course/nodeTestUser/getCourseExam', { examId });

export const courseExams = (courseId: string) => apiGet<CourseExams>('/api/course/nodeTestUser/getExamByCourseId', { courseId });

/** Starts the attempt (or resumes the open one); the server fixes the deadline. */
export const startExam = (examId: string) => apiPost<Paper>('/api/course/nodeTestUser/startExam', { examId });

/** Keeps the answers so far on the server, so a time-out grades them and another device resumes them. */
export const saveAnswers = (examId: string, answers: { questionId: string; answer: string }[]) => apiPost<{ attemptNo: number; savedAt: string }>('/api/course/nodeTestUser/saveAnswers', { examId, answers });

export const submitExam = (examId: string, answers: { questionId: string; answer: string }[]) => apiPost<SubmitResult>('/api/course/nodeTestUser/submitExam', { examId, answers });

export const examReview = (examId: string) => apiGet<Review>('/api/course/nodeTestUser/getUserExam', { examId });
