/** Seconds of actual playback between two periodic progress reports. */
export const SAVE_EVERY_SECONDS = 15;

export type Segment = [number, number];

/**
 * Decides when a tracked video (course sections, case video resources) reports progress, and
 * collects the media intervals played since the last report (at any rate: a 30 s clip played at
 * 2× is [0, 30] after 15 s), which the server merges into the video's coverage. The first second
 * of playback is reported at once, because the server bounds coverage by the real time since the
 * first covering report (at most 2× of it): reporting the start lets a full viewing count as full.
 * After that, every 15 s of playback, and whenever the caller flushes (pause, end, leaving the
 * video or the page).
 */
export class ProgressTracker {
  position: number;
  watched: number;
  private segments: Segment[] = [];
  private sinceReport = 0;
  private started = false;
  private reportedPosition: number;
  private unreported = false;

  constructor(start: { position: number; watched: number }) {
    this.position = start.position;
    this.watched = start.watched;
    this.reportedPosition = start.position;
  }

  /** A timeupdate: returns true when a report is due now. */
  tick(position: number, played: number): boolean {
    this.position = position;
    if (played <= 0) return false;
    this.watched += played;
    const from = Math.max(0, position - played);
    const last = this.segments.at(-1);
    // Consecutive timeupdates continue one interval; a jump starts another.
    if (last && Math.abs(from - last[1]) < 0.5) last[1] = Math.max(last[1], position);
    else this.segments.push([from, position]);
    this.sinceReport += played;
    this.unreported = true;
    if (!this.started) {
      this.started = true;
      return true;
    }
    return this.sinceReport >= SAVE_EVERY_SECONDS;
  }

  /** Something changed since the last report (played, or moved to another position). */
  get pending(): boolean {
    return this.unreported || this.segments.length > 0 || Math.floor(this.position) !== Math.floor(this.reportedPosition);
  }

  /** The report to send; counts it as sent. */
  take(): { position: number; watched: number; segments: Segment[] } {
    this.sinceReport = 0;
    this.unreported = false;
    this.reportedPosition = this.position;
    const segments = this.segments.map(([a, b]): Segment => [round(a), round(b)]);
    this.segments = [];
    return { position: this.position, watched: this.watched, segments };
  }

  /** A report that did not arrive (network, or refused for now): its intervals go with the next one. */
  restore(segments: Segment[]): void {
    this.segments = [...segments, ...this.segments];
  }
}

const round = (x: number) => Math.round(x * 100) / 100;
