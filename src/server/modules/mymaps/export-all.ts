import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough, strToU8 } from 'fflate';
import type { DbOrTrx } from '../../db/database';
import { encodeKm, encodeXmind } from '../../../mindmap/core';
import { headOf } from '../mindmaps/head';
import { ownRef } from '../mindmaps/map-log';
import type { KmDocument } from '../mindmaps/document';
import { sanitizeFileName } from '../files/file-types';

// 导出全部 (issue 33 item 4): every live map of the student as one .zip holding, per map, its .km
// (everything the editor keeps) and its .xmind (bold and italic kept; what XMind has no place for
// is the .km's to keep). Maps are read a few at a time and the zip is streamed as it is built, so
// a student at the size limit does not hold all of it in memory. The .xmind is already
// compressed and a .km is small next to the limit, hence stored entries (no deflate CPU).

const BATCH = 10;

/** Distinct names within the archive: a second 期末复习 becomes 期末复习 (2). */
function nameGiver() {
  const used = new Set<string>();
  return (title: string) => {
    const base = sanitizeFileName(title).replace(/\.+$/, '').slice(0, 80) || '未命名导图';
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base} (${i})`;
    used.add(name.toLowerCase());
    return name;
  };
}

function addFile(zip: Zip, name: string, data: Uint8Array): void {
  const entry = new ZipPassThrough(name);
  zip.add(entry);
  entry.push(data, true);
}

/** The zip as a stream; errors end it (the caller logs them). */
export function exportAllZip(db: DbOrTrx, studentId: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  void (async () => {
    const nameOf = nameGiver();
    let after = '';
    let count = 0;
    for (;;) {
      const rows = await db
        .selectFrom('own_maps')
        .select(['id', 'title', 'document', 'version', 'snapshot_version'])
        .where('student_id', '=', studentId)
        .where('deleted_at', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (!rows.length) break;
      for (const r of rows) {
        const name = nameOf(r.title);
        // a map saved by change sets since its snapshot: its head (snapshot and log replayed)
        const head = r.snapshot_version === r.version ? undefined : await headOf(db, undefined, ownRef(studentId, r.id));
        if (r.snapshot_version !== r.version && !head) continue; // deleted meanwhile
        const text = head ? encodeKm(head.document) : r.document;
        addFile(zip, `${name}.km`, strToU8(text));
        addFile(zip, `${name}.xmind`, encodeXmind(head ? head.document : (JSON.parse(text) as KmDocument)).data);
        count++;
      }
      after = rows[rows.length - 1].id;
    }
    if (count === 0) addFile(zip, '说明.txt', strToU8('我的导图里还没有导图。\r\n'));
    zip.end();
  })().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}
