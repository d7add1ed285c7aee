import type { SheetChoice } from './SheetDialog';
import { startImportDecoder } from './worker-client';

/**
 * The editor's 导入 of an XMind workbook (issue 33.2): its sheets, read in the import worker from a
 * copy of the bytes, for the 选择画布 dialog; null for a one-sheet file or one the import will
 * refuse anyway (the editor's import says why).
 */
export async function sheetChoicesOf(bytes: Uint8Array): Promise<SheetChoice[] | null> {
  const decoder = startImportDecoder();
  try {
    const r = await decoder.decodeFile('book.xmind', bytes.slice());
    if (!r.ok || !r.sheets) return null;
    return r.maps.map((m) => ({ title: m.sheet ?? m.title, topics: m.topics, notices: m.notices }));
  } finally {
    decoder.close();
  }
}
