import type { OwnMapUsage } from '../../contract/mymaps';

// What 我的导图's list says of the limits and of 回收站, kept apart from the screen to be tested.

const KB = 1024;
const MB = 1024 * 1024;
/** From this share of a limit on, the list says how close the student is (before it bites). */
const NEAR = 0.8;
const DAY_MS = 24 * 3600 * 1000;

/** 12 KB, 3.4 MB: a small total in MB read "0.0 MB", as if nothing were stored. */
export const sizeOf = (bytes: number) => (bytes < MB ? `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / KB))} KB` : `${(bytes / MB).toFixed(1)} MB`);

export function usageText(u: OwnMapUsage): { text: string; near: boolean } {
  const near = u.maps >= u.maxMaps * NEAR || u.bytes >= u.maxBytes * NEAR;
  return { text: `已用 ${u.maps} / ${u.maxMaps} 张，${sizeOf(u.bytes)} / ${u.maxBytes / MB} MB（含回收站）`, near };
}

/** The day a map in 回收站 goes for good: `deleteTime` and the answer are Shanghai time, as the server writes them. */
export function purgeDate(deleteTime: string, days: number): string {
  const at = new Date(`${deleteTime.replace(' ', 'T')}+08:00`).getTime() + days * DAY_MS;
  return new Date(at + 8 * 3600 * 1000).toISOString().slice(0, 10);
}
