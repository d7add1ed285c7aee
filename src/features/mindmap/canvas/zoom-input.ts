// Ctrl+wheel zoom rules of SPEC §9: only ctrl (or cmd) wheel events with |delta| > 100 count,
// and a burst of them is debounced to one zoom step 100 ms after the last event. Timers are
// injected so the rule is testable without a browser.

export const WHEEL_DELTA_MIN = 100;
export const WHEEL_DEBOUNCE_MS = 100;
export const ZOOM_ANIMATION_MS = 300;

export interface TimerApi {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: TimerApi = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class WheelZoomGate {
  private pending: unknown = null;
  private dir = 0;

  constructor(
    private readonly onStep: (dir: 1 | -1) => void,
    private readonly timers: TimerApi = realTimers,
  ) {}

  /** Returns true when the event belongs to zoom (caller should preventDefault). */
  wheel(deltaY: number, ctrl: boolean): boolean {
    if (!ctrl) return false;
    if (Math.abs(deltaY) <= WHEEL_DELTA_MIN) return true;
    // Wheel up (negative deltaY) zooms in, the convention of every browser map.
    this.dir = deltaY < 0 ? 1 : -1;
    if (this.pending !== null) this.timers.clear(this.pending);
    this.pending = this.timers.set(() => {
      this.pending = null;
      this.onStep(this.dir as 1 | -1);
    }, WHEEL_DEBOUNCE_MS);
    return true;
  }

  dispose(): void {
    if (this.pending !== null) this.timers.clear(this.pending);
    this.pending = null;
  }
}
