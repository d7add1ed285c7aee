import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import {
  DownloadQuery,
  FileBytes,
  MediaParams,
  MediaQuery,
  SignedFileUrls,
  SignQuery,
  UploadedFile,
  UploadedImage,
  VideoQuery,
  VideoUrl,
} from '../../../contract/files';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf, tokenOf } from '../../http/auth';
import { refuseDeclaredOver } from '../../http/unread-body';
import { serverSecret } from '../../lib/secrets';
import { findSessionStudent } from '../auth/sessions';
import { fileUrl, fileView, findReadableFile, sendStoredFile } from './files';
import { mediaSigner, signedUrls, type MediaSigner, type SignedQuery } from './signed-url';
import { MAX_UPLOAD_BYTES, MULTIPART_FRAMING_BYTES, storeUpload as storeStreamed } from './upload';

/** Downloads and media answer bytes or a plain-text 404; the schema documents that, serialisation never runs on a stream. */
const Bytes = { 200: FileBytes, 404: FileBytes };

/**
 * Who reads a file: the student of the Authorization header, else the one a signed URL was issued
 * to (<video src> and a download link cannot send a header; see signed-url.ts). A session token in
 * the query string (`?token=`) is no longer read: it leaked into logs and browser history.
 * Platform content needs neither (see findReadableFile).
 */
async function readerOf(request: FastifyRequest, signer: () => Promise<MediaSigner>, fileId: string, q: Partial<SignedQuery>): Promise<string | undefined> {
  const token = tokenOf(request);
  if (token) return findSessionStudent(request.server.db, request.server.sessionCache, token);
  return q.sig ? (await signer()).verify(fileId, q) : undefined;
}

/** Upload, download, media (SPEC §7 Help and files) and the mind-map image upload. */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  // One byte over the limit reaches checkedUpload, which fails the upload at once: at exactly the
  // limit busboy would cut the file but keep reading (and discarding) the body to its end first.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024 } });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // The key is read on first use, not at start: the app must start (and answer /api/health 503)
  // while the database is down. A failed read is retried by the next request.
  let signerOnce: Promise<MediaSigner> | undefined;
  const signer = (): Promise<MediaSigner> =>
    (signerOnce ??= serverSecret(app.db, 'media-url').then(
      (key) => mediaSigner(key, app.config.mediaUrlTtlMs),
      (err: unknown) => {
        signerOnce = undefined;
        throw err;
      },
    ));
  const storeUpload = (request: FastifyRequest, imagesOnly: boolean) => storeStreamed(app, request, imagesOnly);

  await r.register(async (scope) => {
    const priv = scope.withTypeProvider<TypeBoxTypeProvider>();
    priv.addHook('onRequest', requireStudent);
    // A declared length that cannot fit (the file plus the multipart framing) is refused unread.
    const oversize = refuseDeclaredOver(MAX_UPLOAD_BYTES + MULTIPART_FRAMING_BYTES, '上传内容过大');
    priv.post(
      '/api/folder/file/upload',
      { onRequest: oversize, schema: { response: Reply(UploadedFile) }, config: { write: { experience: 'refuse' } } },
      async (request) => ok(fileView(await storeUpload(request, false))),
    );
    // The mind-map editor's image service speaks { errno, data: { url } } rather than the envelope.
    priv.post(
      '/api/folder/file/uploadImage',
      { onRequest: oversize, schema: { response: { 200: UploadedImage } }, config: { write: { experience: 'refuse' } } },
      async (request) => {
        const f = await storeUpload(request, true);
        return { errno: 0, data: { url: fileUrl(f.id) }, resultCode: 200, errMsg: '' };
      },
    );
    // Video source by videoId: data is the URL to put in the player.
    priv.get('/api/folder/resource/file/getVideoUrl', { schema: { querystring: VideoQuery, response: Reply(VideoUrl) } }, async (request) => {
      const f = await findReadableFile(app.db, request.query.videoId, studentIdOf(request));
      if (!f || !f.content_type.startsWith('video/')) throw notFound('视频不存在');
      return ok(fileUrl(f.id));
    });
    // ★ A short-lived URL of a file the student may read, for places that cannot send the header.
    priv.get('/api/folder/resource/file/signedUrl', { schema: { querystring: SignQuery, response: Reply(SignedFileUrls) } }, async (request) => {
      const studentId = studentIdOf(request);
      const f = await findReadableFile(app.db, request.query.uid, studentId);
      if (!f) throw notFound('文件不存在');
      return ok(signedUrls(await signer(), f.id, studentId));
    });
  });

  r.get('/api/folder/resource/file/download', { schema: { querystring: DownloadQuery, response: Bytes } }, async (request, reply) => {
    const f = await findReadableFile(app.db, request.query.uid, await readerOf(request, signer, request.query.uid, request.query));
    if (!f) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    return sendStoredFile(app.storage, request, reply, f, true);
  });

  r.get('/api/folder/resource/file/vod/:id', { schema: { params: MediaParams, querystring: MediaQuery, response: Bytes } }, async (request, reply) => {
    const f = await findReadableFile(app.db, request.params.id, await readerOf(request, signer, request.params.id, request.query));
    if (!f) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    return sendStoredFile(app.storage, request, reply, f, false);
  });
}
