import { proxy } from 'valtio';

export type ToastKind = 'success' | 'warning' | 'error';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** ms on screen */
  duration: number;
}

export const toasts = proxy<{ items: ToastItem[] }>({ items: [] });

/**
 * Screens whose top edge is a toolbar (the mind-map editor) mounted now: while any is, toasts
 * show at the bottom centre instead of the top, where they would cover it (useToastsAtBottom).
 */
export const toastPlacement = proxy({ bottomScreens: 0 });

let nextId = 1;

/**
 * How long a toast stays when its caller names no time: 3 s for a short message, longer for a
 * long one (about 7 characters a second, as Chinese is read), at most 12 s; an error at least
 * 5 s. A long import error (a file's line and column) went before it could be read.
 */
export function readingTime(kind: ToastKind, message: string): number {
  const read = Math.min(12_000, 1_000 + [...message].length * 140);
  return Math.max(kind === 'error' ? 5_000 : 3_000, read);
}

/**
 * Returns the toast's id (dismissToast takes it down early, e.g. when what it says went stale).
 * The same words already on screen are not shown twice: one event can reach a page by two paths
 * (a merge notice from the tab's own rebase and again in the server's answer).
 */
function show(kind: ToastKind, message: string, duration = readingTime(kind, message)): number {
  const up = toasts.items.find((t) => t.kind === kind && t.message === message);
  if (up) return up.id;
  const id = nextId++;
  toasts.items.push({ id, kind, message, duration });
  return id;
}

/**
 * Toasts from anywhere (components, api callers): `toast.error(res.errMsg)`. Rendered by the
 * <Toaster> mounted once in App. On screen for its readingTime unless a duration is passed.
 */
export const toast = {
  success: (message: string, duration?: number) => show('success', message, duration),
  warning: (message: string, duration?: number) => show('warning', message, duration),
  error: (message: string, duration?: number) => show('error', message, duration),
};

/** Takes toast `id` down; false when it was no longer up. */
export function dismissToast(id: number): boolean {
  const i = toasts.items.findIndex((t) => t.id === id);
  if (i >= 0) toasts.items.splice(i, 1);
  return i >= 0;
}
