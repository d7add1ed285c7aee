import { useEffect, useRef, useState } from 'react';

// In-place text editing: a real <textarea> over the node so IME (Chinese input) works.
// Enter commits (Shift+Enter = new line), Esc cancels, leaving the field commits. Not while
// an IME composition is open: Enter then confirms the composition, not the edit.

export interface EditTarget {
  id: string;
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
  /** Select the whole text (F2, new node) so typing replaces it; false after a typed first key. */
  selectAll: boolean;
}

export function TextEditOverlay({ target, onInput, onCommit, onCancel }: { target: EditTarget; onInput(text: string): void; onCommit(text: string): void; onCancel(): void }) {
  const [value, setValue] = useState(target.text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const closed = useRef(false);
  useEffect(() => {
    const el = ref.current!;
    el.focus();
    if (target.selectAll) el.select();
    else el.setSelectionRange(value.length, value.length);
  }, []);
  const finish = (commit: boolean) => {
    if (closed.current) return;
    closed.current = true;
    if (commit) onCommit(value);
    else onCancel();
  };
  return (
    <textarea
      ref={ref}
      className="mind-edit"
      aria-label="编辑主题文字"
      value={value}
      rows={Math.max(1, value.split('\n').length)}
      style={{ left: target.left, top: target.top, minWidth: Math.max(120, target.width), minHeight: target.height, fontSize: target.fontSize }}
      onChange={(e) => (setValue(e.target.value), onInput(e.target.value))}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.nativeEvent.isComposing || e.key === 'Process') return;
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
    />
  );
}
