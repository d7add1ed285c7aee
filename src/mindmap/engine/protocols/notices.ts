import { ROOT_TEXT, type KmNode } from '../model/types';

// Shared by the importers: the SPEC's error prefix, and the notices an import that succeeded
// with a change of shape hands back to the UI (importDocumentWithNotices).

/** SPEC §5: the text import's refusal. Details follow it after a full-width colon, in Chinese. */
export const INVALID = 'Invalid local format';

export interface ImportNotice {
  /**
   * forest: several top-level topics were put under a new root; preamble: text before the first
   * markdown heading was left out; lost: what the file held that the map cannot (or, on export,
   * what the map held that the file format cannot), counted by kind (lost.ts); detached: XMind's
   * floating topics were kept as branches; frontMatter: a Markdown file's front matter became the
   * root's note.
   */
  code: 'forest' | 'preamble' | 'lost' | 'detached' | 'frontMatter';
  /** Chinese, ready to show. */
  message: string;
}

export interface ImportOptions {
  /** The file's name without extension: the title of the root a forest is put under. */
  name?: string;
  /** XMind: which sheet becomes the map (0-based, `xmindSheets` order); the first by default. */
  sheet?: number;
}

/** A UTF-8 byte-order mark (Windows Notepad writes one) is not part of the first title. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function wrapForest(tops: KmNode[], name: string | undefined): KmNode {
  const title = name?.trim() ? name.trim() : ROOT_TEXT;
  return { data: { text: title }, children: tops };
}

export function forestNotice(count: number, root: KmNode): ImportNotice {
  return { code: 'forest', message: `文件有 ${count} 个顶层主题，已放在新建的根主题“${root.data.text}”下` };
}

/** A file's name → the root title for a forest: the base name without its extension. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}
