import { isZip, MAX_BATCH_FILES, MAX_FILE_BYTES, TOO_BIG, TOO_MANY, type DecodedMap, type ImportDecoder, type KmDocument } from '../../../mindmap';

// 批量导入 (issue 33.2): the files a student chose (a .zip's files in its place) are decoded one at a
// time in the import worker and each map sent to the server on its own (POST /api/mymaps/import,
// one transaction each: the server checks the map-count and size limits as it inserts). The rule:
// a file is imported whole or not at all. A refused file creates no map; an XMind workbook whose
// chosen sheets are not all accepted has the ones already written removed again, and is reported
// refused with the server's reason. Files before a refusal stay imported: a batch stops nowhere.

/** A zip is opened in the worker; larger than this it is refused unread. */
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;

export interface PickedFile {
  name: string;
  size: number;
  read(): Promise<Uint8Array>;
}

export interface FileReport {
  name: string;
  status: 'imported' | 'refused' | 'skipped';
  /** the maps made of it (an XMind workbook: one per chosen sheet) */
  maps: { mapId: string; title: string; notices: string[] }[];
  /** why it was refused or skipped, in Chinese */
  reason?: string;
}

export interface BulkDeps {
  decoder: ImportDecoder;
  upload(document: KmDocument): Promise<string>;
  /** takes a map made by this batch away again (a workbook not imported whole) */
  remove(mapId: string): Promise<void>;
  /** Which sheets of a workbook to import (indices); none: the file is skipped. */
  chooseSheets(name: string, maps: DecodedMap[]): Promise<number[]>;
  progress(done: number, total: number, current: string): void;
}

type Item = { name: string; bytes?: Uint8Array; read?: () => Promise<Uint8Array>; reason?: string };

const reasonOf = (e: unknown) => (e instanceof Error && e.message ? e.message : '导入失败，请重试');

/** The batch's files, a zip's in its place (named `压缩包.zip/文件`); past MAX_BATCH_FILES refused. */
async function expand(files: PickedFile[], decoder: ImportDecoder): Promise<Item[]> {
  const items: Item[] = [];
  for (const f of files) {
    if (!isZip(f.name)) {
      items.push(f.size > MAX_FILE_BYTES ? { name: f.name, reason: TOO_BIG } : { name: f.name, read: f.read });
      continue;
    }
    if (f.size > MAX_ZIP_BYTES) {
      items.push({ name: f.name, reason: `压缩包过大（最多 ${MAX_ZIP_BYTES / 1024 / 1024} MB）` });
      continue;
    }
    const r = await decoder.expandZip(await f.read());
    if (!r.ok) items.push({ name: f.name, reason: r.reason });
    else if (r.entries.length === 0) items.push({ name: f.name, reason: '压缩包里没有可导入的文件' });
    else for (const e of r.entries) items.push({ name: `${f.name}/${e.name}`, bytes: e.bytes, reason: e.reason });
  }
  return items.map((it, i) => (i >= MAX_BATCH_FILES && !it.reason ? { name: it.name, reason: TOO_MANY } : it));
}

async function importOne(item: Item, deps: BulkDeps): Promise<FileReport> {
  const refused = (reason: string): FileReport => ({ name: item.name, status: 'refused', maps: [], reason });
  if (item.reason) return refused(item.reason);
  const bytes = item.bytes ?? (await item.read!());
  const decoded = await deps.decoder.decodeFile(item.name.split('/').pop()!, bytes);
  if (!decoded.ok) return refused(decoded.reason);
  let chosen = decoded.maps;
  if (decoded.sheets) {
    const picked = await deps.chooseSheets(item.name, decoded.maps);
    if (picked.length === 0) return { name: item.name, status: 'skipped', maps: [], reason: '没有选择画布，未导入' };
    chosen = picked.map((i) => decoded.maps[i]);
  }
  const made: FileReport['maps'] = [];
  for (const m of chosen) {
    try {
      made.push({ mapId: await deps.upload(m.document), title: m.title, notices: m.notices });
    } catch (e) {
      // all or nothing per file: a workbook's sheets already written go again
      for (const done of made) await deps.remove(done.mapId).catch(() => {});
      return refused(made.length ? `${reasonOf(e)}（这个文件的其他画布也已撤回）` : reasonOf(e));
    }
  }
  return { name: item.name, status: 'imported', maps: made };
}

/** Runs a batch: every file reported, in the order chosen. */
export async function runBulkImport(files: PickedFile[], deps: BulkDeps): Promise<FileReport[]> {
  deps.progress(0, files.length, '');
  const items = await expand(files, deps.decoder);
  const reports: FileReport[] = [];
  for (const [i, item] of items.entries()) {
    deps.progress(i, items.length, item.name);
    reports.push(await importOne(item, deps));
  }
  deps.progress(items.length, items.length, '');
  return reports;
}

/** The report's one-line summary, said when the batch ends. */
export function summaryOf(reports: FileReport[]): string {
  const imported = reports.filter((r) => r.status === 'imported');
  const maps = imported.reduce((n, r) => n + r.maps.length, 0);
  const refused = reports.length - imported.length;
  const kept = imported.filter((r) => r.maps.some((m) => m.notices.length)).length;
  return (
    `导入完成：${imported.length} 个文件已导入（${maps} 张导图）` +
    (refused ? `，${refused} 个未导入` : '') +
    (kept ? `，${kept} 个有未能保留或已调整的内容` : '')
  );
}
