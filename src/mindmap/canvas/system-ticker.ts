import { EventsTicker, Ticker, type Application } from 'pixi.js';

// Pixi's system ticker runs an animation-frame loop for as long as anything listens to it: its
// event system (a synthetic pointermove on the document every tenth frame, for hover states) and
// its scheduler (the GPU texture collector). The map paints on demand and takes its input as DOM
// pointer events (canvas-input.ts, editor/pointer.ts), so that loop only kept an idle page awake:
// 60 frames a second with the map open and nothing happening. It is stopped; each painted frame
// runs the scheduler's due tasks instead, and Pixi's own pointer handling is switched off.

/** Stops the loop for `app` (call once its renderer is initialised: its event system has bound the canvas). */
export function quietSystemTicker(app: Application): void {
  const events = app.renderer.events as { features?: Record<'move' | 'globalMove' | 'click' | 'wheel', boolean> } | undefined;
  if (events?.features) Object.assign(events.features, { move: false, globalMove: false, click: false, wheel: false });
  EventsTicker.removeTickerListener();
  const system = Ticker.system;
  system.autoStart = false; // (a later `add`, a new renderer's scheduler, would start it again)
  system.stop();
}

/** After a painted frame: the scheduler's tasks that are due (texture collection) run now. */
export function runSystemTasks(now: number): void {
  Ticker.system.update(now);
}
