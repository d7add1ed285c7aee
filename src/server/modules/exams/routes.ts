import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import type { WritePolicy } from '../../http/write-policy';
import { PageQuery } from '../../lib/paging';
import { assertNotGraduated } from '../cases/access';
import { assertMayTake, courseExams, findExam, findNodeExam, pageExams, paperOf, reviewOf, saveAnswers, startAttempt, submitAttempt } from './exams';
import { ANSWER_PATTERN } from './policy';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const ExamIdBody = Type.Object({ examId: Id });
const SubmitBody = Type.Object({
  examId: Id,
  answers: Type.Array(Type.Object({ questionId: Id, answer: Type.String({ maxLength: 16, pattern: ANSWER_PATTERN }) }), { maxItems: 200 }),
});
const answersOf = (body: { answers: { questionId: string; answer: string }[] }) => Object.fromEntries(body.answers.map((a) => [a.questionId, a.answer]));
const ExamPageQuery = Type.Object({
  ...PageQuery,
  examType: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  courseId: Type.Optional(Id),
});

/**
 * Node exams (a case node) and course exams (an official course): papers without answers, a
 * server-side clock for timed exams, grading on the server, the review only after submission and
 * only of one's own attempts. Rules: ./policy.ts.
 */
export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  // A node exam is a write to its case (course exams need a course sign-up: assertMayTake).
  const examWrite: WritePolicy = {
    experience: 'refuse',
    caseOf: async (request) => (await findExam(app.db, (request.body as { examId: string }).examId))?.case_id ?? undefined,
  };

  const takeable = async (studentId: string, examId: string) => {
    const exam = await findExam(app.db, examId);
    if (!exam) throw notFound('考试不存在');
    await assertMayTake(app.db, studentId, exam);
    return exam;
  };

  // Paper: { examId, examType, title, sourceName, passScore, totalScore, timeLimit, maxAttempts, attemptCount, status,
  // isSubmit, score, attempt: { deadline, remainingSeconds } | null, questions: [{ questionId, qType, stem, options, score }] }
  r.get('/api/course/nodeTestUser/getExamByNodeId', { schema: { querystring: Type.Object({ caseId: Id, nodeId: Id }) } }, async (request) => {
    const studentId = studentIdOf(request);
    await assertNotGraduated(app.db, studentId, request.query.caseId);
    const exam = await findNodeExam(app.db, request.query.caseId, request.query.nodeId);
    if (!exam) throw notFound('该节点暂无测验');
    return ok(await paperOf(app.db, studentId, exam));
  });

  // A course exam's paper (same shape), for students signed up for the course.
  r.get('/api/course/nodeTestUser/getCourseExam', { schema: { querystring: Type.Object({ examId: Id }) } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await takeable(studentId, request.query.examId);
    return ok(await paperOf(app.db, studentId, exam));
  });

  // A course's exams with the student's standing: { courseId, courseName, isSignUp, exams: [summary] }.
  r.get('/api/course/nodeTestUser/getExamByCourseId', { schema: { querystring: Type.Object({ courseId: Id }) } }, async (request) =>
    ok(await courseExams(app.db, studentIdOf(request), request.query.courseId)),
  );

  // The student's exams page: records are summaries (status 0 未开始, 1 进行中, 2 已完成, 3 已超时).
  r.get('/api/course/nodeTestUser/queryExamPage', { schema: { querystring: ExamPageQuery } }, async (request) => ok(await pageExams(app.db, studentIdOf(request), request.query)));

  // Starts (or resumes) an attempt; answers the paper with its server deadline.
  r.post('/api/course/nodeTestUser/startExam', { schema: { body: ExamIdBody }, config: { write: examWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await takeable(studentId, request.body.examId);
    await startAttempt(app.db, studentId, exam);
    return ok(await paperOf(app.db, studentId, exam));
  });

  // Saves the answers so far on the open attempt: { examId, attemptNo, savedAt }; 409 once it is closed or its time is up.
  r.post('/api/course/nodeTestUser/saveAnswers', { schema: { body: SubmitBody }, config: { write: examWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await takeable(studentId, request.body.examId);
    return ok(await saveAnswers(app.db, studentId, exam, answersOf(request.body)));
  });

  // Grades the open attempt: { examId, score, totalScore, isPass, isOvertime, attemptNo, submitTime }.
  r.post('/api/course/nodeTestUser/submitExam', { schema: { body: SubmitBody }, config: { write: examWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await takeable(studentId, request.body.examId);
    const answers = answersOf(request.body);
    // One transaction: an untimed exam's attempt is opened, graded and counted as study time
    // together, so a crash never leaves an opened-but-ungraded attempt behind a submission.
    return ok(await app.db.transaction().execute((trx) => submitAttempt(trx, studentId, exam, answers)));
  });

  // The review of the student's latest graded attempt, with correct answers and analysis.
  r.get('/api/course/nodeTestUser/getUserExam', { schema: { querystring: Type.Object({ examId: Id }) } }, async (request) =>
    ok(await reviewOf(app.db, studentIdOf(request), request.query.examId)),
  );
}
