import { useEffect, useRef, useState } from 'react';

/** Seconds as mm:ss, or h:mm:ss from an hour up. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** Spoken form for screen readers: "12 分 5 秒". */
export function spokenClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m} 分 ${s % 60} 秒` : `${s} 秒`;
}

/**
 * The local instant of the server deadline. The server says how many seconds are left; anchoring
 * that to this machine's clock once makes the countdown immune to a wrong system clock.
 */
export const localDeadline = (remainingSeconds: number, now = Date.now()) => now + remainingSeconds * 1000;

export const secondsLeft = (deadline: number, now = Date.now()) => Math.max(0, Math.ceil((deadline - now) / 1000));

/** Moments worth announcing to screen-reader users (not every second). */
export function announcement(seconds: number): string {
  if (seconds === 300) return '距离交卷还剩 5 分钟';
  if (seconds === 60) return '距离交卷还剩 1 分钟';
  return '';
}

/**
 * Seconds left until `deadline` (ms, local clock), ticking each second; calls `onExpire` once when
 * it reaches 0. A null deadline (untimed exam) never expires.
 */
export function useCountdown(deadline: number | null, onExpire: () => void): number | null {
  const [left, setLeft] = useState(() => (deadline === null ? null : secondsLeft(deadline)));
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    if (deadline === null) {
      setLeft(null);
      return;
    }
    let fired = false;
    const tick = () => {
      const s = secondsLeft(deadline);
      setLeft(s);
      if (s === 0 && !fired) {
        fired = true;
        expire.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadline]);
  return left;
}
