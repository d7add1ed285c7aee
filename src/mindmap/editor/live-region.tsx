import { useCallback, useLayoutEffect, useRef, useState } from 'react';

// The editor's one polite live region. It holds ONE message at a time: each announcement (an
// edit, a refusal) or a new selection label replaces what was there, so a screen reader never
// hears an old message again in front of a new one. Every message is a new text node (keyed by
// its sequence number), so the same words said twice (已撤销, 已撤销) are heard twice. An
// announcement and the selection it caused (undo, delete: the selection often moves a moment
// after the edit is applied) are one message, "已删除概要；思维导图，已选中：丙…", until the
// student's next key or click (`acted`): from then on a new selection is said alone.

export function useLiveRegion(label: string | null) {
  const [msg, setMsg] = useState({ text: '', seq: 0 });
  // Announced since the student's last key or click: joined to the selection label it changes.
  const fresh = useRef<string | null>(null);
  const shown = useRef<string | null>(null);

  const announce = useCallback((text: string) => {
    fresh.current = text;
    setMsg((m) => ({ text, seq: m.seq + 1 }));
  }, []);

  const acted = useCallback(() => void (fresh.current = null), []);

  useLayoutEffect(() => {
    if (label === shown.current) return;
    // (kept until the next key or click: the selection may move twice, root then the topic)
    const said = fresh.current;
    shown.current = label;
    // null: the text edit field is open (its own label is read), nothing to say.
    if (label === null) return;
    setMsg((m) => ({ text: said ? `${said}；${label}` : label, seq: m.seq + 1 }));
  });

  const region = (
    <div className="visually-hidden mind-editor__live" aria-live="polite">
      <span key={msg.seq}>{msg.text}</span>
    </div>
  );
  return { announce, acted, region };
}
