import { Toast } from 'radix-ui';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { dismissToast, toastPlacement, toasts } from './toast-store';
import './toast.css';

const ICON = { success: '✓', warning: '!', error: '×' } as const;

/** A screen with its toolbar at the top: toasts show at the bottom while it is mounted. */
export function useToastsAtBottom(): void {
  useEffect(() => {
    toastPlacement.bottomScreens++;
    return () => void toastPlacement.bottomScreens--;
  }, []);
}

/** Renders the toast queue with radix Toast (announced politely; errors assertively). */
export function Toaster() {
  const { items } = useSnapshot(toasts);
  const bottom = useSnapshot(toastPlacement).bottomScreens > 0;
  return (
    <Toast.Provider swipeDirection={bottom ? 'down' : 'up'} label="通知">
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast--${t.kind}`}
          duration={t.duration}
          type={t.kind === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICON[t.kind]}
          </span>
          <Toast.Description className="toast__text">{t.message}</Toast.Description>
        </Toast.Root>
      ))}
      {/* radix labels the region "Notifications (F8)" unless told: screen readers would read English */}
      <Toast.Viewport className={bottom ? 'toast-viewport toast-viewport--bottom' : 'toast-viewport'} label="通知（{hotkey}）" />
    </Toast.Provider>
  );
}
