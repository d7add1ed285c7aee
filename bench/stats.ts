// Medians and spreads shared by the benchmark parts: every figure is the median of several runs,
// reported with the [min, max] of those runs so the report can draw its spread.

export type Range = [number, number];

export function median(xs: number[]): number {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function range(xs: number[]): Range {
  const s = xs.filter(Number.isFinite);
  return [Math.min(...s), Math.max(...s)];
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * One row out of several runs of the same measurement: each numeric field is the median, each field
 * in `spread` also gets `<field>Range` ([min, max]); other fields come from the first run.
 */
export function medianRow<T extends object>(runs: T[], spread: (keyof T & string)[]): T & { runs: number } & Record<string, unknown> {
  const out: Record<string, unknown> = { ...runs[0], runs: runs.length };
  for (const [k, v] of Object.entries(runs[0])) {
    if (typeof v !== 'number') continue;
    const xs = runs.map((r) => (r as Record<string, number>)[k]);
    out[k] = round1(median(xs));
    if ((spread as string[]).includes(k)) out[`${k}Range`] = range(xs).map(round1);
  }
  return out as T & { runs: number } & Record<string, unknown>;
}
