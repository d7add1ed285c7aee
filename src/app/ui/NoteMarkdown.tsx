import { Fragment, type ReactNode } from 'react';
import { Lexer, type MarkedOptions, type Token, type TokenizerExtensionFunction, type Tokens } from 'marked';
import { usableLink, splitFormulas } from '../../mindmap/core';
import { TexMath } from './TexMath';
import './note-markdown.css';

// A node's 备注 is Markdown, as in kityminder (which renders it with marked). The note comes from
// the student's own map, an imported .km or a pasted file, so it is untrusted: marked only
// tokenises it here, and the tokens become React elements. Raw HTML stays text, links open as
// external links (http:// put in front of a bare host, SPEC §2; other schemes are text), images are shown as links —
// nothing in a note can run script or load a remote resource by being previewed.

const MAX_DEPTH = 32;

function inline(tokens: readonly Token[] | undefined, depth: number): ReactNode {
  if (!tokens?.length || depth > MAX_DEPTH) return null;
  return tokens.map((t, i) => <Fragment key={i}>{inlineToken(t, depth + 1)}</Fragment>);
}

function inlineToken(t: Token, depth: number): ReactNode {
  switch (t.type) {
    case 'strong':
      return <strong>{inline((t as Tokens.Strong).tokens, depth)}</strong>;
    case 'em':
      return <em>{inline((t as Tokens.Em).tokens, depth)}</em>;
    case 'del':
      return <del>{inline((t as Tokens.Del).tokens, depth)}</del>;
    case 'codespan':
      return <code>{(t as Tokens.Codespan).text}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const l = t as Tokens.Link;
      return <NoteLink href={l.href}>{inline(l.tokens, depth)}</NoteLink>;
    }
    case 'image': {
      const img = t as Tokens.Image;
      return <NoteLink href={img.href}>{img.text || img.href}</NoteLink>;
    }
    case 'text': {
      const tx = t as Tokens.Text;
      return tx.tokens ? inline(tx.tokens, depth) : tx.text;
    }
    case 'escape':
      return (t as Tokens.Escape).text;
    case 'math':
      return <TexMath tex={(t as MathToken).tex} />;
    default:
      return t.raw; // html and anything unknown: as written
  }
}

/**
 * A note's link opens in a new tab (a bare host with http://); another scheme (`javascript:`,
 * `data:`) is no link at all, its text shown as written — never as `http://javascript:…`.
 */
function NoteLink({ href, children }: { href: string; children: ReactNode }) {
  const url = usableLink(href);
  if (!url) return <span>{children}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

interface MathToken extends Tokens.Generic {
  type: 'math';
  tex: string;
}

/**
 * `$…$` in a note is a formula by the same rule as in titles (engine/render/formula.ts): a
 * marked inline extension, so Markdown never reads `_` or `*` inside one as emphasis.
 */
const MATH: TokenizerExtensionFunction = (src) => {
  if (src[0] !== '$') return undefined;
  const eol = src.indexOf('\n');
  const first = splitFormulas(eol < 0 ? src : src.slice(0, eol))[0];
  if (first?.kind !== 'math') return undefined;
  return { type: 'math', raw: `$${first.tex}$`, tex: first.tex } as MathToken;
};

const LEXER_OPTIONS: MarkedOptions = {
  gfm: true,
  breaks: true,
  extensions: { renderers: {}, childTokens: {}, inline: [MATH], startInline: [(src) => (src.indexOf('$') >= 0 ? src.indexOf('$') : undefined)] },
};

function blocks(tokens: readonly Token[], depth: number): ReactNode {
  if (depth > MAX_DEPTH) return null;
  return tokens.map((t, i) => <Fragment key={i}>{block(t, depth + 1)}</Fragment>);
}

function block(t: Token, depth: number): ReactNode {
  switch (t.type) {
    case 'space':
      return null;
    case 'paragraph':
      return <p>{inline((t as Tokens.Paragraph).tokens, depth)}</p>;
    case 'heading': {
      const h = t as Tokens.Heading;
      // Headings inside a tooltip stay small: a strong line, not a page heading.
      return <p className="mind-note-md__heading">{inline(h.tokens, depth)}</p>;
    }
    case 'list': {
      const l = t as Tokens.List;
      const items = l.items.map((it, i) => (
        <li key={i}>
          {it.task ? (it.checked ? '☑ ' : '☐ ') : null}
          {blocks(it.tokens, depth)}
        </li>
      ));
      return l.ordered ? <ol start={typeof l.start === 'number' ? l.start : undefined}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      return (
        <pre>
          <code>{(t as Tokens.Code).text}</code>
        </pre>
      );
    case 'blockquote':
      return <blockquote>{blocks((t as Tokens.Blockquote).tokens, depth)}</blockquote>;
    case 'hr':
      return <hr />;
    case 'table': {
      const tb = t as Tokens.Table;
      return (
        <table>
          <thead>
            <tr>
              {tb.header.map((c, i) => (
                <th key={i}>{inline(c.tokens, depth)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tb.rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j}>{inline(c.tokens, depth)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'text': {
      const tx = t as Tokens.Text;
      return tx.tokens ? inline(tx.tokens, depth) : tx.text;
    }
    default:
      return inlineToken(t, depth);
  }
}

/** A note's Markdown as React elements (see the header for what is and is not rendered). */
export function NoteMarkdown({ text }: { text: string }) {
  return <div className="mind-note-md">{blocks(new Lexer(LEXER_OPTIONS).lex(text), 0)}</div>;
}
