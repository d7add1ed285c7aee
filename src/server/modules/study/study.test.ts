import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL } from '../../../../tests/server/helpers';
import { sql, type Kysely } from 'kysely';
import { up as studyRecordKey } from '../../db/migrations/2026-11-27-f1-study-record-key';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, post, tokens } = t;
const nodeOf = async (id: string) =>
  (await t.database.db.selectFrom('study_resources').select('node_id').where('id', '=', id).executeTakeFirstOrThrow()).node_id;

describe('study records', () => {
  it('querLastRecord answers the SPEC §3 last-record fields, for oneself only', async () => {
    const body = await get(tokens.normal, '/api/course/studyRecord/querLastRecord?userId=stu-0001');
    expect(body.data).toMatchObject({
      isType: 0,
      name: '校园二手交易平台',
      nodeName: '原型设计',
      fileSuffixCode: 3,
      isStudy: 2,
      videoId: 'file-lesson-video',
      fileName: expect.stringContaining('.webm'),
    });
    for (const k of ['nodeId', 'uuid', 'fileId', 'fileUrl', 'duration', 'recommendUrl']) expect(body.data).toHaveProperty(k);
    // the graduated student's seeded last record is a course section that is an external link
    expect((await get(tokens.graduated, '/api/course/studyRecord/querLastRecord')).data).toMatchObject({
      isType: 1,
      courseId: 'course-08',
      nodeName: '3.3 事务与并发',
      recommendUrl: expect.stringMatching(/^https:/),
      isStudy: 1,
    });
    expect((await get(tokens.normal, '/api/course/studyRecord/querLastRecord?userId=stu-0003')).resultCode).toBe(403);
    expect((await get(null, '/api/course/studyRecord/querLastRecord?userId=stu-0001')).resultCode).toBe(40101);
  });

  it('addRecord with the SPEC payload marks a link learnt at once and becomes the last record', async () => {
    const payload = { resourceId: 'case-01-r07', nodeId: await nodeOf('case-01-r07'), fileSuffix: '2', studentId: 'stu-0001', isStudy: '1', caseId: 'case-01' };
    const res = await post(tokens.normal, '/api/course/studyRecord/addRecord', payload);
    expect(res).toMatchObject({ resultCode: 200, data: { isStudy: 1 } });
    expect((await get(tokens.normal, '/api/course/studyRecord/querLastRecord')).data).toMatchObject({ isType: 0, resourceId: 'case-01-r07' });
    expect((await post(tokens.normal, '/api/course/studyRecord/addRecord', { ...payload, studentId: 'stu-0003' })).resultCode).toBe(403);
    expect((await post(tokens.graduated, '/api/course/studyRecord/addRecord', { ...payload, studentId: undefined })).resultCode).toBe(403);
    expect((await post(tokens.normal, '/api/course/studyRecord/addRecord', { nodeId: 1 })).resultCode).toBe(400);
  });

  it('addRecord refuses a resourceId that is not a resource of that node of that case, and writes nothing', async () => {
    const rows = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('study_records')
            .select((e) => e.fn.countAll<string>().as('n'))
            .where('student_id', '=', 'stu-0001')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const node = await nodeOf('case-01-r06');
    const otherNode = await nodeOf('case-01-r03');
    expect(otherNode).not.toBe(node);
    const before = await rows();
    const last = (await get(tokens.normal, '/api/course/studyRecord/querLastRecord')).data;
    for (const url of ['/api/course/caseRecord/addRecord', '/api/course/studyRecord/addRecord']) {
      for (const resourceId of ['does-not-exist', 'case-05-r00', 'case-01-r03']) {
        const res = await post(tokens.normal, url, { caseId: 'case-01', nodeId: node, resourceId, isStudy: '1' });
        expect(res, `${url} ${resourceId}`).toMatchObject({ resultCode: 404, errMsg: '资源不存在' });
      }
    }
    expect(await rows()).toBe(before);
    expect((await get(tokens.normal, '/api/course/studyRecord/querLastRecord')).data).toEqual(last);
    // the node's own resource is recorded; a tick by hand on that node is refused while it is not complete
    expect(
      (await post(tokens.normal, '/api/course/caseRecord/addRecord', { caseId: 'case-01', nodeId: node, resourceId: 'case-01-r06', isStudy: '1' })).resultCode,
    ).toBe(200);
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', { caseId: 'case-01', nodeId: node, isStudy: '1' })).resultCode).toBe(400);
  });

  it('a case video is never learnt by a claim, however long ago it was opened (coverage decides)', async () => {
    const payload = { caseId: 'case-04', nodeId: await nodeOf('case-04-r03'), resourceId: 'case-04-r03', isStudy: '1' };
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', payload)).data.isStudy).toBe(2);
    await t.database.db
      .updateTable('case_records')
      .set({ created_at: new Date(Date.now() - 3600_000) })
      .where('resource_id', '=', 'case-04-r03')
      .execute();
    await t.database.db
      .updateTable('study_records')
      .set({ updated_at: new Date(Date.now() - 3600_000) })
      .where('resource_id', '=', 'case-04-r03')
      .execute();
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', payload)).data.isStudy).toBe(2);
  });

  it('getResourceByUUId serves a resource, refusing graduated students', async () => {
    const body = await get(tokens.normal, '/api/course/studyResourceFile/getResourceByUUId?uuid=case-01-r04');
    expect(body.data).toMatchObject({ uuid: 'case-01-r04', fileSuffixCode: 4, fileUrl: '/api/folder/resource/file/vod/file-demo-pdf' });
    expect(await get(tokens.graduated, '/api/course/studyResourceFile/getResourceByUUId?uuid=case-01-r04')).toMatchObject({
      resultCode: 403,
      errMsg: '您已结业，无法进入学习',
    });
    expect((await get(tokens.normal, '/api/course/studyResourceFile/getResourceByUUId?uuid=nope')).resultCode).toBe(404);
    const list = await get(tokens.normal, '/api/course/studyResourceFile/getResourceByNodeId?caseId=case-01&nodeId=case-01-n002');
    expect(list.data[0]).toMatchObject({ fileSuffixCode: 0 });
  });

  it('saveUserRecord/selectLearnLocation keep where a case video stopped, per student, covered like course videos', async () => {
    const save = (tok: string, body: object) => post(tok, '/api/course/userModelRecord/saveUserRecord', body);
    const where = (tok: string, q: string) => get(tok, `/api/course/userModelRecord/selectLearnLocation?${q}`);
    const video = { caseId: 'case-04', nodeId: await nodeOf('case-04-r03'), resourceId: 'case-04-r03' };
    expect((await where(tokens.normal, 'caseId=case-04&resourceId=case-04-r03')).data).toBeNull();
    const saved = await save(tokens.normal, { ...video, position: 12.7, watched: 3600 });
    expect(saved).toMatchObject({ resultCode: 200, data: { ...video, position: 12 } });
    expect(saved.data.watched).toBe(0); // a claim covers nothing: only played segments do
    expect((await where(tokens.normal, 'caseId=case-04&resourceId=case-04-r03')).data).toMatchObject({ ...video, position: 12 });
    // Beyond the end is the end (the 30 s clip); another student has no position of their own.
    expect((await save(tokens.normal, { ...video, position: 999 })).data.position).toBe(30);
    expect((await where(tokens.graduated, 'caseId=case-04&resourceId=case-04-r03')).data).toBeNull();

    expect((await save(tokens.normal, { ...video, nodeId: await nodeOf('case-04-r00'), position: 1 })).resultCode).toBe(404); // not this resource's node
    expect((await save(tokens.normal, { ...video, resourceId: 'case-04-r00', nodeId: await nodeOf('case-04-r00'), position: 1 })).resultCode).toBe(404); // text, not a video
    expect((await save(tokens.normal, { ...video, caseId: 'case-01', position: 1 })).resultCode).toBe(404); // another case's resource
    expect((await save(tokens.normal, { nodeId: video.nodeId, position: 1 })).resultCode).toBe(400);
    expect((await where(tokens.normal, 'resourceId=case-04-r03')).resultCode).toBe(400);
    expect((await save(tokens.graduated, { caseId: 'case-01', nodeId: await nodeOf('case-01-r03'), resourceId: 'case-01-r03', position: 1 })).resultCode).toBe(
      403,
    );
    expect((await where(tokens.graduated, 'caseId=case-01&resourceId=case-01-r03')).resultCode).toBe(403);
  });

  it('keeps one study record per key: the migration merges old duplicates and the key refuses new ones', async () => {
    const db = t.database.db;
    await sql`alter table study_records drop constraint study_records_key`.execute(db);
    const key = { student_id: 'stu-0003', is_type: 0, target_id: 'case-02', node_id: 'dup-node', resource_id: 'dup-res' };
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db
      .insertInto('study_records')
      .values([
        { ...key, id: 'dup-a', is_study: 1, updated_at: at(30) },
        { ...key, id: 'dup-b', is_study: 2, updated_at: at(1) },
        { ...key, id: 'dup-c', is_study: 2, updated_at: at(10) },
        { ...key, id: 'dup-d', node_id: 'other-node', is_study: 2, updated_at: at(5) },
      ])
      .execute();
    await studyRecordKey(db as unknown as Kysely<unknown>);
    const rows = await db.selectFrom('study_records').select(['id', 'node_id', 'is_study']).where('resource_id', '=', 'dup-res').orderBy('id').execute();
    // the latest copy stays, learnt because one copy was; the other key is untouched
    expect(rows).toEqual([
      { id: 'dup-b', node_id: 'dup-node', is_study: 1 },
      { id: 'dup-d', node_id: 'other-node', is_study: 2 },
    ]);
    await expect(
      db
        .insertInto('study_records')
        .values({ ...key, id: 'dup-e', is_study: 2, updated_at: new Date() })
        .execute(),
    ).rejects.toThrow();
  });
});
