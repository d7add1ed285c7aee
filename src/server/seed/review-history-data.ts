import { sql } from 'kysely';
import { createEmptyCard, type Card } from 'ts-fsrs';
import type { Trx } from '../db/database';
import { formatDate, startOfShanghaiDay } from '../lib/time';
import { gradeOf, pickFsrs, scheduler, toColumns } from '../modules/review/scheduler';

// Four weeks of study of one case map by the demo student with a study history (demo-accounts.ts):
// topics learnt in map order, 复习 most evenings, four 回忆练习 of a chapter, and a few days off at
// the end, so on a fresh start 我的学习's chart draws real review rows, the map shows every mastery
// level and a fading branch, and 下一步 has something due. The grades are FSRS's own (the
// scheduler the server uses), given by a fixed rule: the same rows on every seed, dated back
// from the moment of seeding. The other demo students keep no review history (tests rely on it).

export const HISTORY_CASE = 'case-03';
const DAY = 86_400_000;
const MIN = 60_000;
/** Days ago → topics (index in map order) learnt that evening; the last topic is left to learn. */
const LEARN: Record<number, number[]> = { 27: [0, 1], 26: [2], 24: [3, 4], 22: [5, 6], 19: [7], 17: [8, 9], 12: [10], 9: [11] };
/** Evenings without 复习 (a weekend away, a busy week, and the five days before today: exams elsewhere). */
const OFF = new Set([23, 20, 16, 14, 10, 5, 4, 3, 2, 1, 0]);
/** 回忆练习: days ago → chapter (index) and the rating of each of its topics, seconds taken. */
const RECALLS: { day: number; chapter: number; ratings: number[]; seconds: number }[] = [
  { day: 20, chapter: 0, ratings: [3, 3, 3], seconds: 70 },
  { day: 13, chapter: 1, ratings: [3, 2, 1, 3], seconds: 150 },
  { day: 7, chapter: 2, ratings: [3, 1, 2], seconds: 120 },
  { day: 2, chapter: 0, ratings: [3, 3, 2], seconds: 60 },
];
/** The chapter this student finds hard (云开发): more 重来 and 困难. */
const HARD_CHAPTER = 2;

interface Topic {
  id: string;
  chapter: number;
  index: number;
}
interface SimCard {
  topic: Topic;
  card: Card;
  madeAt: Date;
  revision: number;
  lastGradeId: string | null;
}
export interface HistoryGrade {
  id: string;
  node_id: string;
  rating: number;
  reviewed_at: Date;
  previous: string;
  recall_session_id: string | null;
}

/** A fixed rating for the n-th 复习 of a topic on a day: mostly 良好. */
function ratingOf(topic: Topic, day: number, n: number): number {
  const h = (((topic.index + 1) * 2654435761 + (day + 1) * 40503 + n * 97) >>> 0) % 100;
  const [again, hard, good] = topic.chapter === HARD_CHAPTER ? [24, 42, 97] : [6, 16, 95];
  return h < again ? 1 : h < hard ? 2 : h < good ? 3 : 4;
}

/** The whole history as rows, from the chapters of the case's map (each chapter: its topics' ids). */
export function simulateHistory(chapters: { id: string; topics: string[] }[], now: Date) {
  const topics: Topic[] = chapters.flatMap((c, chapter) => c.topics.map((id) => ({ id, chapter, index: 0 })));
  topics.forEach((t, i) => (t.index = i));
  // 19:30 in Shanghai, a little later each day, `days` ago.
  const evening = (days: number) => new Date(startOfShanghaiDay(now).getTime() - days * DAY + (19.5 * 60 + ((days * 7) % 50)) * MIN);
  const cards = new Map<string, SimCard>();
  const grades: HistoryGrade[] = [];
  const sessions: { id: string; branch_id: string; topics: number; recalled: number; seconds: number; created_at: Date }[] = [];
  const minutes = new Map<string, number>();
  const learnt: { id: string; index: number; at: Date }[] = [];
  const grade = (c: SimCard, rating: number, at: Date, id: string, session: string | null) => {
    const previous = JSON.stringify({ ...pickFsrs(toColumns(c.card)), last_grade_id: c.lastGradeId });
    c.card = scheduler.next(c.card, at, gradeOf(rating)).card;
    c.revision++;
    c.lastGradeId = id;
    grades.push({ id, node_id: c.topic.id, rating, reviewed_at: at, previous, recall_session_id: session });
  };
  let n = 0;
  for (let day = 27; day >= 1; day--) {
    const recall = RECALLS.find((r) => r.day === day);
    if (OFF.has(day) && !recall) continue;
    const start = evening(day);
    let clock = start.getTime();
    if (recall) {
      const chapter = chapters[recall.chapter]!;
      const id = `seed-recall-${day}`;
      recall.ratings.forEach((rating, k) => grade(cards.get(chapter.topics[k]!)!, rating, new Date(clock + recall.seconds * 1000), `${id}-${k + 1}`, id));
      const ratings = recall.ratings;
      sessions.push({
        id,
        branch_id: chapter.id,
        topics: ratings.length,
        recalled: ratings.filter((r) => r > 1).length,
        seconds: recall.seconds,
        created_at: new Date(clock + recall.seconds * 1000),
      });
      clock += recall.seconds * 1000 + 2 * MIN;
    }
    for (const i of LEARN[day] ?? []) {
      const t = topics[i]!;
      const at = new Date(clock);
      cards.set(t.id, { topic: t, card: createEmptyCard(at), madeAt: at, revision: 0, lastGradeId: null });
      learnt.push({ id: t.id, index: i, at });
      clock += 15 * MIN;
    }
    if (!OFF.has(day)) {
      // 复习 until nothing is due within the session's half hour (a 重来 comes back in minutes).
      const end = clock + 30 * MIN;
      for (let k = 0; k < 300; k++) {
        const next = [...cards.values()].sort((a, b) => a.card.due.getTime() - b.card.due.getTime())[0];
        if (!next || next.card.due.getTime() > end) break;
        clock = Math.max(clock, next.card.due.getTime());
        grade(next, ratingOf(next.topic, day, k), new Date(clock), `seed-review-${++n}`, null);
        clock += 40_000;
      }
    }
    minutes.set(formatDate(start), Math.max(5, Math.round((clock - start.getTime()) / MIN)));
  }
  return { cards: [...cards.values()], grades, sessions, learnt, minutes };
}

interface MapNode {
  data: { id: string };
  children?: MapNode[];
}

/** Inserts the history of `studentId` on HISTORY_CASE (its application included). */
export async function seedReviewHistory(trx: Trx, studentId: string, now = new Date()): Promise<void> {
  const map = await trx.selectFrom('official_maps').select('document').where('case_id', '=', HISTORY_CASE).executeTakeFirstOrThrow();
  const root = (JSON.parse(map.document) as { root: MapNode }).root;
  const chapters = (root.children ?? []).map((c) => ({ id: c.data.id, topics: (c.children ?? []).map((t) => t.data.id) }));
  const h = simulateHistory(chapters, now);
  await trx
    .insertInto('case_applications')
    .values({
      id: 'apply-h-1',
      student_id: studentId,
      case_id: HISTORY_CASE,
      status: 1,
      apply_type: 1,
      progress: 0,
      created_at: new Date(now.getTime() - 28 * DAY),
    })
    .execute();
  const resources = await trx.selectFrom('study_resources').select(['id', 'node_id']).where('case_id', '=', HISTORY_CASE).execute();
  await trx
    .insertInto('case_records')
    .values(
      h.learnt.flatMap((l) => [
        ...resources
          .filter((r) => r.node_id === l.id)
          .map((r) => ({
            id: `crec-h-${r.id}`,
            student_id: studentId,
            case_id: HISTORY_CASE,
            node_id: l.id,
            resource_id: r.id,
            is_study: 1,
            created_at: l.at,
          })),
        { id: `crec-hn-${l.index}`, student_id: studentId, case_id: HISTORY_CASE, node_id: l.id, resource_id: '', is_study: 1, created_at: l.at },
      ]),
    )
    .execute();
  const last = h.learnt[h.learnt.length - 1]!;
  const lastResource = resources.find((r) => r.node_id === last.id)?.id ?? '';
  await trx
    .insertInto('study_records')
    .values({
      id: 'srec-h-1',
      student_id: studentId,
      is_type: 0,
      target_id: HISTORY_CASE,
      node_id: last.id,
      resource_id: lastResource,
      is_study: 1,
      updated_at: last.at,
    })
    .execute();
  await trx
    .insertInto('review_cards')
    .values(
      h.cards.map((c) => ({
        student_id: studentId,
        kind: 'case',
        source_id: HISTORY_CASE,
        node_id: c.topic.id,
        ...toColumns(c.card),
        revision: c.revision,
        last_grade_id: c.lastGradeId,
        created_at: c.madeAt,
      })),
    )
    .execute();
  await trx
    .insertInto('review_grades')
    .values(h.grades.map((g) => ({ ...g, student_id: studentId, kind: 'case', source_id: HISTORY_CASE })))
    .execute();
  await trx
    .insertInto('recall_sessions')
    .values(h.sessions.map((s) => ({ ...s, student_id: studentId, case_id: HISTORY_CASE })))
    .execute();
  await trx
    .insertInto('study_daily')
    .values([...h.minutes].map(([day, m]) => ({ student_id: studentId, day, seconds: m * 60 })))
    .execute();
}

/**
 * The cards the seed makes for what the other demo students learnt (syncStudentCards) date from
 * when they learnt it, not from the seeding: a topic learnt weeks ago and never reviewed is not
 * predicted to be remembered as if learnt a minute ago (review/mastery.ts topicRecall).
 */
export async function backdateSeededCards(trx: Trx): Promise<void> {
  await sql`
    update review_cards c set created_at = r.learnt_at
    from (select student_id, case_id, node_id, min(created_at) as learnt_at from case_records
          where resource_id = '' and is_study = 1 group by student_id, case_id, node_id) r
    where c.kind = 'case' and c.reps = 0 and c.student_id = r.student_id and c.source_id = r.case_id and c.node_id = r.node_id
      and r.learnt_at < c.created_at`.execute(trx);
  await sql`
    update review_cards c set created_at = l.updated_at
    from learn_locations l
    where c.kind = 'course' and c.reps = 0 and l.is_study = 1 and c.student_id = l.student_id and c.source_id = l.course_id
      and c.node_id = l.node_id and l.updated_at < c.created_at`.execute(trx);
}
