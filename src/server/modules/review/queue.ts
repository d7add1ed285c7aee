import { sql } from 'kysely';
import type { ReviewCard, ReviewQueue } from '../../../contract/review';
import type { DbOrTrx } from '../../db/database';
import { formatDateTime, startOfShanghaiDay } from '../../lib/time';
import { officialMap } from '../mindmaps/maps';
import { caseDocument, liveCaseCards } from './cards';
import { courseFaces, mapFaces, type CardFace } from './faces';
import { previewOf, type CardRow, type FsrsColumns } from './scheduler';

/** At most this many due cards go out at once (the screen asks again when they are done). */
const QUEUE_LIMIT = 200;

const active = (db: DbOrTrx, studentId: string) =>
  db.selectFrom('review_cards').where('student_id', '=', studentId).where('retired', '=', 0).where('excluded', '=', 0);

export async function dueSummary(db: DbOrTrx, studentId: string, now: Date) {
  const row = await active(db, studentId)
    .select([sql<string>`count(*) filter (where due <= ${now})`.as('due_count'), sql<Date | null>`min(due) filter (where due > ${now})`.as('next_due')])
    .executeTakeFirstOrThrow();
  return { dueCount: Number(row.due_count), nextDueAt: row.next_due ? new Date(row.next_due).getTime() : 0 };
}

/** Faces of the cards' nodes, one map or outline read per case or course. */
async function facesFor(db: DbOrTrx, studentId: string, rows: Pick<CardRow, 'kind' | 'source_id'>[]) {
  const out = new Map<string, { name: string; faces: Map<string, CardFace> }>();
  for (const r of rows) {
    const key = `${r.kind}:${r.source_id}`;
    if (out.has(key)) continue;
    if (r.kind === 'case') {
      const [doc, c] = await Promise.all([
        caseDocument(db, studentId, r.source_id),
        db.selectFrom('cases').select('name').where('id', '=', r.source_id).executeTakeFirst(),
      ]);
      out.set(key, { name: c?.name ?? '', faces: doc ? mapFaces(doc) : new Map() });
    } else {
      const c = await db.selectFrom('courses').select('name').where('id', '=', r.source_id).executeTakeFirst();
      out.set(key, { name: c?.name ?? '', faces: c ? await courseFaces(db, r.source_id, c.name) : new Map() });
    }
  }
  return out;
}

type QueueRow = FsrsColumns & Pick<CardRow, 'kind' | 'source_id' | 'node_id' | 'origin'>;

/** Cards as the screen shows them; a card whose node cannot be found any more is left out. */
export async function toReviewCards(db: DbOrTrx, studentId: string, rows: QueueRow[], now: Date, faces?: Awaited<ReturnType<typeof facesFor>>) {
  const sources = faces ?? (await facesFor(db, studentId, rows));
  const cards: ReviewCard[] = [];
  for (const r of rows) {
    const source = sources.get(`${r.kind}:${r.source_id}`);
    const face = source?.faces.get(r.node_id);
    if (!source || !face) continue;
    const due = new Date(r.due);
    cards.push({
      kind: r.kind === 'course' ? 'course' : 'case',
      sourceId: r.source_id,
      nodeId: r.node_id,
      sourceName: source.name,
      ...face,
      origin: r.origin,
      state: r.state,
      reps: r.reps,
      due: formatDateTime(due),
      dueAt: due.getTime(),
      preview: previewOf(r, now),
    });
  }
  return cards;
}

export async function reviewQueue(db: DbOrTrx, studentId: string, now: Date): Promise<ReviewQueue> {
  const [rows, summary, done] = await Promise.all([
    active(db, studentId).selectAll().where('due', '<=', now).orderBy('due').orderBy('node_id').limit(QUEUE_LIMIT).execute(),
    dueSummary(db, studentId, now),
    db
      .selectFrom('review_grades')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('student_id', '=', studentId)
      .where('undone', '=', 0)
      .where('recall_session_id', 'is', null)
      .where('reviewed_at', '>=', startOfShanghaiDay(now))
      .executeTakeFirstOrThrow(),
  ]);
  const cards = await toReviewCards(db, studentId, rows, now);
  const nextDue = summary.nextDueAt ? formatDateTime(new Date(summary.nextDueAt)) : '';
  return { cards, dueCount: summary.dueCount, doneToday: Number(done.n), nextDue, nextDueAt: summary.nextDueAt, trial: 0 };
}

/**
 * The experience account's trial deck (SPEC §6: it tries the student side, nothing is kept): the
 * chapters and topics of the first case with a published map, as new cards. Grading them is
 * refused with the SPEC message, so the screen shows what would happen without saving it.
 */
export async function trialQueue(db: DbOrTrx, now: Date): Promise<ReviewQueue> {
  const first = await db
    .selectFrom('official_maps')
    .innerJoin('cases', 'cases.id', 'official_maps.case_id')
    .select(['cases.id', 'cases.name'])
    .orderBy('cases.sort')
    .orderBy('cases.id')
    .executeTakeFirst();
  const doc = first && (await officialMap(db, first.id));
  if (!first || !doc) return { cards: [], dueCount: 0, doneToday: 0, nextDue: '', nextDueAt: 0, trial: 1 };
  const faces = mapFaces(doc);
  const nodes = [...faces].filter(([, f]) => f.path.length >= 1 && f.path.length <= 2).slice(0, 10);
  const fresh = {
    due: now,
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: 0,
    lapses: 0,
    state: 0,
    last_review: null,
  };
  const rows = nodes.map(([nodeId]) => ({ ...fresh, kind: 'case', source_id: first.id, node_id: nodeId, origin: 1 }));
  const cards = await toReviewCards(db, '', rows, now, new Map([[`case:${first.id}`, { name: first.name, faces }]]));
  return { cards, dueCount: cards.length, doneToday: 0, nextDue: '', nextDueAt: 0, trial: 1 };
}

/** A case map's nodes with a card, for the map's review marker and filter. */
export async function mapReview(db: DbOrTrx, studentId: string, caseId: string, now: Date) {
  const rows = await liveCaseCards(db, studentId, caseId).select(['node_id', 'due', 'excluded']).execute();
  const due: string[] = [];
  const scheduled: string[] = [];
  const excluded: string[] = [];
  let next = Infinity;
  for (const r of rows) {
    const at = new Date(r.due).getTime();
    (r.excluded ? excluded : at <= now.getTime() ? due : scheduled).push(r.node_id);
    if (!r.excluded && at > now.getTime()) next = Math.min(next, at);
  }
  // When the next scheduled topic comes due: the map asks again then (a topic missed a minute ago).
  return { due, scheduled, excluded, nextDueAt: Number.isFinite(next) ? new Date(next).toISOString() : '' };
}
