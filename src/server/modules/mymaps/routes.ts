import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Nothing, Reply } from '../../../contract/common';
import { FileBytes } from '../../../contract/files';
import { MapVersionList, SavedVersion, ShownMapVersion } from '../../../contract/mindmaps';
import {
  CreateMapBody,
  CreatedMap,
  ImportMapBody,
  KeepOwnVersionBody,
  LinkMapBody,
  MapIdBody,
  MapIdQuery,
  OwnMapHits,
  OwnMapList,
  OwnMapListQuery,
  OwnVersionQuery,
  RenameMapBody,
  SaveOwnMapBody,
  SearchQuery,
  ShownOwnMap,
} from '../../../contract/mymaps';
import { ApiError, ResultCode, badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type WritePolicy } from '../../http/write-policy';
import { contentDisposition } from '../files/file-types';
import { MAX_DOCUMENT_BYTES, parseDocument, type KmDocument } from '../mindmaps/document';
import { exportAllZip } from './export-all';
import { factsOf, getDocument, getEntry, insertMap, listMaps, NOT_FOUND_MSG, purgeExpired, purgeMap, searchMaps, setDeleted, setLink, usageOf } from './store';
import { templateDocument } from './templates';
import { ownMapAccess, ownMapOwner } from '../sharing/members';
import { getOwnVersion, keepOwnVersion, listOwnVersions, saveOwnMap, STALE_MSG } from './versions';

/** Own maps are kept work: the experience account tries the editor but keeps nothing (SPEC §6). */
const ownWrite: WritePolicy = { experience: 'refuse' };

/** 我的导图 (issue 33): a student's own maps. Every query is scoped by the signed-in student (store.ts). */
export async function myMapsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/mymaps/list', { schema: { querystring: OwnMapListQuery, response: Reply(OwnMapList) } }, async (request) => {
    const studentId = studentIdOf(request);
    await purgeExpired(app.db, studentId);
    const [maps, usage] = await Promise.all([listMaps(app.db, studentId, request.query.trash === 1), usageOf(app.db, studentId)]);
    return ok({ maps, usage });
  });

  r.get('/api/mymaps/search', { schema: { querystring: SearchQuery, response: Reply(OwnMapHits) } }, async (request) =>
    ok({ hits: await searchMaps(app.db, studentIdOf(request), request.query.q) }),
  );

  // The document goes out as stored (opaque in the schema, as showMind's).
  r.get('/api/mymaps/show', { schema: { querystring: MapIdQuery, response: Reply(ShownOwnMap) } }, async (request) => {
    // the owner's, or a map shared with the student (sharing/members.ts)
    const { ownerId, ownerName, access } = await ownMapAccess(app.db, studentIdOf(request), request.query.mapId);
    const entry = await getEntry(app.db, ownerId, request.query.mapId);
    const { document, version } = await getDocument(app.db, ownerId, request.query.mapId);
    return ok({ ...entry, version, document: JSON.parse(document) as KmDocument, access, ownerId, ownerName });
  });

  r.post('/api/mymaps/create', { schema: { body: CreateMapBody, response: Reply(CreatedMap) }, config: { write: ownWrite } }, async (request) => {
    const { doc, text } = templateDocument(request.body.template, request.body.title?.trim() || undefined);
    return ok({ mapId: await insertMap(app.db, studentIdOf(request), text, factsOf(doc, text)), version: 1 });
  });

  // 导入 / 批量导入: a file the client decoded becomes a new map, checked as a save is (shape,
  // size) and within the limits in the insert's own transaction (insertMap): all or nothing per file.
  r.post(
    '/api/mymaps/import',
    { schema: { body: ImportMapBody, response: Reply(CreatedMap) }, config: { write: ownWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 },
    async (request) => {
      const { doc, text } = parseDocument(request.body.document);
      return ok({ mapId: await insertMap(app.db, studentIdOf(request), text, factsOf(doc, text)), version: 1 });
    },
  );

  r.post(
    '/api/mymaps/save',
    { schema: { body: SaveOwnMapBody, response: Reply(SavedVersion) }, config: { write: ownWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 },
    async (request) => {
      // an editing member saves the owner's map (the owner's limits apply)
      const studentId = await ownMapOwner(app.db, studentIdOf(request), request.body.mapId, true);
      const { mapId, version } = request.body;
      const { doc, text } = parseDocument(request.body.document);
      const saved = await saveOwnMap(app.db, studentId, mapId, version, text, factsOf(doc, text));
      if (saved === undefined) {
        const latest = await getDocument(app.db, studentId, mapId);
        throw new ApiError(ResultCode.conflict, STALE_MSG, { version: latest.version });
      }
      return ok({ version: saved });
    },
  );

  // The title is the root topic's text: renaming saves the map with a new root text (a new version),
  // so the list, the editor and an export never disagree on a map's name.
  r.post('/api/mymaps/rename', { schema: { body: RenameMapBody, response: Reply(SavedVersion) }, config: { write: ownWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const { mapId } = request.body;
    const title = request.body.title.trim();
    if (!title) throw badRequest('请输入导图名称');
    const stored = await getDocument(app.db, studentId, mapId);
    const raw = JSON.parse(stored.document) as KmDocument;
    raw.root.data.text = title;
    const { doc, text } = parseDocument(raw);
    const saved = await saveOwnMap(app.db, studentId, mapId, stored.version, text, factsOf(doc, text));
    if (saved === undefined) throw new ApiError(ResultCode.conflict, STALE_MSG, { version: (await getDocument(app.db, studentId, mapId)).version });
    return ok({ version: saved });
  });

  r.post('/api/mymaps/duplicate', { schema: { body: MapIdBody, response: Reply(CreatedMap) }, config: { write: ownWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const entry = await getEntry(app.db, studentId, request.body.mapId);
    const raw = JSON.parse((await getDocument(app.db, studentId, request.body.mapId)).document) as KmDocument;
    raw.root.data.text = `${entry.title}（副本）`.slice(0, 200);
    const { doc, text } = parseDocument(raw);
    const mapId = await insertMap(app.db, studentId, text, factsOf(doc, text), { case_id: entry.caseId || null, course_id: entry.courseId || null });
    return ok({ mapId, version: 1 });
  });

  r.post('/api/mymaps/delete', { schema: { body: MapIdBody, response: Reply(Nothing) }, config: { write: ownWrite } }, async (request) => {
    if (!(await setDeleted(app.db, studentIdOf(request), request.body.mapId, true))) throw notFound(NOT_FOUND_MSG);
    return ok(null);
  });

  r.post('/api/mymaps/restore', { schema: { body: MapIdBody, response: Reply(Nothing) }, config: { write: ownWrite } }, async (request) => {
    if (!(await setDeleted(app.db, studentIdOf(request), request.body.mapId, false))) throw notFound('回收站里没有这张导图');
    return ok(null);
  });

  r.post('/api/mymaps/purge', { schema: { body: MapIdBody, response: Reply(Nothing) }, config: { write: ownWrite } }, async (request) => {
    if (!(await purgeMap(app.db, studentIdOf(request), request.body.mapId))) throw notFound('回收站里没有这张导图');
    return ok(null);
  });

  // A link to a case needs an active application to it (caseInBody); a course link, a course that exists.
  r.post(
    '/api/mymaps/link',
    { schema: { body: LinkMapBody, response: Reply(Nothing) }, config: { write: { ...ownWrite, caseOf: caseInBody } } },
    async (request) => {
      const { mapId, caseId, courseId } = request.body;
      if (caseId && courseId) throw badRequest('一张导图只能关联一门课程或一个案例');
      if (courseId && !(await app.db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst())) throw notFound('课程不存在');
      if (!(await setLink(app.db, studentIdOf(request), mapId, { case_id: caseId ?? null, course_id: courseId ?? null }))) throw notFound(NOT_FOUND_MSG);
      return ok(null);
    },
  );

  r.get('/api/mymaps/versions', { schema: { querystring: MapIdQuery, response: Reply(MapVersionList) } }, async (request) =>
    ok(await listOwnVersions(app.db, await ownMapOwner(app.db, studentIdOf(request), request.query.mapId), request.query.mapId)),
  );

  r.get('/api/mymaps/version', { schema: { querystring: OwnVersionQuery, response: Reply(ShownMapVersion) } }, async (request) =>
    ok(await getOwnVersion(app.db, await ownMapOwner(app.db, studentIdOf(request), request.query.mapId), request.query.mapId, request.query.versionId)),
  );

  r.post('/api/mymaps/keepVersion', { schema: { body: KeepOwnVersionBody, response: Reply(SavedVersion) }, config: { write: ownWrite } }, async (request) =>
    ok({
      version: await keepOwnVersion(
        app.db,
        await ownMapOwner(app.db, studentIdOf(request), request.body.mapId, true),
        request.body.mapId,
        request.body.version,
      ),
    }),
  );

  // 导出全部: plain HTTP (a download), streamed as it is built (export-all.ts).
  r.get('/api/mymaps/exportAll', { schema: { response: { 200: FileBytes } } }, async (request, reply) => {
    const stream = exportAllZip(app.db, studentIdOf(request));
    stream.on('error', (e) => request.log.error(e, 'export of own maps failed'));
    return reply
      .type('application/zip')
      .header('Content-Disposition', contentDisposition('attachment', '我的导图.zip'))
      .header('Cache-Control', 'no-store')
      .send(stream);
  });
}
