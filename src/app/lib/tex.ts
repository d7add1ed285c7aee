import katex from 'katex';
import 'katex/dist/katex.min.css';

// KaTeX, the one place it is called with our options (issue 19.3): node labels
// (features/mindmap/formula/typeset.ts) and notes (app/ui/TexMath.tsx). Import this module
// lazily (`import('…/tex')`): KaTeX and its CSS are only fetched once a formula is shown. Fonts
// and CSS come from our own bundle (vite), never a CDN.

/** Invalid LaTeX shows its source in this red (throwOnError: false), never an exception. */
export const ERROR_COLOR = '#cc3333';

const OPTIONS = {
  throwOnError: false,
  errorColor: ERROR_COLOR,
  output: 'html',
  strict: 'ignore',
  trust: false, // no \href, \includegraphics, \htmlClass: a title cannot load or link anything
  // nothing a title says can make a giant box or loop on macros
  maxSize: 20,
  maxExpand: 200,
} as const;

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** KaTeX's HTML for inline TeX; anything KaTeX still throws shows the source in red. */
export function texHtml(tex: string): string {
  try {
    return katex.renderToString(tex, OPTIONS);
  } catch {
    return `<span style="color:${ERROR_COLOR}">${escapeHtml(tex)}</span>`;
  }
}
