import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import { assertNotGraduated } from '../cases/access';
import { grade } from './grading';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const SubmitBody = Type.Object({
  examId: Id,
  answers: Type.Array(Type.Object({ questionId: Id, answer: Type.String({ maxLength: 16 }) }), { maxItems: 200 }),
});

/** Node exams: served without answers, graded on the server, results only after submission. */
export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  const questionsOf = (examId: string) => app.db.selectFrom('exam_questions').selectAll().where('exam_id', '=', examId).orderBy('sort').orderBy('id').execute();
  const lastAttempt = (studentId: string, examId: string) =>
    app.db.selectFrom('exam_attempts').selectAll().where('student_id', '=', studentId).where('exam_id', '=', examId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();

  // data: { examId, title, passScore, totalScore, isSubmit, questions: [{ questionId, qType, stem, options:[{key,text}], score }] } — no answers.
  r.get('/api/course/nodeTestUser/getExamByNodeId', { schema: { querystring: Type.Object({ caseId: Id, nodeId: Id }) } }, async (request) => {
    const studentId = studentIdOf(request);
    await assertNotGraduated(app.db, studentId, request.query.caseId);
    const exam = await app.db.selectFrom('node_exams').selectAll().where('case_id', '=', request.query.caseId).where('node_id', '=', request.query.nodeId).executeTakeFirst();
    if (!exam) throw notFound('该节点暂无测验');
    const questions = await questionsOf(exam.id);
    const attempt = await lastAttempt(studentId, exam.id);
    return ok({
      examId: exam.id,
      title: exam.title,
      passScore: exam.pass_score,
      totalScore: questions.reduce((s, q) => s + q.score, 0),
      isSubmit: attempt ? 1 : 0,
      questions: questions.map((q) => ({ questionId: q.id, qType: q.q_type, stem: q.stem, options: JSON.parse(q.options) as unknown, score: q.score })),
    });
  });

  r.post('/api/course/nodeTestUser/submitExam', { schema: { body: SubmitBody } }, async (request) => {
    const studentId = studentIdOf(request);
    const exam = await app.db.selectFrom('node_exams').selectAll().where('id', '=', request.body.examId).executeTakeFirst();
    if (!exam) throw notFound('测验不存在');
    await assertNotGraduated(app.db, studentId, exam.case_id);
    const answers = Object.fromEntries(request.body.answers.map((a) => [a.questionId, a.answer]));
    const { score, total } = grade(await questionsOf(exam.id), answers);
    const passed = score >= exam.pass_score ? 1 : 0;
    await app.db.insertInto('exam_attempts').values({ id: newId(), student_id: studentId, exam_id: exam.id, answers: JSON.stringify(answers), score, total, passed }).execute();
    return ok({ examId: exam.id, score, totalScore: total, isPass: passed });
  });

  // The graded result of the student's latest attempt, with correct answers and analysis.
  r.get('/api/course/nodeTestUser/getUserExam', { schema: { querystring: Type.Object({ examId: Id }) } }, async (request) => {
    const studentId = studentIdOf(request);
    const attempt = await lastAttempt(studentId, request.query.examId);
    if (!attempt) throw notFound('尚未提交该测验');
    const questions = await questionsOf(attempt.exam_id);
    const { results } = grade(questions, JSON.parse(attempt.answers) as Record<string, string>);
    return ok({
      examId: attempt.exam_id,
      score: attempt.score,
      totalScore: attempt.total,
      isPass: attempt.passed,
      submitTime: formatDateTime(attempt.created_at),
      questions: questions.map((q, i) => ({
        questionId: q.id, qType: q.q_type, stem: q.stem, options: JSON.parse(q.options) as unknown, score: q.score,
        rightAnswer: q.answer, analysis: q.analysis, userAnswer: results[i]!.userAnswer, isRight: results[i]!.isRight,
      })),
    });
  });
}
