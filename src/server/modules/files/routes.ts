import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError, badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf, tokenOf } from '../../http/auth';
import { newId } from '../../lib/ids';
import { findSessionStudent } from '../auth/sessions';
import { ALLOWED_TYPES, IMAGE_EXTENSIONS, contentMatchesType, extensionOf, sanitizeFileName } from './file-types';
import { fileUrl, fileView, findReadableFile, sendStoredFile } from './files';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const UidQuery = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 64 }), token: Type.Optional(Type.String({ maxLength: 200 })) });
const MediaQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });
const VideoQuery = Type.Object({ videoId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * <video src> and a download opened in a new tab cannot send an Authorization header, so file
 * reads also accept `?token=`; platform content needs no login at all (see findReadableFile).
 */
async function optionalStudent(request: FastifyRequest, queryToken?: string): Promise<string | undefined> {
  const token = tokenOf(request) ?? queryToken;
  return token ? findSessionStudent(request.server.db, request.server.sessionCache, token) : undefined;
}

/**
 * busboy reports a broken multipart body (no closing boundary, a malformed part header) as a plain
 * Error, which read as a 500; it is the client's mistake. Plugin errors (FST_*, e.g. too large)
 * keep their own code and the error handler maps them.
 */
async function clientFault<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof ApiError || String((err as { code?: unknown }).code ?? '').startsWith('FST_')) throw err;
    throw badRequest('上传格式错误');
  }
}

/** Upload, download, media (SPEC §7 Help and files) and the mind-map image upload. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  async function storeUpload(request: FastifyRequest, imagesOnly: boolean) {
    const studentId = studentIdOf(request);
    const part = await clientFault(() => request.file());
    if (!part) throw badRequest('缺少参数：文件');
    const fileName = sanitizeFileName(part.filename);
    const ext = extensionOf(fileName);
    const contentType = ALLOWED_TYPES[ext];
    if (!contentType || (imagesOnly && !IMAGE_EXTENSIONS.has(ext))) {
      part.file.resume();
      throw badRequest(imagesOnly ? '只能上传 jpg、png、gif、webp 图片' : '不支持的文件类型');
    }
    const data = await clientFault(() => part.toBuffer()); // throws past MAX_UPLOAD_BYTES → 400 上传内容过大
    // toBuffer only notices the limit when a chunk arrives after it; a body streamed in pieces can
    // end right at the cut and come back silently truncated to 20 MB. Never store a cut file.
    if (part.file.truncated) throw badRequest('上传内容过大');
    if (data.length === 0) throw badRequest('文件内容为空');
    if (!contentMatchesType(ext, data)) throw badRequest('文件内容与类型不符');
    const id = newId();
    const key = `uploads/${studentId}/${id}`;
    await app.storage.put(key, data);
    return app.db
      .insertInto('files')
      .values({ id, owner_id: studentId, file_name: fileName, content_type: contentType, size: data.length, storage_key: key })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  await r.register(async (scope) => {
    const priv = scope.withTypeProvider<TypeBoxTypeProvider>();
    priv.addHook('onRequest', requireStudent);
    // data: { uid, uuid, fileName, fileSize, contentType, fileUrl, downloadUrl, createTime }
    priv.post('/api/folder/file/upload', { config: { write: { experience: 'refuse' } } }, async (request) => ok(fileView(await storeUpload(request, false))));
    // The mind-map editor's image service speaks { errno, data: { url } } rather than the envelope.
    priv.post('/api/folder/file/uploadImage', { config: { write: { experience: 'refuse' } } }, async (request) => {
      const f = await storeUpload(request, true);
      return { errno: 0, data: { url: fileUrl(f.id) }, resultCode: 200, errMsg: '' };
    });
    // Video source by videoId: data is the URL to put in the player.
    priv.get('/api/folder/resource/file/getVideoUrl', { schema: { querystring: VideoQuery } }, async (request) => {
      const f = await findReadableFile(app.db, request.query.videoId, studentIdOf(request));
      if (!f || !f.content_type.startsWith('video/')) throw notFound('视频不存在');
      return ok(fileUrl(f.id));
    });
  });

  r.get('/api/folder/resource/file/download', { schema: { querystring: UidQuery } }, async (request, reply) => {
    const f = await findReadableFile(app.db, request.query.uid, await optionalStudent(request, request.query.token));
    if (!f) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    return sendStoredFile(app.storage, request, reply, f, true);
  });

  r.get('/api/folder/resource/file/vod/:id', { schema: { params: IdParams, querystring: MediaQuery } }, async (request, reply) => {
    const f = await findReadableFile(app.db, request.params.id, await optionalStudent(request, request.query.token));
    if (!f) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    return sendStoredFile(app.storage, request, reply, f, false);
  });
}
