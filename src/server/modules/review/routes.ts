import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import {
  GradeBody,
  GradeResult,
  MapReview,
  MapReviewQuery,
  MapMastery,
  MarkBody,
  MarkResult,
  NextStep,
  RecallBody,
  RecallResult,
  ReviewQueue,
  ReviewSummary,
  StudyHistory,
  UndoBody,
  UndoResult,
} from '../../../contract/review';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { isExperienceAccount, type CaseOf } from '../../http/write-policy';
import { caseExists } from '../cases/cases';
import { caseDocument } from './cards';
import { mapNodeIds } from './faces';
import { gradeCard, markNode, undoGrade } from './grades';
import { dueSummary, mapReview, reviewQueue, trialQueue } from './queue';
import { nextStep } from './next-step';
import { recordRecall } from './recall';
import { mapMastery, studyHistory } from './study-history';

/** Grading and undo are the student's own study record: the experience account tries them without saving (SPEC §6). */
const ownStudy = { experience: 'refuse' } as const;
/** 需复习 / 不再复习 change a case's study: the student needs an active application. */
const markCase: CaseOf = (request) => (request.body as MarkBody | RecallBody | undefined)?.caseId;

/** Spaced repetition of learnt nodes (issue 20): the 复习 screen, its badge and the map's markers. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);
  const { db } = app;

  const isExperience = (studentId: string) => isExperienceAccount(db, studentId);

  // Reads only (no hidden writes on GET): cards are made by the writes that make a node learnt
  // (study records, node exams, course sections, a hand tick, 需复习) and by map saves, which
  // also retire them; learning from before cards existed was read in once (seed, migration
  // 2026-11-30-review-backfill).

  // The cards due now, with today's progress and when the next one is due.
  r.get('/api/course/review/queue', { schema: { response: Reply(ReviewQueue) } }, async (request) => {
    const studentId = studentIdOf(request);
    const now = new Date();
    if (await isExperience(studentId)) return ok(await trialQueue(db, now));
    return ok(await reviewQueue(db, studentId, now));
  });

  r.get('/api/course/review/summary', { schema: { response: Reply(ReviewSummary) } }, async (request) => {
    const studentId = studentIdOf(request);
    const now = new Date();
    if (await isExperience(studentId)) return ok({ dueCount: 0, nextDueAt: 0 });
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
      const doc = await caseDocument(db, studentId, caseId, app.mapHeads);
      return ok(await markNode(db, studentId, request.body, doc ? mapNodeIds(doc).all.has(nodeId) : false));
    },
  );

  // Which nodes of a case map have a card, due now or later (the map's marker and filter).
  r.get('/api/course/review/mapNodes', { schema: { querystring: MapReviewQuery, response: Reply(MapReview) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    if (!(await caseExists(db, app.contentCache, caseId))) throw notFound('案例不存在');
    return ok(await mapReview(db, studentId, caseId, new Date()));
  });

  // 回忆练习: the grades of a branch rebuilt from memory, one transaction (recall.ts).
  r.post(
    '/api/course/review/recall',
    { schema: { body: RecallBody, response: Reply(RecallResult) }, config: { write: { experience: 'refuse', caseOf: markCase } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const doc = await caseDocument(db, studentId, request.body.caseId, app.mapHeads);
      if (!doc) throw notFound('案例不存在');
      return ok(await recordRecall(db, studentId, request.body, mapNodeIds(doc).all));
    },
  );

  // Mastery of a case map's topics (the map's rings, roll-up and 掌握度 view).
  r.get('/api/course/review/mastery', { schema: { querystring: MapReviewQuery, response: Reply(MapMastery) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    if (!(await caseExists(db, app.contentCache, caseId))) throw notFound('案例不存在');
    return ok(await mapMastery(db, app.contentCache, studentId, caseId, new Date()));
  });

  // The one thing to do now on a case map, with its reason (next-step.ts): the case page, the map and 学习中心.
  r.get('/api/course/review/nextStep', { schema: { querystring: MapReviewQuery, response: Reply(NextStep) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    if (!(await caseExists(db, app.contentCache, caseId))) throw notFound('案例不存在');
    return ok(await nextStep(db, app.contentCache, studentId, caseId, new Date()));
  });

  // A case map's study by day (the chart of 我的学习).
  r.get('/api/course/review/history', { schema: { querystring: MapReviewQuery, response: Reply(StudyHistory) } }, async (request) => {
    const studentId = studentIdOf(request);
    const { caseId } = request.query;
    if (!(await caseExists(db, app.contentCache, caseId))) throw notFound('案例不存在');
    return ok(await studyHistory(db, app.contentCache, studentId, caseId, new Date()));
  });
}
