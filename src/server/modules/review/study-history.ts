import type { MapMastery, StudyHistory } from '../../../contract/review';
import type { DbOrTrx } from '../../db/database';
import { formatDate, startOfShanghaiDay } from '../../lib/time';
import { liveCaseCards } from './cards';
import { FADING_RECALL, mapRecall, masteryOf, recallAt } from './mastery';
import { pickFsrs, type FsrsColumns } from './scheduler';

const DAY_MS = 86_400_000;
/** Days the chart of 我的学习 covers, today included. */
export const HISTORY_DAYS = 28;

const caseCards = (db: DbOrTrx, studentId: string, caseId: string) => liveCaseCards(db, studentId, caseId).selectAll().execute();

/** Every topic of a case map with a mastery above 未学, and those fading (mastery.ts). */
export async function mapMastery(db: DbOrTrx, studentId: string, caseId: string, now: Date): Promise<MapMastery> {
  const cards = await caseCards(db, studentId, caseId);
  const out: MapMastery = { nodeIds: [], levels: [], fading: [], recallToday: 0, recallIn7Days: 0 };
  for (const c of cards) {
    const level = masteryOf(c, now);
    if (!level) continue;
    out.nodeIds.push(c.node_id);
    out.levels.push(level);
    if (c.state === 2 && recallAt(c, now) < FADING_RECALL) out.fading.push(c.node_id);
  }
  out.recallToday = mapRecall(cards, now);
  out.recallIn7Days = mapRecall(cards, new Date(now.getTime() + 7 * DAY_MS));
  return out;
}

/**
 * A case map's study over the last HISTORY_DAYS days. A card's state at the end of a past day is
 * the state its first later grade replaced (kept in the grade row), or its state now when it has
 * not been graded since; undone grades do not count. reviews: grades given on the 复习 screen;
 * recalls: 回忆练习 sessions (their grades move the cards but are not 复习).
 */
export async function studyHistory(db: DbOrTrx, studentId: string, caseId: string, now: Date): Promise<StudyHistory> {
  const first = new Date(startOfShanghaiDay(now).getTime() - (HISTORY_DAYS - 1) * DAY_MS);
  const [cards, grades, sessions] = await Promise.all([
    caseCards(db, studentId, caseId),
    db
      .selectFrom('review_grades')
      .select(['node_id', 'reviewed_at', 'previous', 'recall_session_id'])
      .where('student_id', '=', studentId)
      .where('kind', '=', 'case')
      .where('source_id', '=', caseId)
      .where('undone', '=', 0)
      .where('reviewed_at', '>=', first)
      .orderBy('reviewed_at')
      .execute(),
    db
      .selectFrom('recall_sessions')
      .select('created_at')
      .where('student_id', '=', studentId)
      .where('case_id', '=', caseId)
      .where('created_at', '>=', first)
      .execute(),
  ]);
  const gradesOf = new Map<string, { at: number; previous: FsrsColumns }[]>();
  for (const g of grades) {
    const list = gradesOf.get(g.node_id) ?? [];
    list.push({ at: new Date(g.reviewed_at).getTime(), previous: pickFsrs(JSON.parse(g.previous) as FsrsColumns) });
    gradesOf.set(g.node_id, list);
  }
  const dayOf = (t: number) => Math.floor((t - first.getTime()) / DAY_MS);
  const reviews = new Array<number>(HISTORY_DAYS).fill(0);
  const recalls = new Array<number>(HISTORY_DAYS).fill(0);
  for (const g of grades) {
    if (g.recall_session_id !== null) continue;
    const d = dayOf(new Date(g.reviewed_at).getTime());
    if (d >= 0 && d < HISTORY_DAYS) reviews[d]++;
  }
  for (const s of sessions) {
    const d = dayOf(new Date(s.created_at).getTime());
    if (d >= 0 && d < HISTORY_DAYS) recalls[d]++;
  }
  const days: StudyHistory['days'] = [];
  for (let d = 0; d < HISTORY_DAYS; d++) {
    const end = Math.min(first.getTime() + (d + 1) * DAY_MS, now.getTime());
    const at = new Date(end);
    let learnt = 0;
    let mastered = 0;
    for (const c of cards) {
      if (new Date(c.created_at).getTime() > end) continue;
      learnt++;
      const later = gradesOf.get(c.node_id)?.find((g) => g.at > end);
      const state = later
        ? { ...later.previous, due: new Date(later.previous.due), last_review: later.previous.last_review && new Date(later.previous.last_review) }
        : c;
      if (masteryOf(state, at) === 3) mastered++;
    }
    days.push({ date: formatDate(new Date(first.getTime() + d * DAY_MS)), learnt, mastered, reviews: reviews[d], recalls: recalls[d] });
  }
  return { days, recallToday: mapRecall(cards, now), recallIn7Days: mapRecall(cards, new Date(now.getTime() + 7 * DAY_MS)) };
}
