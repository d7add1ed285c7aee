import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import {
  GradeBody,
  GradeResult,
  MapReview,
  MapReviewQuery,
  MarkBody,
  MarkResult,
  ReviewQueue,
  ReviewSummary,
  UndoBody,
  UndoResult,
} from '../../../contract/review';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { isExperienceAccount, type CaseOf } from '../../http/write-policy';
import { caseExists } from '../cases/cases';
import { caseDocument, hasCards, syncOneCase, syncStudentCards } from './cards';
import { mapNodeIds } from './faces';
import { gradeCard, markNode, undoGrade } from './grades';
import { dueSummary, mapReview, reviewQueue, trialQueue } from './queue';

/** Grading and undo are the student's own study record: the experience account tries them without saving (SPEC §6). */
const ownStudy = { experience: 'refuse' } as const;
/** 需复习 / 不再复习 change a case's study: the student needs an active application. */
const markCase: CaseOf = (request) => (request.body as MarkBody | undefined)?.caseId;

/** Spaced repetition of learnt nodes (issue 20): the 复习 screen, its badge and the map's markers. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);
  const { db } = app;

  const isExperience = (studentId: string) => isExperienceAccount(db, studentId);

  // The cards due now, with today's progress and when the next one is due. The cards are brought
  // up to date with what the student learnt first (syncStudentCards).
  r.get('/api/course/review/queue', { schema: { response: Reply(ReviewQueue) } }, async (request) => {
    const studentId = studentIdOf(request);
    const now = new Date();
    if (await isExperience(studentId)) return ok(await trialQueue(db, now));
    await syncStudentCards(db, studentId, now);
    return ok(await reviewQueue(db, studentId, now));
  });

  r.get('/api/course/review/summary', { schema: { response: Reply(ReviewSummary) } }, async (request) => {
    const studentId = studentIdOf(request);
    const now = new Date();
    if (await isExperience(studentId)) return ok({ dueCount: 0, nextDueAt: 0 });
    // Cards are made as nodes are learnt and maps saved; the badge is asked on every screen
    // change, so it only counts (reading every map here would parse them all each time), except
    // for a student without any card yet, whose earlier learning is read in once.
    if (!(await hasCards(db, studentId))) await syncStudentCards(db, studentId, now);
    return ok(await dueSummary(db, studentId, now));
  });

  r.post('/api/course/review/grade', { schema: { body: GradeBody, response: Reply(GradeResult) }, config: { write: ownStudy } }, async (request) =>
    ok(await gradeCard(db, studentIdOf(request), request.body)),
  );

  r.post('/api/course/review/undo', { schema: { body: UndoBody, response: Reply(UndoResult) }, config: { write: ownStudy } }, async (request) =>
    ok(await undoGrade(db, studentIdOf(request), request.body.gradeId)),
  );

  r.post(
    '/api/course/review/mark',
    { schema: { body: MarkBody, response: Reply(MarkResult) }, config: { write: { experience: 'refuse', caseOf: markCase } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const { caseId, nodeId } = request.body;
      const doc = await caseDocument(db, studentId, caseId);
      return ok(await markNode(db, studentId, request.body, doc ? mapNodeIds(doc).all.has(nodeId) : false));
    },
  );

  // Which nodes of a case map have a card, due now or later (the map's marker and filter).
  r.get('/api/course/review/mapNodes', { schema: { querystring: MapReviewQuery, response: Reply(MapReview) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    if (!(await caseExists(db, app.contentCache, caseId))) throw notFound('案例不存在');
    if (!(await isExperience(studentId))) await syncOneCase(db, studentId, caseId);
    return ok(await mapReview(db, studentId, caseId, new Date()));
  });
}
