import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ReloadNeeded, SavedChanges } from '../../../contract/map-changes';
import { changesJsonOf } from '../mindmaps/changes';
import { ownRef } from '../mindmaps/map-log';
import { saveOwnChangesAs } from './changes';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Nothing, Reply } from '../../../contract/common';
import { FileBytes } from '../../../contract/files';
import { MapVersionList, SavedVersion, ShownMapVersion, type StaleSave } from '../../../contract/mindmaps';
import { staleOf } from '../mindmaps/maps';
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
  OwnChangesQuery,
  SaveOwnChangesBody,
  OwnVersionQuery,
  RenameMapBody,
  SaveOwnMapBody,
  SearchQuery,
  ShownOwnMap,
} from '../../../contract/mymaps';
import { ApiError, ResultCode, badRequest, notFound, ok, okJson } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { caseInBody, type WritePolicy } from '../../http/write-policy';
import { contentDisposition } from '../files/file-types';
import { MAX_DOCUMENT_BYTES, parseDocument } from '../mindmaps/document';
import { exportAllZip } from './export-all';
import { factsOf, getDocument, getEntry, insertMap, listMaps, NOT_FOUND_MSG, purgeExpired, purgeMap, searchMaps, setDeleted, setLink, usageOf } from './store';
import { templateDocument } from './templates';
import { ownMapAccess, ownMapOwner } from '../sharing/members';
import { getOwnVersion, keepOwnVersion, listOwnVersions, saveOwnMap, STALE_MSG } from './versions';

/** Own maps are kept work: the experience account tries the editor but keeps nothing (SPEC §6). */
const ownWrite: WritePolicy = { experience: 'refuse' };

/** The sets after a version, or the 409 that asks the tab to load the map whole (its envelope's data). */
const ChangesReply = Reply(Type.Union([SavedChanges, ReloadNeeded]));

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
    // the head: the snapshot with the change sets after it (mindmaps/head.ts)
    const { document, version, wholeSaveId } = await getDocument(app.db, ownerId, request.query.mapId, app.mapHeads);
    return ok({ ...entry, version, document, access, ownerId, ownerName, ...(wholeSaveId ? { wholeSaveId } : {}) });
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
      const saved = await saveOwnMap(app.db, studentId, mapId, version, text, factsOf(doc, text), app.mapHeads, new Date(), request.body.saveId);
      if (saved === undefined) throw new ApiError(ResultCode.conflict, STALE_MSG, await staleAnswer(studentId, mapId));
      await wholeSaved(studentId, mapId, saved, request.log);
      return ok({ version: saved });
    },
  );

  // Change sets (issue 30, mymaps/changes.ts): a save that costs what the edit costs, from the
  // owner or an editing member; the answer is JSON text with the stored sets spliced in.
  r.post(
    '/api/mymaps/saveChanges',
    { schema: { body: SaveOwnChangesBody, response: ChangesReply }, config: { write: ownWrite }, bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024 },
    async (request, reply) => {
      const studentId = studentIdOf(request);
      const { mapId } = request.body;
      const { ownerId, json } = await saveOwnChangesAs(app.db, app.mapHeads, studentId, mapId, request.body);
      // the sets are stored: a bus that fails (Redis down) only delays the others, who catch up from the log
      await app.live
        .announce({ kind: 'own', ownerId, ref: mapId }, json, new Set(request.body.sets.map((s) => s.id)), studentId)
        .catch((e: unknown) => request.log.warn(e, 'live bus'));
      return reply.type('application/json; charset=utf-8').send(okJson(json) as never);
    },
  );

  // The sets another tab, device or member saved since `since` (the owner's or a member's read).
  r.get('/api/mymaps/changes', { schema: { querystring: OwnChangesQuery, response: ChangesReply } }, async (request, reply) => {
    const ownerId = await ownMapOwner(app.db, studentIdOf(request), request.query.mapId);
    const json = await changesJsonOf(app.db, ownRef(ownerId, request.query.mapId), request.query.since);
    return reply.type('application/json; charset=utf-8').send(okJson(json) as never);
  });

  async function currentVersion(studentId: string, mapId: string): Promise<number> {
    const row = await app.db.selectFrom('own_maps').select('version').where('student_id', '=', studentId).where('id', '=', mapId).executeTakeFirst();
    return row?.version ?? 0;
  }

  /** A stale whole save's 409 data: the version now, with the id of the whole save that made it (staleOf). */
  async function staleAnswer(studentId: string, mapId: string): Promise<StaleSave> {
    const row = await app.db
      .selectFrom('own_maps')
      .select(['version', 'whole_save_id', 'whole_save_version'])
      .where('student_id', '=', studentId)
      .where('id', '=', mapId)
      .executeTakeFirst();
    return staleOf(row);
  }

  /** After a whole save: the map's open sockets load it again (a bus that fails only delays them). */
  async function wholeSaved(ownerId: string, mapId: string, version: number, log: FastifyBaseLogger): Promise<void> {
    await app.live.announceWhole({ kind: 'own', ownerId, ref: mapId }, version).catch((e: unknown) => log.warn(e, 'live bus'));
  }

  // The title is the root topic's text: renaming saves the map with a new root text (a new version),
  // so the list, the editor and an export never disagree on a map's name.
  r.post('/api/mymaps/rename', { schema: { body: RenameMapBody, response: Reply(SavedVersion) }, config: { write: ownWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const { mapId } = request.body;
    const title = request.body.title.trim();
    if (!title) throw badRequest('请输入导图名称');
    const stored = await getDocument(app.db, studentId, mapId, app.mapHeads);
    const raw = stored.document;
    raw.root.data.text = title;
    const { doc, text } = parseDocument(raw);
    const saved = await saveOwnMap(app.db, studentId, mapId, stored.version, text, factsOf(doc, text), app.mapHeads);
    if (saved === undefined) throw new ApiError(ResultCode.conflict, STALE_MSG, { version: await currentVersion(studentId, mapId) });
    await wholeSaved(studentId, mapId, saved, request.log);
    return ok({ version: saved });
  });

  r.post('/api/mymaps/duplicate', { schema: { body: MapIdBody, response: Reply(CreatedMap) }, config: { write: ownWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    const entry = await getEntry(app.db, studentId, request.body.mapId);
    const raw = (await getDocument(app.db, studentId, request.body.mapId, app.mapHeads)).document;
    raw.root.data.text = `${entry.title}（副本）`.slice(0, 200);
    const { doc, text } = parseDocument(raw);
    const mapId = await insertMap(app.db, studentId, text, factsOf(doc, text), { case_id: entry.caseId || null, course_id: entry.courseId || null });
    return ok({ mapId, version: 1 });
  });

  r.post('/api/mymaps/delete', { schema: { body: MapIdBody, response: Reply(Nothing) }, config: { write: ownWrite } }, async (request) => {
    const studentId = studentIdOf(request);
    if (!(await setDeleted(app.db, studentId, request.body.mapId, true))) throw notFound(NOT_FOUND_MSG);
    // in 回收站: its open pages (the owner's other tabs, the members') close their socket
    await app.live.announceDeleted({ kind: 'own', ownerId: studentId, ref: request.body.mapId }).catch((e: unknown) => request.log.warn(e, 'live bus'));
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
    ok(
      await getOwnVersion(
        app.db,
        await ownMapOwner(app.db, studentIdOf(request), request.query.mapId),
        request.query.mapId,
        request.query.versionId,
        app.mapHeads,
      ),
    ),
  );

  r.post('/api/mymaps/keepVersion', { schema: { body: KeepOwnVersionBody, response: Reply(SavedVersion) }, config: { write: ownWrite } }, async (request) =>
    ok({
      version: await keepOwnVersion(
        app.db,
        await ownMapOwner(app.db, studentIdOf(request), request.body.mapId, true),
        request.body.mapId,
        request.body.version,
        app.mapHeads,
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
