import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { newId } from '../../lib/ids';
import { formatDate } from '../../lib/time';
import { acceptCoverage } from './coverage';

/** Seconds of slack per report for network jitter. */
export const SLACK_SECONDS = 3;

export const clampPosition = (position: number, duration: number) => Math.floor(Math.max(0, Math.min(position, duration > 0 ? duration : position)));

/** Study time a report adds: what it covered, at most the time since the previous report. */
export function studySeconds(previousReport: Date, gained: number): number {
  const elapsed = Math.max(0, (Date.now() - new Date(previousReport).getTime()) / 1000);
  return Math.min(gained, elapsed + SLACK_SECONDS);
}

/** A report merged into the section's row as it was read: what the row becomes. */
export function mergeCourseReport(
  prev: { is_study: number; coverage: string; coverage_started_at: Date | null } | undefined,
  report: { position: number; segments: [number, number][] },
  duration: number,
  now = new Date(),
) {
  const c = acceptCoverage(prev, report.segments, duration, now);
  return { c, isStudy: prev?.is_study === 1 || c.done ? 1 : 2, position: clampPosition(report.position, duration), watched: Math.floor(c.covered) };
}

export interface VideoAnswer {
  courseId: string;
  nodeId: string;
  position: number;
  watched: number;
  isStudy: number;
}

/**
 * One course-video report in two statements and no transaction — the video heartbeat is the
 * commonest write of a term: the section's row is read, the report merged in memory
 * (acceptCoverage), and one statement writes the row only if nobody wrote it since the read
 * (its updated_at, compared as text so no precision is lost), with the last study record, the
 * day's study time and, once the section is learnt, its review card (one commit, not two). Answers undefined when another report won the race: the caller reads
 * again, so the two merge one after the other and neither is lost.
 */
export async function writeCourseVideoReport(
  db: DbOrTrx,
  key: { student_id: string; course_id: string; node_id: string },
  duration: number,
  report: { position: number; segments: [number, number][] },
): Promise<VideoAnswer | undefined> {
  const prev = await db
    .selectFrom('learn_locations')
    .select(['is_study', 'updated_at', 'coverage', 'coverage_started_at', sql<string>`updated_at::text`.as('stamp')])
    .where('student_id', '=', key.student_id)
    .where('course_id', '=', key.course_id)
    .where('node_id', '=', key.node_id)
    .executeTakeFirst();
  const now = new Date();
  const { c, isStudy, position, watched } = mergeCourseReport(prev, report, duration, now);
  // a first report counts from now, as the row it creates does
  const seconds = Math.floor(studySeconds(prev?.updated_at ?? now, c.gained));
  const { rows } = await sql<{ n: number }>`
    with loc as (
      insert into learn_locations as l (student_id, course_id, node_id, position, watched, coverage, coverage_started_at, is_study, updated_at)
      values (${key.student_id}, ${key.course_id}, ${key.node_id}, ${position}, ${watched}, ${c.coverage}, ${c.started}, ${isStudy}, ${now})
      on conflict (student_id, course_id, node_id) do update
        set position = excluded.position, watched = excluded.watched, coverage = excluded.coverage,
            coverage_started_at = excluded.coverage_started_at, is_study = excluded.is_study, updated_at = excluded.updated_at
        where l.updated_at::text = ${prev?.stamp ?? null}::text
      returning 1
    ), rec as (
      insert into study_records as r (id, student_id, is_type, target_id, node_id, resource_id, is_study, updated_at)
      select ${newId()}, ${key.student_id}, 1, ${key.course_id}, ${key.node_id}, '', ${isStudy}, ${now}::timestamptz where exists (select 1 from loc)
      on conflict (student_id, is_type, target_id, node_id, resource_id) do update
        set is_study = case when r.is_study = 1 then 1 else excluded.is_study end, updated_at = excluded.updated_at
    ), day as (
      insert into study_daily as d (student_id, day, seconds)
      select ${key.student_id}, ${formatDate(now)}, ${seconds}::int where exists (select 1 from loc) and ${seconds}::int > 0
      on conflict (student_id, day) do update set seconds = d.seconds + excluded.seconds
    ), card as (
      insert into review_cards (student_id, kind, source_id, node_id, due)
      select ${key.student_id}, 'course', ${key.course_id}, ${key.node_id}, ${now}::timestamptz where exists (select 1 from loc) and ${isStudy}::int = 1
      on conflict (student_id, kind, source_id, node_id) do nothing
    )
    select count(*)::int as n from loc`.execute(db);
  if (!rows[0]?.n) return undefined;
  return { courseId: key.course_id, nodeId: key.node_id, position, watched, isStudy };
}
