import { documentProblem } from '../model/limits';
import type { Relationship, Summary } from '../model/items';
import type { KmDocument, KmNode } from '../model/types';
import { decodeFreeMind, encodeFreeMind } from './freemind';
import { decodeKm, encodeKm } from './km';
import { countTreeLost } from './export-lost';
import { Lost } from './lost';
import { decodeMarkdownWithNotices, encodeMarkdown } from './markdown';
import { INVALID, type ImportNotice, type ImportOptions } from './notices';
import { decodeOpml, encodeOpml } from './opml';
import { liveRelations } from './relations-exchange';
import { restoreDocument } from './restore';
import { decodeOutline, encodeText } from './text';
import { decodeTextFile } from './text-bytes';
import { decodeXmind, xmindSheets, type DecodedMap, type XmindSheet } from './xmind';
import { encodeXmind } from './xmind-export';
import { countSummariesLost } from './xmind-summaries';

export type { ImportNotice, ImportOptions } from './notices';
export type { XmindSheet } from './xmind';
export { titleFromFileName } from './notices';

export type TextFormat = 'km' | 'md' | 'txt';
/** Other mind-map applications' files (issue 19.4): XMind (a zip), FreeMind/Freeplane, OPML. */
export type ExchangeFormat = 'xmind' | 'mm' | 'opml';
export type FileFormat = TextFormat | ExchangeFormat;

export const FORMATS: readonly TextFormat[] = ['km', 'md', 'txt'];
export const FILE_FORMATS: readonly FileFormat[] = ['km', 'md', 'txt', 'xmind', 'mm', 'opml'];

export function isTextFormat(f: string): f is TextFormat {
  return (FORMATS as readonly string[]).includes(f);
}

export function isFileFormat(f: string): f is FileFormat {
  return (FILE_FORMATS as readonly string[]).includes(f);
}

/**
 * A file's content: bytes for .xmind (a zip); for the others text (pasted) or the file's bytes,
 * decoded by `text-bytes.ts` (BOM, UTF-8, else GB18030; binary refused).
 */
export type FileData = string | Uint8Array;

export interface ImportResult {
  document: KmDocument;
  /** What the import changed in shape, in Chinese, for the UI to show (empty when nothing). */
  notices: ImportNotice[];
}

const EMPTY_OUTLINE = `${INVALID}：大纲为空（只有空行，没有任何主题）`;

const asText = (data: FileData): string => (typeof data === 'string' ? data : decodeTextFile(data));

/**
 * An outline's tree, refused when a map may not hold it (more topics or levels than the limits):
 * taken in, it would be refused at every save instead, the student's work on it unsaveable.
 */
function withinLimits(format: 'txt' | 'md', root: KmNode): KmNode {
  const problem = documentProblem({ root });
  if (problem) throw new Error(`无法导入 .${format} 文件：${problem}`);
  return root;
}

/** A decoded exchange tree within the map limits, restored like any import; what it lost is the last notice. */
function exchanged(
  root: KmNode,
  lost: Lost,
  notices: ImportNotice[] = [],
  relationships: Relationship[] = [],
  summaries: Summary[] = [],
  template?: string,
): ImportResult {
  const problem = documentProblem({ root });
  if (problem) throw new Error(`无法导入：${problem}`);
  const document = restoreDocument({ root, relationships, summaries, template }, lost);
  return { document, notices: [...notices, ...lost.notices()] };
}

/**
 * Importing a file: parse → restore → validate, and report what changed shape. Outline text with
 * several top-level lines (a forest) goes under a new root named `opts.name` (the file name) or
 * 中心主题; so do several top-level markdown headings and OPML outlines. What an XMind, FreeMind
 * or OPML file held that a map cannot is reported (以下内容未能保留：…). Throws the user-facing
 * message (Chinese, with line and column where there is one); never touches a live document.
 */
export function importDocumentWithNotices(format: FileFormat, data: FileData, opts: ImportOptions = {}): ImportResult {
  switch (format) {
    case 'km': {
      const lost = new Lost();
      const document = decodeKm(asText(data), lost, true);
      return { document, notices: lost.notices() };
    }
    case 'txt': {
      const r = decodeOutline(asText(data), { forest: 'wrap', name: opts.name });
      if (!r) throw new Error(EMPTY_OUTLINE);
      return { document: restoreDocument(withinLimits('txt', r.root)), notices: r.notices };
    }
    case 'md': {
      const r = decodeMarkdownWithNotices(asText(data), opts.name);
      return { document: restoreDocument(withinLimits('md', r.root)), notices: r.notices };
    }
    case 'xmind':
      return xmindMap(decodeXmind(xmindBytes(data), opts.sheet ?? 0));
    case 'mm': {
      const r = decodeFreeMind(asText(data));
      return exchanged(r.root, r.lost, [], r.relationships);
    }
    case 'opml': {
      const r = decodeOpml(asText(data), opts.name);
      return exchanged(r.root, r.lost, r.notices);
    }
  }
}

function xmindBytes(data: FileData): Uint8Array {
  if (typeof data === 'string') throw new Error('无法导入 .xmind 文件：需要文件的原始字节（它是 zip 压缩包，不是文本）');
  return data;
}

function xmindMap(r: DecodedMap): ImportResult {
  const said: ImportNotice[] = r.detached
    ? [{ code: 'detached', message: `自由主题 ${r.detached} 个已连同其下级主题和备注放在中心主题下，作为最后的分支` }]
    : [];
  return exchanged(r.root, r.lost, said, r.relationships, r.summaries, r.template);
}

/** The sheets of an XMind workbook (title, topic count): the import lets the student choose one. */
export function listXmindSheets(data: FileData): XmindSheet[] {
  return xmindSheets(xmindBytes(data));
}

/** Every sheet of an XMind workbook as its own map, in sheet order (one refused sheet refuses all). */
export function importXmindSheets(data: FileData): ImportResult[] {
  const bytes = xmindBytes(data);
  return xmindSheets(bytes).map((_, i) => xmindMap(decodeXmind(bytes, i, false)));
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

export interface ExportResult {
  data: FileData;
  /** What the map held that the format cannot (以下内容未能保留：…), in Chinese; empty when nothing. */
  notices: ImportNotice[];
}

export interface ExportOptions {
  /**
   * Node image URL → its data URL, for images the engine cannot read itself (the student's
   * uploads on our server): the caller fetched them, so .xmind can embed them.
   */
  images?: Record<string, string>;
}

/** A file in any format; the exchange formats say what they could not hold. */
export function exportFile(format: FileFormat, doc: KmDocument, opts: ExportOptions = {}): ExportResult {
  switch (format) {
    case 'xmind': {
      const r = encodeXmind(doc, opts.images);
      return { data: r.data, notices: r.lost.notices() };
    }
    case 'mm': {
      const r = encodeFreeMind(doc);
      countSummariesLost(doc, r.lost);
      return { data: r.data, notices: r.lost.notices() };
    }
    case 'opml': {
      const r = encodeOpml(doc);
      r.lost.add('relationship', liveRelations(doc).length);
      countSummariesLost(doc, r.lost);
      return { data: r.data, notices: r.lost.notices() };
    }
    case 'km':
      return { data: exportDocument(format, doc), notices: [] };
    default: {
      // Outline text holds titles only, markdown titles, notes and links: the rest of each node,
      // relationship lines and summaries (概要) are said to be left out.
      const lost = new Lost();
      countTreeLost(doc.root, lost, format === 'md' ? ['note', 'link'] : []);
      lost.add('relationship', liveRelations(doc).length);
      countSummariesLost(doc, lost);
      return { data: exportDocument(format, doc), notices: lost.notices() };
    }
  }
}
