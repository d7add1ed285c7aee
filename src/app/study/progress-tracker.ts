/** Seconds of actual playback between two periodic progress reports. */
export const SAVE_EVERY_SECONDS = 15;

/**
 * Decides when a tracked video (course sections, case video resources) reports progress. The first
 * second of playback is reported at once, because the server only believes `watched` growing as
 * fast as real time since the previous report: reporting the start lets a full viewing count as
 * full. After that, every 15 s of playback, and whenever the caller flushes (pause, end, leaving
 * the video or the page).
 */
export class ProgressTracker {
  position: number;
  watched: number;
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
    return this.unreported || Math.floor(this.position) !== Math.floor(this.reportedPosition);
  }

  /** The report to send; counts it as sent. */
  take(): { position: number; watched: number } {
    this.sinceReport = 0;
    this.unreported = false;
    this.reportedPosition = this.position;
    return { position: this.position, watched: this.watched };
  }
}
