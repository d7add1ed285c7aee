import { useCallback, useLayoutEffect, useRef, useState } from 'react';

// The editor's one polite live region. It holds ONE message at a time: each announcement (an
// edit, a refusal) or a new selection label replaces what was there, so a screen reader never
// hears an old message again in front of a new one. Every message is a new text node (keyed by
// its sequence number), so the same words said twice (已撤销, 已撤销) are heard twice. An
// announcement and the selection it caused (undo, delete) in the same render are one message:
// "已撤销；思维导图，已选中：…".

export function useLiveRegion(label: string | null) {
  const [msg, setMsg] = useState({ text: '', seq: 0 });
  // Announced since the last render: joined to a selection label that changes in that render.
  const fresh = useRef<string | null>(null);
  const shown = useRef<string | null>(null);

  const announce = useCallback((text: string) => {
    fresh.current = text;
    setMsg((m) => ({ text, seq: m.seq + 1 }));
  }, []);

  useLayoutEffect(() => {
    const said = fresh.current;
    fresh.current = null;
    if (label === shown.current) return;
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
  return { announce, region };
}
