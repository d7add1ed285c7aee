import { sql } from 'kysely';
import type { GradeBody, GradeResult, MarkBody } from '../../../contract/review';
import type { Db, DbOrTrx } from '../../db/database';
import { ApiError, ResultCode, badRequest, notFound } from '../../http/envelope';
import { formatDateTime } from '../../lib/time';
import { CARD_CAP_MSG, atCardCap } from './cards';
import { gradeOf, pickFsrs, scheduler, toColumns, toFsrsCard, type FsrsColumns } from './scheduler';

const CARD_MISSING = '复习卡片不存在';
const ID_TAKEN = '评分编号已被使用，请重新评分';
/** A grade loses a race with another grade of the same card at most this often before giving up. */
const ATTEMPTS = 3;

const cardOf = (db: DbOrTrx, studentId: string, key: Pick<GradeBody, 'kind' | 'sourceId' | 'nodeId'>) =>
  db
    .selectFrom('review_cards')
    .where('student_id', '=', studentId)
    .where('kind', '=', key.kind)
    .where('source_id', '=', key.sourceId)
    .where('node_id', '=', key.nodeId);

const dueAnswer = (due: Date) => ({ due: formatDateTime(due), dueAt: due.getTime() });

/** The answer to a grade sent again: the card's current due date, if the grade is this student's. */
async function replayed(db: DbOrTrx, studentId: string, body: GradeBody): Promise<GradeResult | undefined> {
  const prior = await db.selectFrom('review_grades').select(['student_id', 'kind', 'source_id', 'node_id']).where('id', '=', body.gradeId).executeTakeFirst();
  if (!prior) return undefined;
  if (prior.student_id !== studentId || prior.kind !== body.kind || prior.source_id !== body.sourceId || prior.node_id !== body.nodeId)
    throw new ApiError(ResultCode.conflict, ID_TAKEN);
  const card = await cardOf(db, studentId, body).select(['due', 'scheduled_days']).executeTakeFirst();
  if (!card) throw notFound(CARD_MISSING);
  return { gradeId: body.gradeId, replayed: 1, ...dueAnswer(new Date(card.due)), scheduledDays: card.scheduled_days };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * Grades a card with FSRS. The new state is computed from the state read, then written in one
 * statement that moves the card only if its revision is still the one read and the grade id is
 * new, and records the grade (with the state it replaced, for undo) only if the card moved. A
 * grade sent twice (offline queue, retry) is applied once: the second finds its id taken, or
 * collides on the primary key and the whole statement is undone; either way it answers the
 * card's due date with replayed 1. A grade given offline counts from when it was given.
 */
export async function gradeCard(db: Db, studentId: string, body: GradeBody, now = new Date()): Promise<GradeResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const row = await cardOf(db, studentId, body).selectAll().where('retired', '=', 0).executeTakeFirst();
    if (!row) {
      const again = await replayed(db, studentId, body);
      if (again) return again;
      throw notFound(CARD_MISSING);
    }
    const givenAt = new Date(now.getTime() - (body.secondsAgo ?? 0) * 1000);
    const reviewedAt = row.last_review && givenAt < row.last_review ? new Date(row.last_review) : givenAt;
    const next = toColumns(scheduler.next(toFsrsCard(row), reviewedAt, gradeOf(body.rating)).card);
    const previous = JSON.stringify({ ...pickFsrs(row), last_grade_id: row.last_grade_id });
    try {
      const { rows } = await sql<{ id: string }>`
        with moved as (
          update review_cards set
            due = ${next.due}, stability = ${next.stability}, difficulty = ${next.difficulty},
            elapsed_days = ${next.elapsed_days}, scheduled_days = ${next.scheduled_days},
            learning_steps = ${next.learning_steps}, reps = ${next.reps}, lapses = ${next.lapses},
            state = ${next.state}, last_review = ${next.last_review}, revision = revision + 1, last_grade_id = ${body.gradeId}
          where student_id = ${studentId} and kind = ${body.kind} and source_id = ${body.sourceId} and node_id = ${body.nodeId}
            and revision = ${row.revision} and not exists (select 1 from review_grades where id = ${body.gradeId})
          returning student_id
        )
        insert into review_grades (id, student_id, kind, source_id, node_id, rating, reviewed_at, previous)
        select ${body.gradeId}, ${studentId}, ${body.kind}, ${body.sourceId}, ${body.nodeId}, ${body.rating}, ${reviewedAt}, ${previous} from moved
        returning id`.execute(db);
      if (rows.length) return { gradeId: body.gradeId, replayed: 0, ...dueAnswer(next.due), scheduledDays: next.scheduled_days };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
    }
    const again = await replayed(db, studentId, body);
    if (again) return again;
    // Another grade of this card won the race: grade again from the state it left.
  }
  throw new ApiError(ResultCode.conflict, '复习卡片正在其他页面评分，请稍后再试');
}

/**
 * Undoes a grade: only the card's latest grade (the one the screen just gave), under the card's
 * row lock, putting back the state the grade replaced. The grade stays, marked undone, so the
 * same id sent again is still a replay and not a new grade.
 */
export async function undoGrade(db: Db, studentId: string, gradeId: string) {
  return db.transaction().execute(async (trx) => {
    const grade = await trx.selectFrom('review_grades').selectAll().where('id', '=', gradeId).where('student_id', '=', studentId).executeTakeFirst();
    if (!grade) throw notFound('评分记录不存在');
    const card = await cardOf(trx, studentId, { kind: grade.kind as GradeBody['kind'], sourceId: grade.source_id, nodeId: grade.node_id })
      .select('last_grade_id')
      .forUpdate()
      .executeTakeFirst();
    if (!card || card.last_grade_id !== gradeId || grade.undone) throw new ApiError(ResultCode.conflict, '只能撤销这张卡片最近一次的评分');
    const prev = JSON.parse(grade.previous) as FsrsColumns & { last_grade_id: string | null };
    await trx
      .updateTable('review_cards')
      .set({ ...pickFsrs(prev), revision: sql`revision + 1`, last_grade_id: prev.last_grade_id })
      .where('student_id', '=', studentId)
      .where('kind', '=', grade.kind)
      .where('source_id', '=', grade.source_id)
      .where('node_id', '=', grade.node_id)
      .execute();
    await trx.updateTable('review_grades').set({ undone: 1 }).where('id', '=', gradeId).execute();
    return dueAnswer(new Date(prev.due));
  });
}

/**
 * 需复习 adds a node of the student's map as a card (due at once; an excluded card is included
 * again); 不再复习 excludes a card, 恢复复习 includes it again. The node must be in the map.
 */
export async function markNode(db: DbOrTrx, studentId: string, body: MarkBody, inMap: boolean, now = new Date()) {
  const key = { kind: 'case' as const, sourceId: body.caseId, nodeId: body.nodeId };
  if (body.action === 'add') {
    if (!inMap) throw notFound('知识点不存在');
    // A new card past the per-student cap (cards.ts) is refused, saying so; an existing one is included again.
    if (!(await cardOf(db, studentId, key).select('node_id').executeTakeFirst()) && (await atCardCap(db, studentId))) throw badRequest(CARD_CAP_MSG);
    await db
      .insertInto('review_cards')
      .values({ student_id: studentId, kind: 'case', source_id: body.caseId, node_id: body.nodeId, origin: 2, due: now })
      .onConflict((oc) => oc.columns(['student_id', 'kind', 'source_id', 'node_id']).doUpdateSet({ excluded: 0 }))
      .execute();
  } else {
    const done = await db
      .updateTable('review_cards')
      .set({ excluded: body.action === 'exclude' ? 1 : 0 })
      .where('student_id', '=', studentId)
      .where('kind', '=', key.kind)
      .where('source_id', '=', key.sourceId)
      .where('node_id', '=', key.nodeId)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw notFound(CARD_MISSING);
  }
  const row = await cardOf(db, studentId, key).select(['excluded', 'due']).executeTakeFirstOrThrow();
  return { nodeId: body.nodeId, excluded: row.excluded, due: formatDateTime(row.due) };
}
