import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcement, formatClock, localDeadline, secondsLeft, spokenClock, useCountdown } from './countdown';

describe('countdown formatting', () => {
  it('shows mm:ss below an hour and h:mm:ss above', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(59.9)).toBe('00:59');
    expect(formatClock(20 * 60)).toBe('20:00');
    expect(formatClock(3600 + 65)).toBe('1:01:05');
    expect(formatClock(-5)).toBe('00:00');
    expect(spokenClock(125)).toBe('2 分 5 秒');
    expect(spokenClock(9)).toBe('9 秒');
  });

  it('anchors the server’s remaining seconds to the local clock', () => {
    const d = localDeadline(90, 1_000_000);
    expect(d).toBe(1_090_000);
    expect(secondsLeft(d, 1_000_000)).toBe(90);
    expect(secondsLeft(d, 1_089_001)).toBe(1);
    expect(secondsLeft(d, 1_095_000)).toBe(0);
  });

  it('announces only the 5-minute and 1-minute marks', () => {
    expect(announcement(300)).toBe('距离交卷还剩 5 分钟');
    expect(announcement(60)).toBe('距离交卷还剩 1 分钟');
    expect(announcement(299)).toBe('');
  });
});

function Clock({ deadline, onExpire }: { deadline: number | null; onExpire(): void }) {
  const left = useCountdown(deadline, onExpire);
  return <p>{left === null ? '不限时' : formatClock(left)}</p>;
}

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('ticks every second and expires exactly once', () => {
    const onExpire = vi.fn();
    render(<Clock deadline={Date.now() + 3000} onExpire={onExpire} />);
    expect(screen.getByText('00:03')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('00:02')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByText('00:00')).toBeTruthy();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('expires at once for a deadline already passed, never for an untimed exam', () => {
    const onExpire = vi.fn();
    const { rerender } = render(<Clock deadline={null} onExpire={onExpire} />);
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText('不限时')).toBeTruthy();
    expect(onExpire).not.toHaveBeenCalled();
    rerender(<Clock deadline={Date.now() - 1000} onExpire={onExpire} />);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
