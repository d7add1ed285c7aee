import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

const SAFE = /^(https?:|ftp:|mailto:)/i;

/** What a renderer may use as href: only the whitelisted schemes, anything else is '#'. */
export function safeHref(url: unknown): string {
  return typeof url === 'string' && SAFE.test(url.trim()) ? url.trim() : '#';
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
