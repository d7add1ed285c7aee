import { fsrs, generatorParameters, Rating, type Card, type Grade } from 'ts-fsrs';
import type { Selectable } from 'kysely';
import type { ReviewCardsTable } from '../../db/schema';

/**
 * FSRS through ts-fsrs with its default weights and 90 % target retention. Fuzz stays off (the
 * library's default): a grade sent again after being offline, or recomputed after a lost race,
 * gives exactly the same due date.
 */
export const REVIEW_PARAMETERS = generatorParameters({ enable_fuzz: false });
export const scheduler = fsrs(REVIEW_PARAMETERS);

export type CardRow = Selectable<ReviewCardsTable>;
/** The FSRS columns of a card row: what a grade changes and an undo puts back. */
export type FsrsColumns = Pick<
  CardRow,
  'due' | 'stability' | 'difficulty' | 'elapsed_days' | 'scheduled_days' | 'learning_steps' | 'reps' | 'lapses' | 'state' | 'last_review'
>;

export const toFsrsCard = (row: FsrsColumns): Card => ({
  due: new Date(row.due),
  stability: row.stability,
  difficulty: row.difficulty,
  elapsed_days: row.elapsed_days,
  scheduled_days: row.scheduled_days,
  learning_steps: row.learning_steps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  last_review: row.last_review ? new Date(row.last_review) : undefined,
});

export const toColumns = (card: Card): FsrsColumns => ({
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsed_days: card.elapsed_days,
  scheduled_days: card.scheduled_days,
  learning_steps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  state: card.state,
  last_review: card.last_review ?? null,
});

/** The FSRS columns of a row (what a grade replaces and keeps for undo). */
export const pickFsrs = (r: FsrsColumns): FsrsColumns => ({
  due: r.due,
  stability: r.stability,
  difficulty: r.difficulty,
  elapsed_days: r.elapsed_days,
  scheduled_days: r.scheduled_days,
  learning_steps: r.learning_steps,
  reps: r.reps,
  lapses: r.lapses,
  state: r.state,
  last_review: r.last_review,
});

/** Rating 1-4 of the API (重来, 困难, 良好, 简单) as ts-fsrs's grade. */
export const gradeOf = (rating: number): Grade => [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy][rating - 1] as Grade;

/** When the card would be due after each rating, graded now (epoch ms). */
export function previewOf(row: FsrsColumns, now: Date) {
  const p = scheduler.repeat(toFsrsCard(row), now);
  return {
    again: p[Rating.Again].card.due.getTime(),
    hard: p[Rating.Hard].card.due.getTime(),
    good: p[Rating.Good].card.due.getTime(),
    easy: p[Rating.Easy].card.due.getTime(),
  };
}
