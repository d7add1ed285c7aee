import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, TouchGestures, type GestureHandlers } from './gestures';

// Node "n" covers x < 100; everything else is empty canvas.
function setup() {
  const log: string[] = [];
  const h: GestureHandlers = {
    hit: (x) => (x < 100 ? 'n' : null),
    tap: (x, y) => log.push(`tap ${x},${y}`),
    doubleTap: (x, y) => log.push(`double ${x},${y}`),
    hold: (id) => log.push(`hold ${id}`),
    longPress: (id) => log.push(`menu ${id}`),
    pan: (dx, dy) => log.push(`pan ${dx},${dy}`),
    pinchStart: (cx, cy) => log.push(`pinchStart ${cx},${cy}`),
    pinch: (s, cx, cy) => log.push(`pinch ${s.toFixed(2)} ${cx},${cy}`),
    pinchEnd: (cx, cy) => log.push(`pinchEnd ${cx},${cy}`),
    dragStart: (id, x, y) => log.push(`dragStart ${id} ${x},${y}`),
    dragMove: (x, y) => log.push(`drag ${x},${y}`),
    dragEnd: (x, y, c) => log.push(`dragEnd ${x},${y}${c ? ' cancelled' : ''}`),
  };
  let t = 0;
  const g = new TouchGestures(h, undefined, () => t);
  return { g, log, at: (ms: number) => (t = ms) };
}

describe('TouchGestures', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a tap is a tap, two quick taps on the same spot a double tap, a slow second tap another tap', () => {
    const { g, log, at } = setup();
    g.down(1, 50, 50);
    g.up(1, 52, 51);
    at(200);
    g.down(2, 55, 50);
    g.up(2, 55, 50);
    at(1000);
    g.down(3, 55, 50);
    g.up(3, 55, 50);
    expect(log).toEqual(['tap 52,51', 'double 55,50', 'tap 55,50']);
  });

  it('moving one finger 10 px pans (from where it went down), less is still a tap', () => {
    const { g, log } = setup();
    g.down(1, 150, 50);
    g.move(1, 155, 50);
    g.move(1, 162, 50);
    g.move(1, 170, 60);
    g.up(1, 170, 60);
    expect(log).toEqual(['pan 12,0', 'pan 8,10']);
    log.length = 0;
    g.down(1, 50, 50);
    g.move(1, 56, 52);
    g.up(1, 56, 52);
    expect(log).toEqual(['tap 56,52']);
  });

  it('holding still on a node selects it, lifting then opens the menu; empty canvas has no hold', () => {
    const { g, log } = setup();
    g.down(1, 50, 50);
    vi.advanceTimersByTime(LONG_PRESS_MS - 1);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    g.up(1, 50, 50);
    expect(log).toEqual(['hold n', 'menu n']);
    log.length = 0;
    g.down(1, 150, 50);
    vi.advanceTimersByTime(LONG_PRESS_MS * 2);
    g.up(1, 150, 50);
    expect(log).toEqual(['tap 150,50']);
  });

  it('long-press then a 10 px move drags the node; a move before the hold pans instead', () => {
    const { g, log } = setup();
    g.down(1, 50, 50);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    g.move(1, 55, 50);
    g.move(1, 60, 50);
    g.move(1, 200, 80);
    g.up(1, 200, 80);
    expect(log).toEqual(['hold n', 'dragStart n 50,50', 'drag 60,50', 'drag 200,80', 'dragEnd 200,80']);
    log.length = 0;
    g.down(1, 50, 50);
    g.move(1, 70, 50);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    g.up(1, 70, 50);
    expect(log).toEqual(['pan 20,0']);
  });

  it('a finger that rested LONG_PRESS_MS holds by the events’ own times, even before the hold timer has run (a busy page)', () => {
    const { g, log } = setup();
    // the move happened 700 ms after the down, the timer's callback is still queued behind it
    g.down(1, 50, 50, 0);
    g.move(1, 80, 50, 700);
    g.up(1, 200, 80, 760);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(log).toEqual(['hold n', 'dragStart n 50,50', 'drag 80,50', 'dragEnd 200,80']);
    // lifted without moving after resting: the node menu, not a tap
    log.length = 0;
    g.down(1, 50, 50, 1000);
    g.up(1, 50, 50, 1600);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(log).toEqual(['hold n', 'menu n']);
    // a quick move is still a pan, and the old press's timer does not hold the next press
    log.length = 0;
    g.down(1, 50, 50, 2000);
    g.move(1, 70, 50, 2100);
    g.up(1, 70, 50, 2150);
    expect(log).toEqual(['pan 20,0']);
  });

  it('two fingers pinch about their midpoint; lifting one ends it and the other finger does nothing', () => {
    const { g, log } = setup();
    g.down(1, 100, 100);
    g.down(2, 200, 100);
    g.move(2, 300, 100);
    g.move(1, 0, 100);
    g.up(2, 300, 100);
    g.move(1, 40, 100);
    g.up(1, 40, 100);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(log).toEqual(['pinchStart 150,100', 'pinch 2.00 200,100', 'pinch 3.00 150,100', 'pinchEnd 150,100']);
  });

  it('a second finger cancels a node drag, and pointercancel cancels without a tap', () => {
    const { g, log } = setup();
    g.down(1, 50, 50);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    g.move(1, 80, 50);
    g.down(2, 90, 90);
    expect(log).toEqual(['hold n', 'dragStart n 50,50', 'drag 80,50', 'dragEnd 90,90 cancelled', 'pinchStart 85,70']);
    g.cancel(1);
    g.cancel(2);
    log.length = 0;
    g.down(3, 50, 50);
    g.cancel(3);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    expect(log).toEqual([]);
    expect(g.active).toBe(false);
  });
});
