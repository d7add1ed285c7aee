import { DRAG_START_PX } from '../canvas/mindmap-canvas';
import { realTimers, type TimerApi } from '../canvas/zoom-input';

// Touch gestures on the map canvas, as a state machine over pointer ids and CSS-pixel points
// (no DOM, so it is testable with fake timers): one finger pans; two fingers pinch (zoom about
// their midpoint, following it); a tap selects, a second tap within DOUBLE_TAP_MS on the same
// spot edits; holding LONG_PRESS_MS without moving DRAG_START_PX selects the node under the
// finger (`hold`), then lifting opens the node menu and moving DRAG_START_PX drags the node
// (the same 10 px threshold as the mouse). No browser delay is waited for: the canvas has
// touch-action: none, so taps arrive at once and the page never scrolls or zooms under it.
// Times are the events' own (`t`, their timeStamp), not when they are handled: on a busy main
// thread the browser runs queued input before a due timer, so a finger that rested 700 ms and
// then moved reached `move` before the hold timer had run, and the drag became a pan.

export const LONG_PRESS_MS = 500;
export const DOUBLE_TAP_MS = 300;
/** How far apart two taps may land and still make a double tap. */
export const DOUBLE_TAP_PX = 30;

export interface GestureHandlers {
  /** The node under a point (null = empty canvas). */
  hit(x: number, y: number): string | null;
  tap(x: number, y: number): void;
  doubleTap(x: number, y: number): void;
  /** The finger has rested on node `id` for LONG_PRESS_MS. */
  hold(id: string): void;
  /** Lifted after a hold without moving: the node menu. */
  longPress(id: string, x: number, y: number): void;
  pan(dx: number, dy: number): void;
  pinchStart(cx: number, cy: number): void;
  /** `scale` = finger distance now / at the start; (cx, cy) = their midpoint now. */
  pinch(scale: number, cx: number, cy: number): void;
  pinchEnd(cx: number, cy: number): void;
  dragStart(id: string, x: number, y: number): void;
  dragMove(x: number, y: number): void;
  /** `cancelled`: a second finger or pointercancel ended the drag (nothing moves). */
  dragEnd(x: number, y: number, cancelled: boolean): void;
}

type Pt = { x: number; y: number };
type State =
  | { kind: 'press'; start: Pt; at: number; node: string | null; held: boolean; timer: unknown }
  | { kind: 'pan' }
  | { kind: 'drag'; node: string }
  | { kind: 'pinch'; d0: number }
  /** After a pinch or a cancel: nothing until every finger is up. */
  | { kind: 'over' }
  | null;

const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);

export class TouchGestures {
  private points = new Map<number, Pt>();
  private state: State = null;
  private lastTap: { at: number; x: number; y: number } | null = null;

  constructor(
    private readonly h: GestureHandlers,
    private readonly timers: TimerApi = realTimers,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True while a gesture is under way (a finger is down). */
  get active(): boolean {
    return this.points.size > 0;
  }

  /** `t`: when the event happened (its timeStamp, on the clock of `now`). */
  down(id: number, x: number, y: number, t = this.now()): void {
    this.points.set(id, { x, y });
    if (this.points.size === 1) {
      const node = this.h.hit(x, y);
      const timer = node === null ? null : this.timers.set(() => this.onHold(), LONG_PRESS_MS);
      this.state = { kind: 'press', start: { x, y }, at: t, node, held: false, timer };
      return;
    }
    if (this.points.size === 2) {
      this.endPress();
      if (this.state?.kind === 'drag') this.h.dragEnd(x, y, true);
      const [a, b] = [...this.points.values()];
      this.state = { kind: 'pinch', d0: Math.max(1, dist(a, b)) };
      this.h.pinchStart((a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  }

  move(id: number, x: number, y: number, t = this.now()): void {
    const p = this.points.get(id);
    if (!p) return;
    const dx = x - p.x,
      dy = y - p.y;
    p.x = x;
    p.y = y;
    const s = this.state;
    if (!s) return;
    if (s.kind === 'press') {
      if (dist(s.start, { x, y }) < DRAG_START_PX) return;
      this.heldBy(s, t);
      this.endPress();
      if (s.held && s.node !== null) {
        this.state = { kind: 'drag', node: s.node };
        this.h.dragStart(s.node, s.start.x, s.start.y);
        this.h.dragMove(x, y);
      } else {
        this.state = { kind: 'pan' };
        this.h.pan(x - s.start.x, y - s.start.y);
      }
    } else if (s.kind === 'pan') this.h.pan(dx, dy);
    else if (s.kind === 'drag') this.h.dragMove(x, y);
    else if (s.kind === 'pinch' && this.points.size >= 2) {
      const [a, b] = [...this.points.values()];
      this.h.pinch(dist(a, b) / s.d0, (a.x + b.x) / 2, (a.y + b.y) / 2);
    }
  }

  up(id: number, x: number, y: number, t = this.now()): void {
    this.release(id, x, y, false, t);
  }

  cancel(id: number): void {
    const p = this.points.get(id);
    this.release(id, p?.x ?? 0, p?.y ?? 0, true, this.now());
  }

  dispose(): void {
    this.endPress();
    this.points.clear();
    this.state = null;
  }

  private release(id: number, x: number, y: number, cancelled: boolean, t: number): void {
    if (!this.points.has(id)) return;
    const before = [...this.points.values()];
    this.points.delete(id);
    const s = this.state;
    if (s?.kind === 'pinch') {
      const [a, b] = before;
      this.h.pinchEnd((a.x + b.x) / 2, (a.y + b.y) / 2);
      this.state = { kind: 'over' };
    } else if (s?.kind === 'press') {
      if (!cancelled) this.heldBy(s, t);
      this.endPress();
      this.state = null;
      if (cancelled) return;
      if (s.held && s.node !== null) return this.h.longPress(s.node, x, y);
      const last = this.lastTap;
      if (last && t - last.at <= DOUBLE_TAP_MS && Math.hypot(x - last.x, y - last.y) <= DOUBLE_TAP_PX) {
        this.lastTap = null;
        this.h.doubleTap(x, y);
      } else {
        this.lastTap = { at: t, x, y };
        this.h.tap(x, y);
      }
    } else if (s?.kind === 'drag') {
      this.state = null;
      this.h.dragEnd(x, y, cancelled);
    }
    if (this.points.size === 0) this.state = null;
  }

  /** The finger rested LONG_PRESS_MS by event `t`: held, whether or not the timer has run yet. */
  private heldBy(s: Extract<State, { kind: 'press' }>, t: number): void {
    if (s.held || s.node === null || t - s.at < LONG_PRESS_MS) return;
    this.endPress(); // its timer, still to run, must not hold a later press
    this.onHold();
  }

  private onHold(): void {
    const s = this.state;
    if (s?.kind !== 'press' || s.node === null) return;
    s.timer = null;
    s.held = true;
    this.h.hold(s.node);
  }

  private endPress(): void {
    const s = this.state;
    if (s?.kind === 'press' && s.timer !== null) {
      this.timers.clear(s.timer);
      s.timer = null;
    }
  }
}
