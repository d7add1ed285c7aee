import { sql } from 'kysely';
import type { PageOf } from '../../contract/common';

// The paging query's schema pieces are part of the API contract.
export { PageQuery, PageQuerySchema, YearQuery, type PageQueryType } from '../../contract/common';

export type Page<T> = PageOf<T>;

// Schema validation bounds these already; clamping again keeps a coercion surprise (e.g. "1e309"
// becoming Infinity) from ever reaching SQL as a non-integer.
const clamp = (n: number, min: number, max: number, fallback: number) => (Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : fallback);
const numOf = (q: { currentNum: number }) => clamp(q.currentNum, 1, 100000, 1);
const sizeOf = (q: { currentSize: number }) => clamp(q.currentSize, 1, 1000, 10);

export function pageOf<T>(records: T[], total: number, current: number, size: number): Page<T> {
  const c = clamp(current, 1, 100000, 1);
  const s = clamp(size, 1, 1000, 10);
  return { records, total, pages: Math.ceil(total / s), current: c, size: s };
}

export function offsetOf(q: { currentNum: number; currentSize: number }): number {
  return (numOf(q) - 1) * sizeOf(q);
}

export function limitOf(q: { currentSize: number }): number {
  return sizeOf(q);
}

/**
 * Select this beside a page's columns to learn the list's total in the same query: the window
 * count is taken before LIMIT/OFFSET. One round trip per list instead of two (rows + count),
 * which is what the load benchmark's browse mix spends most of its time waiting on.
 */
export const totalCount = () => sql<string>`count(*) over ()`.as('total_count');

/** The total from a page's rows; only a page past the end (no rows to carry it) asks `count()`. */
export async function totalOf(
  rows: readonly { total_count: string | number | bigint }[],
  q: { currentNum: number; currentSize: number },
  count: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total_count);
  return offsetOf(q) > 0 ? count() : 0;
}

/** A page of a list already in memory (cached content filtered per request). */
export function pageInMemory<T>(items: readonly T[], q: { currentNum: number; currentSize: number }): Page<T> {
  const offset = offsetOf(q);
  return pageOf(items.slice(offset, offset + limitOf(q)), items.length, q.currentNum, q.currentSize);
}

/** What `ilike '%needle%'` answers, for filtering cached lists. */
export function containsIgnoringCase(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}
