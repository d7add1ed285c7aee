import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import {
  AnswersBody,
  CourseExams,
  CourseExamsQuery,
  ExamIdBody,
  ExamIdQuery,
  ExamPage,
  ExamPageQuery,
  NodeExamQuery,
  Paper,
  Review,
  SavedAnswers,
  SubmitResult,
} from '../../../contract/exams';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import type { WritePolicy } from '../../http/write-policy';
import { assertNotGraduated } from '../cases/access';
import { courseExams, pageExams } from './exam-lists';
import { answersOf, assertMayTake, cachedNodeExam, findExam, paperOf, reviewOf, saveAnswers, startAttempt, submitAttempt } from './exams';
import { lockApplication, refreshNode } from '../study/completion';
import { syncOneCase } from '../review/cards';

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

  // A node exam's paper: the summary, the open attempt with its server deadline, questions without answers.
  r.get('/api/course/nodeTestUser/getExamByNodeId', { schema: { querystring: NodeExamQuery, response: Reply(Paper) } }, async (request) => {
    const studentId = studentIdOf(request);
    await assertNotGraduated(app.db, studentId, request.query.caseId);
    const exam = await cachedNodeExam(app.db, app.contentCache, request.query.caseId, request.query.nodeId);
    if (!exam) throw notFound('该节点暂无测验');
    return ok(await paperOf(app.db, studentId, exam, app.contentCache));
  });

  // A course exam's paper (same shape), for students signed up for the course.
  r.get('/api/course/nodeTestUser/getCourseExam', { schema: { querystring: ExamIdQuery, response: Reply(Paper) } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await takeable(studentId, request.query.examId);
    return ok(await paperOf(app.db, studentId, exam, app.contentCache));
  });

  // A course's exams with the student's standing: { courseId, courseName, isSignUp, exams: [summary] }.
  r.get('/api/course/nodeTestUser/getExamByCourseId', { schema: { querystring: CourseExamsQuery, response: Reply(CourseExams) } }, async (request) =>
    ok(await courseExams(app.db, studentIdOf(request), request.query.courseId)),
  );

  // The student's exams page: records are summaries (status 0 未开始, 1 进行中, 2 已完成, 3 已超时).
  r.get('/api/course/nodeTestUser/queryExamPage', { schema: { querystring: ExamPageQuery, response: Reply(ExamPage) } }, async (request) =>
    ok(await pageExams(app.db, studentIdOf(request), request.query)),
  );

  // Starts (or resumes) an attempt; answers the paper with its server deadline.
  r.post('/api/course/nodeTestUser/startExam', { schema: { body: ExamIdBody, response: Reply(Paper) }, config: { write: examWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await takeable(studentId, request.body.examId);
    await startAttempt(app.db, studentId, exam);
    return ok(await paperOf(app.db, studentId, exam, app.contentCache));
  });

  // Saves the answers so far on the open attempt: { examId, attemptNo, savedAt }; 409 once it is closed or its time is up.
  r.post(
    '/api/course/nodeTestUser/saveAnswers',
    { schema: { body: AnswersBody, response: Reply(SavedAnswers) }, config: { write: examWrite } },
    async (request) => {
      const studentId = studentIdOf(request);
      const exam = await takeable(studentId, request.body.examId);
      return ok(await saveAnswers(app.db, studentId, exam, answersOf(request.body.answers), request.body.attemptNo));
    },
  );

  // Grades the open attempt: { examId, score, totalScore, isPass, isOvertime, attemptNo, submitTime }.
  r.post(
    '/api/course/nodeTestUser/submitExam',
    { schema: { body: AnswersBody, response: Reply(SubmitResult) }, config: { write: examWrite } },
    async (request) => {
      const studentId = studentIdOf(request);
      const exam = await takeable(studentId, request.body.examId);
      const answers = answersOf(request.body.answers);
      // One transaction: an untimed exam's attempt is opened, graded and counted as study time
      // together, so a crash never leaves an opened-but-ungraded attempt behind a submission.
      // A passed node exam may be the node's last requirement: the node is learnt in the same
      // transaction (under the application lock, as every completion; study/completion.ts).
      const result = await app.db.transaction().execute(async (trx) => {
        if (exam.exam_type === 1 && exam.case_id) await lockApplication(trx, studentId, exam.case_id);
        const graded = await submitAttempt(trx, studentId, exam, answers, request.body.attemptNo);
        const nodeLearnt =
          graded.isPass === 1 && exam.exam_type === 1 && exam.case_id && exam.node_id ? await refreshNode(trx, studentId, exam.case_id, exam.node_id) : false;
        return { ...graded, nodeLearnt: nodeLearnt ? 1 : 0 };
      });
      if (result.nodeLearnt && exam.case_id) {
        app.studentCache.forget(studentId); // the case percentage moved
        await syncOneCase(app.db, studentId, exam.case_id); // and the node is now a review card
      }
      return ok(result);
    },
  );

  // The review of the student's latest graded attempt, with correct answers and analysis.
  r.get('/api/course/nodeTestUser/getUserExam', { schema: { querystring: ExamIdQuery, response: Reply(Review) } }, async (request) =>
    ok(await reviewOf(app.db, studentIdOf(request), request.query.examId)),
  );
}
