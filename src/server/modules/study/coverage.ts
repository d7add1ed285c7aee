import { badRequest } from '../../http/envelope';

// Video completion by coverage of the timeline (issue 22): the player reports the media intervals
// it played, whatever the rate; the server keeps their union. 90 % of the duration covered is
// learnt. How much can have been covered is bounded by real time: never more than the highest
// rate the player offers (SPEC: 1, 1.25, 1.5, 2) times the seconds since the first covering
// report, plus a little slack for the report in flight. Rewatching costs nothing and adds nothing.

export type Segments = Array<[number, number]>;

/** The player's highest playback rate (SPEC §2 video player). */
export const MAX_RATE = 2;
/** A video is learnt at 90 % of its timeline covered. */
export const DONE_RATIO = 0.9;
/** Seconds of slack per bound check (the report in flight, clock steps). */
export const COVERAGE_SLACK_SECONDS = 3;
export const TOO_FAST = '观看进度异常：上报的已看时长超过了播放器最高倍速（2 倍）所能达到的进度，本次未记录';

/** Intervals rounded to 0.01 s, clipped to [0, duration], sorted and merged (touching ones join). */
export function mergeSegments(a: Segments, b: Segments, duration: number): Segments {
  const end = duration > 0 ? duration : Number.MAX_SAFE_INTEGER;
  const all = [...a, ...b]
    .map(([s, e]): [number, number] => [Math.max(0, round(s)), Math.min(end, round(e))])
    .filter(([s, e]) => e > s)
    .sort((x, y) => x[0] - y[0]);
  const out: Segments = [];
  for (const [s, e] of all) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export function coveredSeconds(s: Segments): number {
  return round(s.reduce((sum, [a, b]) => sum + (b - a), 0));
}

export function parseSegments(text: string): Segments {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? (v.filter((x) => Array.isArray(x) && x.length === 2 && x.every(Number.isFinite)) as Segments) : [];
  } catch {
    return [];
  }
}

/** How fast a timeline can be covered (units per second of real time) and the refusal past it. */
export interface CoverageLimit {
  rate: number;
  tooFast: string;
}
export const VIDEO_LIMIT: CoverageLimit = { rate: MAX_RATE, tooFast: TOO_FAST };

export interface CoverageState {
  coverage: string;
  coverage_started_at: Date | null;
}

/**
 * The new coverage after a report, or a 400 when it covers more of the timeline than the highest
 * rate allows since the first covering report (a forged or replayed-from-elsewhere report):
 * nothing is recorded then.
 */
export function acceptCoverage(prev: CoverageState | undefined, reported: Segments, duration: number, now = new Date(), limit: CoverageLimit = VIDEO_LIMIT) {
  const before = parseSegments(prev?.coverage ?? '[]');
  const merged = mergeSegments(before, reported, duration);
  const covered = coveredSeconds(merged);
  const gained = round(covered - coveredSeconds(before));
  const started = prev?.coverage_started_at ? new Date(prev.coverage_started_at) : gained > 0 ? now : null;
  const elapsed = started ? Math.max(0, (now.getTime() - started.getTime()) / 1000) : 0;
  if (gained > 0 && covered > (elapsed + COVERAGE_SLACK_SECONDS) * limit.rate) throw badRequest(limit.tooFast);
  const done = duration > 0 && covered >= duration * DONE_RATIO;
  return { coverage: JSON.stringify(merged), covered, gained, started, done };
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
