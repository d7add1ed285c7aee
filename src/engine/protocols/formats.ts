import type { KmDocument } from '../model/types';
import { decodeKm, encodeKm } from './km';
import { decodeMarkdownWithNotices, encodeMarkdown } from './markdown';
import { INVALID, type ImportNotice, type ImportOptions } from './notices';
import { restoreDocument } from './restore';
import { decodeOutline, encodeText } from './text';

export type { ImportNotice, ImportOptions } from './notices';
export { titleFromFileName } from './notices';

export type TextFormat = 'km' | 'md' | 'txt';

export const FORMATS: readonly TextFormat[] = ['km', 'md', 'txt'];

export function isTextFormat(f: string): f is TextFormat {
  return (FORMATS as readonly string[]).includes(f);
}

export interface ImportResult {
  document: KmDocument;
  /** What the import changed in shape, in Chinese, for the UI to show (empty when nothing). */
  notices: ImportNotice[];
}

const EMPTY_OUTLINE = `${INVALID}：大纲为空（只有空行，没有任何主题）`;

/**
 * Importing a file: parse → restore → validate, and report what changed shape. Outline text with
 * several top-level lines (a forest) goes under a new root named `opts.name` (the file name) or
 * 中心主题; so do several top-level markdown headings. Throws the user-facing message (Chinese,
 * with line and column where there is one); never touches a live document.
 */
export function importDocumentWithNotices(format: TextFormat, text: string, opts: ImportOptions = {}): ImportResult {
  switch (format) {
    case 'km':
      return { document: decodeKm(text), notices: [] };
    case 'txt': {
      const r = decodeOutline(text, { forest: 'wrap', name: opts.name });
      if (!r) throw new Error(EMPTY_OUTLINE);
      return { document: restoreDocument(r.root), notices: r.notices };
    }
    case 'md': {
      const r = decodeMarkdownWithNotices(text, opts.name);
      return { document: restoreDocument(r.root), notices: r.notices };
    }
  }
}

/**
 * parse → restore → validate. Throws the user-facing message; never touches a live document.
 * Outline text must have one root here (SPEC: a second root is 'Invalid local format', as the
 * outline panel expects); files go through importDocumentWithNotices, which accepts a forest.
 */
export function importDocument(format: TextFormat, text: string): KmDocument {
  if (format !== 'txt') return importDocumentWithNotices(format, text).document;
  const r = decodeOutline(text, { forest: 'refuse' });
  if (!r) throw new Error(EMPTY_OUTLINE);
  return restoreDocument(r.root);
}

export function exportDocument(format: TextFormat, doc: KmDocument): string {
  switch (format) {
    case 'km':
      return encodeKm(doc);
    case 'txt':
      return encodeText(doc.root);
    case 'md':
      return encodeMarkdown(doc.root);
  }
}
