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

let nextId = 1;

function show(kind: ToastKind, message: string, duration = 3000): void {
  toasts.items.push({ id: nextId++, kind, message, duration });
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

export function dismissToast(id: number): void {
  const i = toasts.items.findIndex((t) => t.id === id);
  if (i >= 0) toasts.items.splice(i, 1);
}
