import type { RecallResult } from './recall-match';

// How a 回忆练习 grades each hidden topic's review card (FSRS ratings 1-4, as 复习's buttons):
// - missed → 1 重来;
// - recalled with help → 2 困难: a hint was shown for it, or the typed item only contained it
//   or had a typo;
// - recalled → 3 良好: typed as it stands;
// - recalled quickly → 4 简单: typed as it stands, with no hint in the whole session, at a pace
//   of at most FAST_SECONDS_PER_TOPIC seconds per topic recalled (not per topic hidden: writing
//   fewer lines must not make the pace easier, as an outside walk found).
// The rule is stated in the engine README; the server stores the grades as ordinary reviews.

export type RecallRating = 1 | 2 | 3 | 4;

export const FAST_SECONDS_PER_TOPIC = 6;

/** The grades by rating, as 复习's buttons name them. */
export const RATING_LABELS: Record<RecallRating, string> = { 1: '重来', 2: '困难', 3: '良好', 4: '简单' };

/** The rule in one sentence, shown beside the grades at 核对. */
export const GRADING_RULE = `评分：没想起 → 重来；写法与主题不完全一样 → 困难；写对 → 良好；写对且这次练习平均每个想起的主题用时不超过 ${FAST_SECONDS_PER_TOPIC} 秒 → 简单。`;

export interface RecallSession {
  /** seconds from the branch being hidden to 核对 */
  seconds: number;
  /** topics whose hint (first character) was shown */
  hinted: ReadonlySet<string>;
}

export interface RecallGrade {
  topicId: string;
  rating: RecallRating;
}

/** One grade per hidden topic, in the order given (the reading order of the branch). */
export function gradeRecall(topicIds: readonly string[], result: RecallResult, session: RecallSession): RecallGrade[] {
  const kindOf = new Map(result.matches.map((m) => [m.topicId, m.kind]));
  const fast = session.hinted.size === 0 && result.matches.length > 0 && session.seconds <= FAST_SECONDS_PER_TOPIC * result.matches.length;
  return topicIds.map((topicId) => {
    const kind = kindOf.get(topicId);
    let rating: RecallRating;
    if (!kind) rating = 1;
    else if (kind !== 'exact' || session.hinted.has(topicId)) rating = 2;
    else rating = fast ? 4 : 3;
    return { topicId, rating };
  });
}
