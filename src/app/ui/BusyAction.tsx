import { useRef, useState, type ReactNode } from 'react';
import { toast } from './toast-store';
import { errorText } from './use-remote';

/**
 * One button's asynchronous action (sign up, join, start): busy while it runs, so the button says so
 * and further clicks do nothing; a failure is shown as a toast with the server's errMsg (`failAs`
 * warning where the refusal is an expected rule, not an error). `run` answers the task's value, or
 * undefined when it failed or was already running.
 */
export function useBusyAction(failAs: 'error' | 'warning' = 'error') {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      return await task();
    } catch (e) {
      toast[failAs](errorText(e));
      return undefined;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The button of such an action: disabled and saying `busyText` while it runs. */
export function BusyButton({
  busy,
  busyText,
  onClick,
  className = 'btn btn--primary',
  children,
}: {
  busy: boolean;
  busyText: string;
  onClick(): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} onClick={onClick} disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}
