import { useEffect, useState } from 'react';

// One `$…$` formula of a note (NoteMarkdown), typeset by KaTeX once it has loaded (lazily: a
// note without a formula never fetches it). Until then, and for screen readers always, it is
// its LaTeX source: 公式：a^2+b^2=c^2.

type Tex = (tex: string) => string;
let loaded: Tex | null = null;
let loading: Promise<Tex> | null = null;

const load = () => (loading ??= import('../lib/tex').then((m) => (loaded = m.texHtml)));

export function TexMath({ tex }: { tex: string }) {
  const [render, setRender] = useState<Tex | null>(() => loaded);
  useEffect(() => {
    if (render) return;
    let live = true;
    load().then(
      (f) => live && setRender(() => f),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [render]);
  const label = `公式：${tex}`;
  if (!render) return <span aria-label={label}>{`$${tex}$`}</span>;
  // KaTeX's HTML (trust: false: no links, classes or styles from the note) is safe to insert.
  return <span className="mind-note-math" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: render(tex) }} />;
}
