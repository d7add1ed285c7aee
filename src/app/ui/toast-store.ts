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

/** Returns the toast's id (dismissToast takes it down early, e.g. when what it says went stale). */
function show(kind: ToastKind, message: string, duration = 3000): number {
  const id = nextId++;
  toasts.items.push({ id, kind, message, duration });
  return id;
}

/**
 * Toasts from anywhere (components, api callers): `toast.error(res.errMsg)`. Rendered by the
 * <Toaster> mounted once in App. Default 3 s on screen; pass a duration to change it.
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
