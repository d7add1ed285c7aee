import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import { ApiError, ResultCode, badRequest } from '../../http/envelope';
import { studentIdOf } from '../../http/auth';
import { newId } from '../../lib/ids';
import { StorageFailure } from '../../lib/storage';
import { ALLOWED_TYPES, IMAGE_EXTENSIONS, extensionOf, sanitizeFileName } from './file-types';
import { checkedUpload, UploadRefused } from './upload-stream';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Room for boundaries, part headers and the few small fields (10 × 1 KiB) around the file. */
export const MULTIPART_FRAMING_BYTES = 64 * 1024;

export const TOO_MANY_UPLOADS = '同时上传的文件过多，请等当前文件上传完成后再试';
export const quotaMessage = (quotaBytes: number) => `您的文件存储空间已满（上限 ${Math.round(quotaBytes / 1024 / 1024)} MB），无法继续上传`;

/**
 * busboy reports a broken multipart body (no closing boundary, a malformed part header) as a plain
 * Error, which read as a 500; it is the client's mistake. Plugin errors (FST_*, e.g. too large)
 * keep their own code and the error handler maps them.
 */
async function clientFault<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof ApiError || err instanceof StorageFailure || String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
    if (err instanceof UploadRefused) throw badRequest(err.errMsg);
    throw badRequest('上传格式错误');
  }
}

/** Locks the student's row: slot counting and the quota check each hold in one transaction. */
const lockStudent = (trx: DbOrTrx, studentId: string) => trx.selectFrom('students').select('id').where('id', '=', studentId).forUpdate().executeTakeFirst();

const usedBytes = async (db: DbOrTrx, studentId: string) =>
  Number(
    (
      await db
        .selectFrom('files')
        .select(sql<string>`coalesce(sum(size), 0)`.as('used'))
        .where('owner_id', '=', studentId)
        .executeTakeFirstOrThrow()
    ).used,
  );

/**
 * Takes one of the student's concurrent-upload slots, or refuses (429). Slots live in the database
 * so the limit holds across instances; one left by a crashed process lapses after the request
 * timeout (no upload can outlive it).
 */
async function takeSlot(app: FastifyInstance, studentId: string): Promise<string> {
  const id = newId();
  await app.db.transaction().execute(async (trx) => {
    await lockStudent(trx, studentId);
    await trx.deleteFrom('upload_slots').where('student_id', '=', studentId).where('expires_at', '<', new Date()).execute();
    const { n } = await trx
      .selectFrom('upload_slots')
      .select(sql<string>`count(*)`.as('n'))
      .where('student_id', '=', studentId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= app.config.uploadConcurrency) throw new ApiError(ResultCode.tooMany, TOO_MANY_UPLOADS);
    await trx
      .insertInto('upload_slots')
      .values({ id, student_id: studentId, expires_at: new Date(Date.now() + app.config.requestTimeoutMs + 60_000) })
      .execute();
  });
  return id;
}

/**
 * One multipart upload, streamed to storage: the type is checked on the name and on the first
 * bytes, the size while the bytes arrive, the student's storage quota before and after; only a
 * whole, accepted file is stored and recorded.
 */
export async function storeUpload(app: FastifyInstance, request: FastifyRequest, imagesOnly: boolean) {
  const studentId = studentIdOf(request);
  const quota = app.config.uploadQuotaBytes;
  if ((await usedBytes(app.db, studentId)) >= quota) throw badRequest(quotaMessage(quota));
  const slot = await takeSlot(app, studentId);
  try {
    const part = await clientFault(() => request.file());
    if (!part) throw badRequest('缺少参数：文件');
    const fileName = sanitizeFileName(part.filename);
    const ext = extensionOf(fileName);
    const contentType = ALLOWED_TYPES[ext];
    if (!contentType || (imagesOnly && !IMAGE_EXTENSIONS.has(ext))) {
      part.file.resume();
      throw badRequest(imagesOnly ? '只能上传 jpg、png、gif、webp 图片' : '不支持的文件类型');
    }
    const id = newId();
    const key = `uploads/${studentId}/${id}`;
    const checked = checkedUpload(part.file, ext, MAX_UPLOAD_BYTES);
    // past MAX_UPLOAD_BYTES the stream fails (上传内容过大) as the byte arrives; the answer closes the connection
    await clientFault(() => app.storage.putStream(key, Readable.from(checked.chunks())));
    try {
      // A body streamed in pieces can end right at the cut and arrive silently truncated: never keep a cut file.
      if (part.file.truncated) throw badRequest('上传内容过大');
      return await app.db.transaction().execute(async (trx) => {
        await lockStudent(trx, studentId);
        if ((await usedBytes(trx, studentId)) + checked.state.size > quota) throw badRequest(quotaMessage(quota));
        return trx
          .insertInto('files')
          .values({ id, owner_id: studentId, file_name: fileName, content_type: contentType, size: checked.state.size, storage_key: key })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      await app.storage.remove(key);
      throw err;
    }
  } finally {
    await app.db.deleteFrom('upload_slots').where('id', '=', slot).execute();
  }
}
