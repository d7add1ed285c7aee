import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BusyButton, useBusyAction } from './BusyAction';
import { toasts } from './toast-store';
import { ApiFailure } from './use-remote';

function Harness({ task, failAs }: { task: () => Promise<string>; failAs?: 'error' | 'warning' }) {
  const { busy, run } = useBusyAction(failAs);
  return (
    <BusyButton busy={busy} busyText="报名中…" onClick={() => void run(task).then((v) => (document.title = String(v)))}>
      立即报名
    </BusyButton>
  );
}

beforeEach(() => {
  toasts.items.splice(0);
  document.title = '';
});

describe('useBusyAction + BusyButton', () => {
  it('is busy while the task runs, ignores more clicks, and answers its value', async () => {
    let finish!: (v: string) => void;
    let calls = 0;
    render(<Harness task={() => new Promise((r) => ((finish = r), calls++))} />);
    fireEvent.click(screen.getByRole('button', { name: '立即报名' }));
    const busy = screen.getByRole('button', { name: '报名中…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.click(busy);
    expect(calls).toBe(1);
    await act(async () => finish('ok'));
    expect(screen.getByRole('button', { name: '立即报名' })).toBeTruthy();
    expect(document.title).toBe('ok');
  });

  it('shows a failure as a toast with the server’s message and answers undefined', async () => {
    render(<Harness task={() => Promise.reject(new ApiFailure('您已完成该训练', 403))} failAs="warning" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即报名' })));
    expect(toasts.items.map((t) => [t.kind, t.message])).toEqual([['warning', '您已完成该训练']]);
    expect(document.title).toBe('undefined');
    expect((screen.getByRole('button', { name: '立即报名' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
