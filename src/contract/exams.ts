import { Type, type Static } from 'typebox';
import { Id, Page, PageQuery } from './common';

// Node exams (a case node) and course exams (an official course), SPEC §7 nodeTestUser/*.

/** Answers are option keys: A–D for choices, A (正确) / B (错误) for true/false. */
export const ANSWER_PATTERN = '^[A-Ha-h, ]{0,16}$';
const Answer = Type.String({ maxLength: 16, pattern: ANSWER_PATTERN });

export const ExamIdQuery = Type.Object({ examId: Id });
export const ExamIdBody = Type.Object({ examId: Id });
export const NodeExamQuery = Type.Object({ caseId: Id, nodeId: Id });
export const CourseExamsQuery = Type.Object({ courseId: Id });
export const AnswersBody = Type.Object({
  examId: Id,
  answers: Type.Array(Type.Object({ questionId: Id, answer: Answer }), { maxItems: 200 }),
  /**
   * The attempt the page is answering (its paper's attemptNo): when it is no longer the open one
   * (handed in on another page or device), a save or hand-in answers 409 instead of landing on, or
   * opening, another attempt.
   */
  attemptNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});
export type AnswersBody = Static<typeof AnswersBody>;
export const ExamPageQuery = Type.Object({
  ...PageQuery,
  examType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  courseId: Type.Optional(Id),
});
export type ExamPageQuery = Static<typeof ExamPageQuery>;

const Bit = Type.Union([Type.Literal(0), Type.Literal(1)]);

/** 0 未开始, 1 进行中, 2 已完成, 3 已超时 (time ran out before hand-in: the server closed it at the deadline). */
export const ExamStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type ExamStatus = Static<typeof ExamStatus>;

const attemptFields = {
  attemptNo: Type.Integer(),
  startTime: Type.String(),
  /** '' when untimed */
  deadline: Type.String(),
  /** Seconds left by the server's clock; null when untimed. */
  remainingSeconds: Type.Union([Type.Integer(), Type.Null()]),
};
export const OpenAttempt = Type.Object(attemptFields);
export type OpenAttempt = Static<typeof OpenAttempt>;

const summaryFields = {
  examId: Type.String(),
  /** 1 node exam (case node), 2 course exam */
  examType: Type.Union([Type.Literal(1), Type.Literal(2)]),
  title: Type.String(),
  intro: Type.String(),
  /** the case's or the course's name */
  sourceName: Type.String(),
  /** what the source is: a project case, a practice item (a case of type 2) or a course */
  sourceKind: Type.Union([Type.Literal('case'), Type.Literal('practice'), Type.Literal('course')]),
  caseId: Type.String(),
  nodeId: Type.String(),
  courseId: Type.String(),
  questionCount: Type.Integer(),
  totalScore: Type.Number(),
  passScore: Type.Number(),
  /** minutes; 0 untimed */
  timeLimit: Type.Integer(),
  maxAttempts: Type.Integer(),
  attemptCount: Type.Integer(),
  status: ExamStatus,
  canStart: Bit,
  isSubmit: Bit,
  score: Type.Union([Type.Number(), Type.Null()]),
  isPass: Type.Union([Bit, Type.Null()]),
  isOvertime: Bit,
  /** The latest attempt was closed by the server when its time ran out (graded on the saved answers). */
  isTimeout: Bit,
  submitTime: Type.String(),
  attempt: Type.Union([OpenAttempt, Type.Null()]),
};
/** One exam with the student's standing on it (list rows, intro cards). */
export const ExamSummary = Type.Object(summaryFields);
export type ExamSummary = Static<typeof ExamSummary>;
export const ExamPage = Page(ExamSummary);

export const Option = Type.Object({ key: Type.String(), text: Type.String() });
export type Option = Static<typeof Option>;
/** 1 single choice, 2 multiple choice, 3 true/false */
export const QuestionType = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export type QuestionType = Static<typeof QuestionType>;
const questionFields = { questionId: Type.String(), qType: QuestionType, stem: Type.String(), options: Type.Array(Option), score: Type.Number() };
export const Question = Type.Object(questionFields);
export type Question = Static<typeof Question>;

/** The paper a student answers: no answers in it; a timed exam's questions only once started. */
export const Paper = Type.Object({
  ...summaryFields,
  /** The open attempt with the answers saved on the server so far: another device resumes them. */
  attempt: Type.Union([Type.Object({ ...attemptFields, answers: Type.Record(Type.String(), Type.String()) }), Type.Null()]),
  questions: Type.Array(Question),
});
export type Paper = Static<typeof Paper>;

export const ReviewQuestion = Type.Object({ ...questionFields, rightAnswer: Type.String(), userAnswer: Type.String(), isRight: Bit, analysis: Type.String() });
export type ReviewQuestion = Static<typeof ReviewQuestion>;
/** The latest graded attempt with correct answers and analysis. */
export const Review = Type.Object({
  ...summaryFields,
  score: Type.Number(),
  totalScore: Type.Number(),
  isPass: Bit,
  attemptNo: Type.Integer(),
  startTime: Type.String(),
  questions: Type.Array(ReviewQuestion),
});
export type Review = Static<typeof Review>;

/** A course's exams with the student's standing (the CourseExam intro), whether signed up or not. */
export const CourseExams = Type.Object({
  courseId: Type.String(),
  courseName: Type.String(),
  teacherName: Type.String(),
  isSignUp: Bit,
  exams: Type.Array(ExamSummary),
});
export type CourseExams = Static<typeof CourseExams>;

export const SavedAnswers = Type.Object({ examId: Type.String(), attemptNo: Type.Integer(), savedAt: Type.String() });
export type SavedAnswers = Static<typeof SavedAnswers>;
export const SubmitResult = Type.Object({
  examId: Type.String(),
  score: Type.Number(),
  totalScore: Type.Number(),
  isPass: Bit,
  isOvertime: Bit,
  attemptNo: Type.Integer(),
  submitTime: Type.String(),
});
export type SubmitResult = Static<typeof SubmitResult>;
