import { AlertDialog } from 'radix-ui';
import './dialog-box.css';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  /** The button that does it (e.g. 确定取消). */
  confirmLabel: string;
  /** The button that keeps things as they are (focused first: Enter never confirms by accident). */
  cancelLabel: string;
  onConfirm(): void;
  /** Where the focus goes when the question closes (radix's event: preventDefault and focus it). */
  onCloseAutoFocus?(e: Event): void;
}

/**
 * A question before a step that throws work away (cancel an application, close a filled form):
 * radix AlertDialog (focus trapped, Esc and the cancel button keep things as they are), drawn as
 * the app's dialog box; it opens over another dialog too.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel, onConfirm, onCloseAutoFocus }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay confirm-dialog__overlay" />
        <AlertDialog.Content className="dialog-box confirm-dialog" onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialog.Title className="confirm-dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="confirm-dialog__desc">{description}</AlertDialog.Description>
          <div className="confirm-dialog__actions">
            <AlertDialog.Cancel className="btn">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn--primary" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
