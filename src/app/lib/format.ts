/** Display formatters of SPEC §9. Pure functions: no locale surprises, same output in every browser. */

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → '1.50KB', 1048576 → '1MB': two decimals, a trailing '.00' dropped; GB is the largest unit. */
export function formatFileSize(bytes: number | string | null | undefined): string {
  let n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return '0B';
  let unit = 0;
  while (n >= 1024 && unit < SIZE_UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${n.toFixed(2).replace(/\.00$/, '')}${SIZE_UNITS[unit]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Date format codes used across screens (SPEC §9 "date formats by code 0 to 6"):
 * 0 YYYY-MM-DD · 1 YYYY-MM-DD HH:mm · 2 YYYY年MM月DD日 · 3 MM-DD · 4 HH:mm · 5 YYYY/MM/DD ·
 * 6 YYYY.MM.DD · anything else YYYY-MM-DD HH:mm:ss. Empty or invalid input shows 无.
 * Server timestamps without a zone ('2024-03-01 08:00:00') are read as local time.
 */
export function formatDate(input: string | number | Date | null | undefined, code?: number): string {
  if (input === null || input === undefined || input === '') return '无';
  const d = input instanceof Date ? input : new Date(typeof input === 'string' && /^\d{4}-\d\d-\d\d \d/.test(input) ? input.replace(' ', 'T') : input);
  if (Number.isNaN(d.getTime())) return '无';
  const Y = d.getFullYear();
  const M = pad(d.getMonth() + 1);
  const D = pad(d.getDate());
  const h = pad(d.getHours());
  const m = pad(d.getMinutes());
  const s = pad(d.getSeconds());
  switch (code) {
    case 0:
      return `${Y}-${M}-${D}`;
    case 1:
      return `${Y}-${M}-${D} ${h}:${m}`;
    case 2:
      return `${Y}年${M}月${D}日`;
    case 3:
      return `${M}-${D}`;
    case 4:
      return `${h}:${m}`;
    case 5:
      return `${Y}/${M}/${D}`;
    case 6:
      return `${Y}.${M}.${D}`;
    default:
      return `${Y}-${M}-${D} ${h}:${m}:${s}`;
  }
}

/** Seconds → 'mm:ss', or 'hh:mm:ss' from one hour up. Negative or invalid input counts as 0. */
export function formatDuration(seconds: number | string | null | undefined): string {
  const total = Math.max(0, Math.floor(Number(seconds) || 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
