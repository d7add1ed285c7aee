import { LiveCache } from './live-cache';

/**
 * Platform content (courses and their node trees, cases and their official maps, resources,
 * tutors, help entries) read once per process and reused, the way Moodle caches a course's
 * module info and Open edX its block structure: students only read it, teachers change it
 * through the teacher site, rarely.
 *
 * Freshness comes from the database, not from guessing: a statement trigger on every content
 * table NOTIFYs the table's name (migration 2026-11-23-s2-content-notify), each process LISTENs and
 * drops every entry that read that table. Our own few writes to content (a case's study count)
 * also invalidate locally before answering. TTL, liveness and races: live-cache.ts.
 */
export type ContentTable =
  'cases' | 'case_classifications' | 'official_maps' | 'study_resources' | 'courses' | 'course_nodes' | 'exams' | 'exam_questions' | 'tutors' | 'help_entries';

export interface ContentCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/** `get(key, tables, load)`: `tables` must name every content table the loader reads; a change to any of them drops the entry. */
export class ContentCache extends LiveCache<ContentTable> {
  constructor({ ttlMs, maxEntries = 5000, now }: ContentCacheOptions) {
    super({ ttlMs, maxEntries, now });
  }

  /** A NOTIFY (or our own write) says `table` changed. */
  invalidate(table: string): void {
    this.forgetTag(table);
  }
}
