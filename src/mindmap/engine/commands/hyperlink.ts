import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

const SAFE = /^(https?:|ftp:|mailto:)/i;

/** What a renderer may use as href: only the whitelisted schemes, anything else is '#'. */
export function safeHref(url: unknown): string {
  return typeof url === 'string' && SAFE.test(url.trim()) ? url.trim() : '#';
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link address as the student typed it, made one that can be followed (issue 31.6): the
 * whitelisted schemes as they are, a bare host (`www.baidu.com`, `baidu.com:8080/x`) with http:// in
 * front (as SPEC §2 does for case links); any other scheme (`javascript:`, `data:`, `file:`) is
 * null, never saved and never shown as an http:// link.
 */
export function usableLink(url: string): string | null {
  const u = url.trim();
  if (!u) return null;
  if (SAFE.test(u)) return u;
  const m = SCHEME.exec(u);
  // "host.name:8080/…" or "localhost:3000": a port after a host, not a scheme.
  const port = m && /^\d+(?:[/?#]|$)/.test(u.slice(m[0].length)) && (m[1].includes('.') || /^localhost$/i.test(m[1]));
  if (m && !port) return null;
  return `http://${u.replace(/^\/+/, '')}`;
}

/** Stores the URL as given (data is preserved); title follows kityminder's `url && title` rule. */
export const hyperlink = {
  name: 'hyperlink',
  edits: true,
  run(doc: MindDoc, ids: string | string[], url: string | null, title?: string): void {
    const u = url ? String(url) : null;
    for (const id of asIds(ids)) {
      doc.set(id, 'hyperlink', u);
      doc.set(id, 'hyperlinkTitle', u ? (title ?? '') : null);
    }
  },
} satisfies CommandDef;
