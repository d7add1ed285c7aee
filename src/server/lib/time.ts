/** Asia/Shanghai has had no daylight saving since 1991, so a fixed +8 h offset is exact. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, the one date format of every API answer (DESIGN §4). */
export function formatDateTime(value: unknown): string {
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const iso = new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * Rows of cached content with their creation time formatted once, when they are read: formatting
 * the same dates on every request was ~2 % of the server's time on the browse load.
 */
export function withCreateTime<T extends { created_at: unknown }>(rows: T[]): (T & { createTime: string })[] {
  return rows.map((r) => ({ ...r, createTime: formatDateTime(r.created_at) }));
}

/** Midnight of the day `now` falls on in Asia/Shanghai (the students' "today"). */
export function startOfShanghaiDay(now: Date): Date {
  const local = now.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(local - (local % 86400000) - SHANGHAI_OFFSET_MS);
}

/** `yyyy-MM-dd` in Asia/Shanghai (birthdays and similar day-only fields). */
export function formatDate(value: unknown): string {
  return formatDateTime(value).slice(0, 10);
}
