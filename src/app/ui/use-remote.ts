import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { isCanceled, RESULT_OK, transportFailureMessage, type Envelope } from '../http/client';

/** A non-200 envelope, carried as an error so callers can show its errMsg. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly resultCode: number,
    /** the envelope's data, when the refusal carries some (a 409's version now) */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The data of a 200 envelope; any other resultCode throws an ApiFailure with its errMsg. */
export function unwrap<T>(res: Envelope<T>): T {
  if (res.resultCode !== RESULT_OK) throw new ApiFailure(res.errMsg || '请求失败，请稍后再试', res.resultCode, res.data ?? undefined);
  return res.data;
}

/** What a failed load shows: the server's errMsg, else a generic network message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiFailure) return error.message;
  return transportFailureMessage(error) ?? '网络异常，请检查网络后重试';
}

export type RemoteState<T> =
  | { status: 'loading'; data: T | undefined; error: '' }
  | { status: 'ok'; data: T; error: '' }
  | { status: 'error'; data: T | undefined; error: string; resultCode?: number };

/**
 * Loads data for a screen and re-loads when `deps` change or `reload()` is called. Keeps the last
 * data while a new load runs (lists do not flash empty between pages). Answers that arrive after a
 * newer load started, or after unmount, are dropped; a request cancelled by the client's same-URL
 * de-duplication is ignored because the newer request will answer.
 */
export function useRemote<T>(load: () => Promise<T>, deps: DependencyList): RemoteState<T> & { reload(): void } {
  const [state, setState] = useState<RemoteState<T>>({ status: 'loading', data: undefined, error: '' });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const mine = ++seq.current;
    setState((s) => ({ status: 'loading', data: s.data, error: '' }));
    loadRef.current().then(
      (data) => {
        if (seq.current === mine) setState({ status: 'ok', data, error: '' });
      },
      (error: unknown) => {
        if (seq.current !== mine || isCanceled(error)) return;
        setState((s) => ({ status: 'error', data: s.data, error: errorText(error), resultCode: error instanceof ApiFailure ? error.resultCode : undefined }));
      },
    );
    return () => {
      // a newer effect run or unmount makes this load stale
      if (seq.current === mine) seq.current += 1;
    };
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
