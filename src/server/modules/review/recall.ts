import type { RecallBody, RecallResult } from '../../../contract/review';
import type { Db } from '../../db/database';
import { ApiError, ResultCode, badRequest, notFound } from '../../http/envelope';
import { CARD_CAP_MSG, atCardCap } from './cards';
import { gradeOf, pickFsrs, scheduler, toColumns, toFsrsCard } from './scheduler';

/** Ids per statement: far under PostgreSQL's 65,535 bind parameters whatever the branch. */
const CHUNK = 1000;
/** Cards a topic gets from a 回忆练习 when it had none (1 learnt, 2 需复习). */
const ORIGIN_RECALL = 3;

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Records a 回忆练习: each hidden topic's card is graded (a topic without a card gets one, due at
 * once), every grade a review_grades row marked with the session (it is not a 复习), all in one transaction with the session's row, whose
 * primary key makes a session sent again a replay. Topics must be in the map the student
 * studies the case on (`mapIds`).
 */
export async function recordRecall(db: Db, studentId: string, body: RecallBody, mapIds: ReadonlySet<string>, now = new Date()): Promise<RecallResult> {
  if (!mapIds.has(body.branchId) || body.grades.some((g) => !mapIds.has(g.nodeId))) throw notFound('知识点不存在');
  const ids = body.grades.map((g) => g.nodeId);
  if (new Set(ids).size !== ids.length) throw badRequest('同一知识点在一次回忆练习中只能评分一次');
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('recall_sessions')
      .values({
        id: body.sessionId,
        student_id: studentId,
        case_id: body.caseId,
        branch_id: body.branchId,
        topics: body.grades.length,
        recalled: body.grades.filter((g) => g.rating > 1).length,
        seconds: body.seconds,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) {
      const prior = await trx.selectFrom('recall_sessions').select(['student_id', 'topics']).where('id', '=', body.sessionId).executeTakeFirstOrThrow();
      if (prior.student_id !== studentId) throw new ApiError(ResultCode.conflict, '练习编号已被使用，请重新核对');
      return { sessionId: body.sessionId, replayed: 1, graded: prior.topics };
    }
    // New cards past the per-student cap (cards.ts) are refused, saying so; the whole session with them.
    let existing = 0;
    for (const part of chunks(ids)) {
      const row = await trx
        .selectFrom('review_cards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('student_id', '=', studentId)
        .where('kind', '=', 'case')
        .where('source_id', '=', body.caseId)
        .where('node_id', 'in', part)
        .executeTakeFirstOrThrow();
      existing += Number(row.n);
    }
    if (existing < ids.length && (await atCardCap(trx, studentId))) throw badRequest(CARD_CAP_MSG);
    for (const part of chunks(ids))
      await trx
        .insertInto('review_cards')
        .values(part.map((node_id) => ({ student_id: studentId, kind: 'case', source_id: body.caseId, node_id, origin: ORIGIN_RECALL, due: now })))
        .onConflict((oc) => oc.columns(['student_id', 'kind', 'source_id', 'node_id']).doNothing())
        .execute();
    const rating = new Map(body.grades.map((g) => [g.nodeId, g.rating]));
    let n = 0;
    for (const part of chunks(ids)) {
      const rows = await trx
        .selectFrom('review_cards')
        .selectAll()
        .where('student_id', '=', studentId)
        .where('kind', '=', 'case')
        .where('source_id', '=', body.caseId)
        .where('node_id', 'in', part)
        .forUpdate()
        .execute();
      for (const row of rows) {
        const reviewedAt = row.last_review && now < new Date(row.last_review) ? new Date(row.last_review) : now;
        const next = toColumns(scheduler.next(toFsrsCard(row), reviewedAt, gradeOf(rating.get(row.node_id)!)).card);
        const gradeId = `${body.sessionId}-${++n}`;
        const { student_id, kind, source_id, node_id } = row;
        const previous = JSON.stringify({ ...pickFsrs(row), last_grade_id: row.last_grade_id });
        await trx
          .updateTable('review_cards')
          .set({ ...next, revision: row.revision + 1, last_grade_id: gradeId })
          .where('student_id', '=', student_id)
          .where('kind', '=', kind)
          .where('source_id', '=', source_id)
          .where('node_id', '=', node_id)
          .execute();
        await trx
          .insertInto('review_grades')
          .values({
            id: gradeId,
            student_id,
            kind,
            source_id,
            node_id,
            rating: rating.get(node_id)!,
            reviewed_at: reviewedAt,
            previous,
            recall_session_id: body.sessionId,
          })
          .execute();
      }
    }
    return { sessionId: body.sessionId, replayed: 0, graded: n };
  });
}
