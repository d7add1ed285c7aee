import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { FilesTable } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { formatDateTime } from '../../lib/time';
import { contentDisposition, sanitizeFileName, servesInline } from './file-types';

export type FileRow = Selectable<FilesTable>;

export const fileUrl = (id: string) => `/api/folder/resource/file/vod/${id}`;
export const downloadUrl = (id: string) => `/api/folder/resource/file/download?uid=${id}`;

export function fileView(f: FileRow) {
  return {
    uid: f.id,
    uuid: f.id,
    fileName: sanitizeFileName(f.file_name),
    fileSize: Number(f.size),
    contentType: f.content_type,
    fileUrl: fileUrl(f.id),
    downloadUrl: downloadUrl(f.id),
    createTime: formatDateTime(f.created_at),
  };
}

/** True when the file is its owner's current avatar (see files/avatar.ts). */
async function isCurrentAvatar(db: DbOrTrx, f: FileRow): Promise<boolean> {
  if (!f.owner_id || !f.content_type.startsWith('image/')) return false;
  return !!(await db.selectFrom('students').select('id').where('id', '=', f.owner_id).where('avatar', '=', fileUrl(f.id)).executeTakeFirst());
}

/**
 * A file the caller may read: platform content (owner_id null: course videos, case handouts) is
 * readable by anyone who has its id; a student's upload only by that student, except the image
 * that is their current avatar, which the case ranking shows to other students (files/avatar.ts).
 */
export async function findReadableFile(db: DbOrTrx, id: string, studentId: string | undefined): Promise<FileRow | undefined> {
  const f = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  if (!f) return undefined;
  if (f.owner_id !== null && f.owner_id !== studentId && !(await isCurrentAvatar(db, f))) return undefined;
  return f;
}

/** RFC 9110 single byte range; undefined for no/unsupported Range, null for unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/** Streams a stored file as plain HTTP (not the envelope), honouring Range for video seeking. */
export async function sendStoredFile(storage: FileStorage, request: FastifyRequest, reply: FastifyReply, f: FileRow, asAttachment: boolean) {
  const size = await storage.size(f.storage_key);
  if (size === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
  const inline = !asAttachment && servesInline(f.content_type);
  // Names stored before uploads were cleaned of bidi and control characters are cleaned here too.
  reply.header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', f.file_name));
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', 'private, max-age=3600');
  // Anything not on the inline list is an opaque download, whatever its name claims.
  reply.type(inline ? f.content_type : 'application/octet-stream');
  const range = parseRange(request.headers.range, size);
  if (range === null) {
    reply.header('Content-Range', `bytes */${size}`);
    return reply.code(416).send();
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1));
    return reply.send(await storage.read(f.storage_key, range));
  }
  reply.header('Content-Length', String(size));
  return reply.send(await storage.read(f.storage_key));
}
