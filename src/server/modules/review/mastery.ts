import { createEmptyCard, Rating, State, type Grade } from 'ts-fsrs';
import { scheduler, toFsrsCard, type FsrsColumns } from './scheduler';

// Mastery of a topic, derived from its review card (FSRS) at a moment:
//   0 未学: no card, a card never graded, or one never recalled yet (still in its first learning
//          steps, its last grade 重来: a topic missed at its first meeting is not 学过);
//   1 学过: graded, but still in (re)learning steps, or remembered for under a week;
//   2 熟悉: stability of at least MASTERY_DAYS.familiar days;
//   3 掌握: stability of at least MASTERY_DAYS.mastered days.
// A card past review whose predicted recall today has dropped under FADING_RECALL counts one
// level lower (never under 学过): that is the branch "fading" in the 掌握度 view.
// Properties (mastery.test.ts): a lapse (重来) never raises mastery, a success (困难, 良好,
// 简单) never lowers it — stability never grows on a lapse and never shrinks on a success in
// FSRS, a lapse puts the card in relearning (学过), and a success brings recall back to 1.

export const MASTERY_DAYS = { familiar: 7, mastered: 21 } as const;
export const FADING_RECALL = 0.8;
export const MASTERY_LABELS = ['未学', '学过', '熟悉', '掌握'] as const;
export type Mastery = 0 | 1 | 2 | 3;

/** Predicted recall (0-1) of a graded card at `now`; 0 for a card never graded. */
export function recallAt(card: FsrsColumns, now: Date): number {
  if (card.reps === 0 || card.state === State.New) return 0;
  return scheduler.get_retrievability(toFsrsCard(card), now, false);
}

/** A card with the rating of its last grade (null: never graded, or not known). */
export type GradedCard = FsrsColumns & { last_rating?: number | null };

/** Missed at its last grade and not recalled since (still in its (re)learning steps). */
const justMissed = (card: GradedCard) => card.last_rating === 1 && (card.state === State.Learning || card.state === State.Relearning);

export function masteryOf(card: GradedCard | undefined, now: Date): Mastery {
  if (!card || card.reps === 0 || card.state === State.New) return 0;
  if (justMissed(card) && card.state === State.Learning) return 0;
  if (card.state !== State.Review) return 1;
  const base: Mastery = card.stability >= MASTERY_DAYS.mastered ? 3 : card.stability >= MASTERY_DAYS.familiar ? 2 : 1;
  if (base > 1 && recallAt(card, now) < FADING_RECALL) return (base - 1) as Mastery;
  return base;
}

/** A card as the map's predicted recall reads it: its FSRS state, when it was made, whether 不再复习. */
export type RecallCard = GradedCard & { created_at: Date | string; excluded: number };

/**
 * Predicted recall (0-1) of one topic in review at `at`: FSRS retrievability. A topic learnt but
 * never graded yet (its card is due at once) counts as met once, graded 良好, when its card was
 * made: FSRS's first-day stability decays from there — a topic learnt weeks ago and never
 * reviewed is no longer remembered at 100 % (nor at 0 %: it was learnt). A topic missed at its last
 * grade and not recalled since counts 0: the student just failed to recall it (FSRS's own
 * retrievability restarts at 100 % once the answer was seen; an outside walk read 预计今天记得 99 %
 * beside ten topics just missed).
 */
export function topicRecall(card: RecallCard, at: Date): number {
  if (justMissed(card)) return 0;
  if (card.reps > 0 && card.state !== State.New) return recallAt(card, at);
  const made = new Date(card.created_at);
  if (at <= made) return 1;
  const first = scheduler.next(createEmptyCard(made), made, Rating.Good as Grade).card;
  return scheduler.get_retrievability(first, at, false);
}

/**
 * The predicted recall of a map at `at` (today: now; in 7 days: now + 7 days, no review in
 * between): the mean topicRecall of every topic of the map in review — due or not, graded or not;
 * a 不再复习 topic is left out. 0 when the map has none.
 */
export function mapRecall(cards: readonly RecallCard[], at: Date): number {
  const kept = cards.filter((c) => !c.excluded);
  if (!kept.length) return 0;
  return kept.reduce((s, c) => s + topicRecall(c, at), 0) / kept.length;
}
