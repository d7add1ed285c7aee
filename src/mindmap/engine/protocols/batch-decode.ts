import { unzipSync } from 'fflate';
import type { KmDocument } from '../model/types';
import { importDocumentWithNotices, importXmindSheets, listXmindSheets, titleFromFileName, type FileFormat } from './formats';

// 批量导入's reading of files (issue 33.2), run in the import worker (import.worker.ts) so a
// hundred files never hold the page: a .zip is opened into its files, each file decoded by the
// engine's codecs into a map with what it could not keep (the codecs' 未能保留 notices), or
// refused with the reason in Chinese. Nothing here talks to the server (bulk-run.ts does).
// The only module of the bulk import that imports the engine.

/** A file larger than this is refused before it is read (the map limit is 5 MB of .km). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Files of one batch (a zip's included): as many as 我的导图 can hold. */
export const MAX_BATCH_FILES = 300;

const EXT: Record<string, FileFormat> = { km: 'km', json: 'km', md: 'md', markdown: 'md', txt: 'txt', xmind: 'xmind', mm: 'mm', opml: 'opml' };
export const BULK_ACCEPT = [...Object.keys(EXT), 'zip'].map((e) => `.${e}`).join(',');

export const UNKNOWN_TYPE = '不支持这种文件（可导入 .km、.xmind、.mm、.opml、.md、.txt，或装着它们的 .zip）';
export const TOO_BIG = `文件过大（最多 ${MAX_FILE_BYTES / 1024 / 1024} MB）`;
export const BROKEN_ZIP = '压缩包已损坏，无法打开';
export const TOO_MANY = `一次最多导入 ${MAX_BATCH_FILES} 个文件，这个文件没有导入`;

const extOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
export const isZip = (name: string) => extOf(name) === 'zip';

/** One map a file gives (an XMind workbook gives one per sheet). */
export interface DecodedMap {
  title: string;
  document: KmDocument;
  /** What the import changed or could not keep, in Chinese (empty when nothing). */
  notices: string[];
  /** topics, the root included */
  topics: number;
  /** an XMind sheet's name (the dialog lists the sheets by it) */
  sheet?: string;
}

export type Decoded = { ok: true; maps: DecodedMap[]; sheets: boolean } | { ok: false; reason: string };

function countTopics(doc: KmDocument): number {
  let n = 0;
  const stack = [doc.root];
  while (stack.length) {
    const t = stack.pop()!;
    n++;
    for (const c of t.children ?? []) stack.push(c);
  }
  return n;
}

const mapOf = (r: { document: KmDocument; notices: { message: string }[] }): DecodedMap => ({
  title: String(r.document.root.data.text ?? '').trim() || '未命名导图',
  document: r.document,
  notices: r.notices.map((n) => n.message),
  topics: countTopics(r.document),
});

const reasonOf = (e: unknown) => (e instanceof Error && e.message ? e.message : '文件已损坏，无法读取');

/**
 * A file's maps. An XMind workbook of several sheets gives every sheet (`sheets: true`: the page
 * asks which to keep); a refused file, the reason.
 */
export function decodeFile(name: string, bytes: Uint8Array): Decoded {
  const format = EXT[extOf(name)];
  if (!format) return { ok: false, reason: UNKNOWN_TYPE };
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, reason: TOO_BIG };
  try {
    const sheets = format === 'xmind' ? listXmindSheets(bytes) : [];
    if (sheets.length > 1) return { ok: true, maps: importXmindSheets(bytes).map((r, i) => ({ ...mapOf(r), sheet: sheets[i].title })), sheets: true };
    return { ok: true, maps: [mapOf(importDocumentWithNotices(format, bytes, { name: titleFromFileName(name) }))], sheets: false };
  } catch (e) {
    return { ok: false, reason: reasonOf(e) };
  }
}

/** A zip's entries: the files to decode, and those refused on sight (too big), in zip order. */
export interface ZipEntry {
  name: string;
  bytes?: Uint8Array;
  reason?: string;
}

/** Folders, macOS resource forks and hidden files are not the student's files. */
const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\./.test(name);

/** Opens a .zip into its files (sizes checked from the directory before anything is inflated). */
export function expandZip(bytes: Uint8Array): { ok: true; entries: ZipEntry[] } | { ok: false; reason: string } {
  const entries: ZipEntry[] = [];
  try {
    const files = unzipSync(bytes, {
      filter: (f) => {
        if (skipped(f.name)) return false;
        if (f.originalSize > MAX_FILE_BYTES) {
          entries.push({ name: f.name, reason: TOO_BIG });
          return false;
        }
        entries.push({ name: f.name });
        return true;
      },
    });
    for (const e of entries) if (!e.reason) e.bytes = files[e.name];
  } catch {
    return { ok: false, reason: BROKEN_ZIP };
  }
  return { ok: true, entries };
}
