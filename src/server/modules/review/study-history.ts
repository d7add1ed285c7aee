import type { MapMastery, StudyHistory } from '../../../contract/review';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import { officialNodes } from '../mindmaps/maps';
import { formatDate, startOfShanghaiDay } from '../../lib/time';
import { FADING_RECALL, mapRecall, masteryOf, recallAt } from './mastery';
import { pickFsrs, type FsrsColumns } from './scheduler';

const DAY_MS = 86_400_000;
/** Days the chart of 我的学习 covers, today included. */
export const HISTORY_DAYS = 28;

/** A case map's live cards, each with the rating of its last grade (mastery.ts: a topic just missed). */
const caseCards = (db: DbOrTrx, studentId: string, caseId: string) =>
  db
    .selectFrom('review_cards as c')
    .leftJoin('review_grades as g', 'g.id', 'c.last_grade_id')
    .selectAll('c')
    .select('g.rating as last_rating')
    .where('c.student_id', '=', studentId)
    .where('c.kind', '=', 'case')
    .where('c.source_id', '=', caseId)
    .where('c.retired', '=', 0)
    .execute();

/**
 * The topics 掌握 N/M counts (mastery-rollup.ts): the case's 知识点, and topics the student added
 * to her map herself (not in the official map). The case's other topics (its sub-points) are not.
 */
async function countedTopics(db: DbOrTrx, content: ContentCache, caseId: string): Promise<{ study: Set<string>; counted(id: string): boolean }> {
  const nodes = await officialNodes(db, content, caseId);
  const study = new Set(nodes?.study ?? []);
  const official = new Set(nodes?.ids ?? []);
  return { study, counted: (id) => study.has(id) || !official.has(id) };
}

/** Every topic of a case map with a mastery above 未学, and those fading (mastery.ts). */
export async function mapMastery(db: DbOrTrx, content: ContentCache, studentId: string, caseId: string, now: Date): Promise<MapMastery> {
  const [cards, topics] = await Promise.all([caseCards(db, studentId, caseId), countedTopics(db, content, caseId)]);
  const out: MapMastery = { nodeIds: [], levels: [], fading: [], ownPractised: [], recallToday: 0, recallIn7Days: 0 };
  for (const c of cards) {
    if (c.reps > 0 && !topics.study.has(c.node_id) && topics.counted(c.node_id)) out.ownPractised.push(c.node_id);
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
 * A case map's study over the last HISTORY_DAYS days, counted as the map counts them. 已学: the
 * case's 知识点 learnt by the end of the day (their node row in the study records), as 已学 N/M;
 * 掌握: the topics 掌握 N/M counts (countedTopics) whose card was at 掌握 then. A card's state at the end of
 * a past day is the state its first later grade replaced (kept in the grade row), or its state
 * now when it has not been graded since; undone grades do not count. reviews: grades given on
 * the 复习 screen; recalls: 回忆练习 sessions (their grades move the cards but are not 复习).
 * The predicted recall is over every topic in review (mastery.ts mapRecall), 知识点 or not.
 */
export async function studyHistory(db: DbOrTrx, content: ContentCache, studentId: string, caseId: string, now: Date): Promise<StudyHistory> {
  const first = new Date(startOfShanghaiDay(now).getTime() - (HISTORY_DAYS - 1) * DAY_MS);
  const [cards, grades, sessions, learntRows, topics] = await Promise.all([
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
    db
      .selectFrom('case_records')
      .select(['node_id', 'created_at'])
      .where('student_id', '=', studentId)
      .where('case_id', '=', caseId)
      .where('resource_id', '=', '')
      .where('is_study', '=', 1)
      .execute(),
    countedTopics(db, content, caseId),
  ]);
  const learntAt = learntRows.filter((r) => topics.study.has(r.node_id)).map((r) => new Date(r.created_at).getTime());
  const counted = cards.filter((c) => topics.counted(c.node_id));
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
    for (const t of learntAt) if (t <= end) learnt++;
    for (const c of counted) {
      if (new Date(c.created_at).getTime() > end) continue;
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
