import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, NORMAL } from '../../../../tests/server/helpers';
import { MAX_OWN_BYTES, MAX_OWN_MAPS } from '../../../contract/mymaps';
import { EXPERIENCE_MSG } from '../cases/access';
import { NOT_APPLIED_MSG } from '../cases/access';
import { VERSION_WINDOW_MS } from '../mindmaps/versions';
import { BYTES_LIMIT_MSG, COUNT_LIMIT_MSG } from './store';

// 我的导图 (issue 33 item 1 and 4): create from templates, the optimistic save with versions,
// rename, duplicate, 回收站 (30 days), search by topic text, links, limits, 导出全部.

const t = useTestApp({ normal: NORMAL, experience: EXPERIENCE });
const A = 'stu-0001';
type Entry = { mapId: string; title: string; updateTime: string; deleteTime: string; nodeCount: number; courseName: string; caseName: string };
const list = async (trash = false) =>
  (await t.get(t.tokens.normal, `/api/mymaps/list${trash ? '?trash=1' : ''}`)).data as { maps: Entry[]; usage: Record<string, number> };
const create = async (template: string, title?: string) =>
  (await t.post(t.tokens.normal, '/api/mymaps/create', { template, ...(title ? { title } : {}) })).data.mapId as string;
const show = async (mapId: string) => (await t.get(t.tokens.normal, `/api/mymaps/show?mapId=${mapId}`)).data;
const doc = (title: string, topics: string[]) => ({
  root: { data: { id: 'r', text: title }, children: topics.map((text, i) => ({ data: { id: `t${i}`, text }, children: [] })) },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

describe('我的导图', () => {
  it('lists the demo student’s seeded maps, last edited first, with a linked course named', async () => {
    const { maps, usage } = await list();
    expect(maps.map((m) => m.title)).toEqual(['期末复习提纲', '课程笔记：Python 第一周']);
    expect(maps[1].courseName).toBe('Python程序设计基础');
    expect(usage).toMatchObject({ maps: 2, maxMaps: MAX_OWN_MAPS, maxBytes: MAX_OWN_BYTES, trashDays: 30 });
  });

  it('creates a blank map and the three study templates, in Chinese and within the editor’s 4 levels', async () => {
    const blank = await show(await create('blank'));
    // a name the student recognises in the list (not the placeholder 中心主题), renamed like any other
    expect([blank.title, blank.document.root.data.text]).toEqual(['未命名导图', '未命名导图']);
    expect(blank.version).toBe(1);
    for (const [key, title] of [
      ['notes', '课程笔记'],
      ['review', '复习提纲'],
      ['project', '项目分解'],
    ]) {
      const m = await show(await create(key));
      expect(m.title).toBe(title);
      expect(m.nodeCount).toBeGreaterThan(10);
      const depth = (n: { children?: unknown[] }, d = 1): number =>
        Math.max(d, ...((n.children ?? []) as { children?: unknown[] }[]).map((c) => depth(c, d + 1)));
      expect(depth(m.document.root)).toBeLessThanOrEqual(4);
    }
    const named = await show(await create('review', '高数期末'));
    expect(named.document.root.data.text).toBe('高数期末');
  });

  it('saves over the version it was edited from; a stale save is 409 and stores nothing; a save after the window keeps a version', async () => {
    const mapId = await create('blank', '保存测试');
    const saved = await t.post(t.tokens.normal, '/api/mymaps/save', { mapId, version: 1, document: doc('保存测试', ['第一点']) });
    expect(saved).toMatchObject({ resultCode: 200, data: { version: 2 } });
    const stale = await t.post(t.tokens.normal, '/api/mymaps/save', { mapId, version: 1, document: doc('保存测试', ['旧页面']) });
    expect(stale).toMatchObject({ resultCode: 409, data: { version: 2 } });
    expect((await show(mapId)).document.root.children[0].data.text).toBe('第一点');
    // Within the window no version is added; after it, the replaced state is kept.
    expect((await t.get(t.tokens.normal, `/api/mymaps/versions?mapId=${mapId}`)).data.versions).toHaveLength(1);
    await t.database.db
      .updateTable('own_maps')
      .set({ version_started_at: new Date(Date.now() - VERSION_WINDOW_MS - 1000) })
      .where('id', '=', mapId)
      .execute();
    await t.post(t.tokens.normal, '/api/mymaps/save', { mapId, version: 2, document: doc('保存测试', ['第一点', '第二点']) });
    const versions = (await t.get(t.tokens.normal, `/api/mymaps/versions?mapId=${mapId}`)).data.versions as {
      id: number;
      mapVersion: number;
      current: number;
    }[];
    expect(versions.map((v) => [v.mapVersion, v.current])).toEqual([
      [3, 1],
      [2, 0],
    ]);
    const old = await t.get(t.tokens.normal, `/api/mymaps/version?mapId=${mapId}&versionId=${versions[1].id}`);
    expect(old.data.document.root.children.map((c: { data: { text: string } }) => c.data.text)).toEqual(['第一点']);
    expect(await t.post(t.tokens.normal, '/api/mymaps/keepVersion', { mapId, version: 3 })).toMatchObject({ resultCode: 200, data: { version: 3 } });
    expect(await t.post(t.tokens.normal, '/api/mymaps/keepVersion', { mapId, version: 2 })).toMatchObject({ resultCode: 409 });
  });

  it('rename sets the root topic (a new version); duplicate copies with （副本）', async () => {
    const mapId = await create('notes');
    expect(await t.post(t.tokens.normal, '/api/mymaps/rename', { mapId, title: '  线性代数笔记 ' })).toMatchObject({ resultCode: 200, data: { version: 2 } });
    const renamed = await show(mapId);
    expect([renamed.title, renamed.document.root.data.text]).toEqual(['线性代数笔记', '线性代数笔记']);
    const copy = (await t.post(t.tokens.normal, '/api/mymaps/duplicate', { mapId })).data.mapId as string;
    const shown = await show(copy);
    expect(shown.title).toBe('线性代数笔记（副本）');
    expect(shown.nodeCount).toBe(renamed.nodeCount);
    expect((await list()).maps[0].mapId).toBe(copy);
  });

  it('delete moves to 回收站, restore brings back, purge only from 回收站; 30 days later it is gone', async () => {
    const mapId = await create('blank', '回收站测试');
    expect((await t.post(t.tokens.normal, '/api/mymaps/delete', { mapId })).resultCode).toBe(200);
    expect((await list()).maps.some((m) => m.mapId === mapId)).toBe(false);
    expect((await list(true)).maps.find((m) => m.mapId === mapId)?.deleteTime).not.toBe('');
    expect((await t.get(t.tokens.normal, `/api/mymaps/show?mapId=${mapId}`)).resultCode).toBe(404);
    expect((await t.post(t.tokens.normal, '/api/mymaps/restore', { mapId })).resultCode).toBe(200);
    expect((await list()).maps.some((m) => m.mapId === mapId)).toBe(true);
    expect((await t.post(t.tokens.normal, '/api/mymaps/purge', { mapId })).resultCode).toBe(404);
    await t.post(t.tokens.normal, '/api/mymaps/delete', { mapId });
    await t.database.db
      .updateTable('own_maps')
      .set({ deleted_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where('id', '=', mapId)
      .execute();
    expect((await list(true)).maps.some((m) => m.mapId === mapId)).toBe(false);
    expect(await t.database.db.selectFrom('own_maps').select('id').where('id', '=', mapId).executeTakeFirst()).toBeUndefined();
  });

  it('searches titles and topic texts of live maps, case-insensitive, with % and _ taken literally', async () => {
    const mapId = await create('blank', '搜索测试');
    await t.post(t.tokens.normal, '/api/mymaps/save', { mapId, version: 1, document: doc('搜索测试', ['Fourier 变换', '100% 掌握', 'a_b']) });
    const hits = async (q: string) =>
      (await t.get(t.tokens.normal, `/api/mymaps/search?q=${encodeURIComponent(q)}`)).data.hits as (Entry & { topics: string[] })[];
    expect((await hits('fourier')).map((h) => [h.title, h.topics])).toEqual([['搜索测试', ['Fourier 变换']]]);
    expect((await hits('第三范式')).map((h) => h.title)).toEqual(['期末复习提纲']);
    expect((await hits('100%')).map((h) => h.topics)).toEqual([['100% 掌握']]);
    expect(await hits('0% 掌')).toHaveLength(1);
    expect(await hits('a%b')).toHaveLength(0);
    expect((await hits('搜索测试')).map((h) => h.topics)).toEqual([[]]);
    await t.post(t.tokens.normal, '/api/mymaps/delete', { mapId });
    expect(await hits('fourier')).toHaveLength(0);
  });

  it('links to a course, or to a case the student studies; not both', async () => {
    const mapId = await create('blank', '关联测试');
    expect((await t.post(t.tokens.normal, '/api/mymaps/link', { mapId, courseId: 'course-02' })).resultCode).toBe(200);
    expect((await show(mapId)).courseName).toBe('C语言程序设计');
    expect(await t.post(t.tokens.normal, '/api/mymaps/link', { mapId, courseId: 'no-such' })).toMatchObject({ resultCode: 404, errMsg: '课程不存在' });
    const applied = await t.database.db
      .selectFrom('case_applications')
      .select('case_id')
      .where('student_id', '=', A)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await t.post(t.tokens.normal, '/api/mymaps/link', { mapId, caseId: applied.case_id })).resultCode).toBe(200);
    expect((await show(mapId)).caseId).toBe(applied.case_id);
    const other = await t.database.db
      .selectFrom('cases')
      .select('id')
      .where('id', 'not in', t.database.db.selectFrom('case_applications').select('case_id').where('student_id', '=', A))
      .executeTakeFirstOrThrow();
    expect(await t.post(t.tokens.normal, '/api/mymaps/link', { mapId, caseId: other.id })).toMatchObject({ resultCode: 403, errMsg: NOT_APPLIED_MSG });
    expect((await t.post(t.tokens.normal, '/api/mymaps/link', { mapId, caseId: applied.case_id, courseId: 'course-02' })).resultCode).toBe(400);
    expect((await t.post(t.tokens.normal, '/api/mymaps/link', { mapId })).resultCode).toBe(200);
    expect((await show(mapId)).caseId).toBe('');
  });

  it('refuses past the limits with the reason in Chinese, the trash counted', async () => {
    const { usage } = await list();
    const db = t.database.db;
    const filler = Array.from({ length: MAX_OWN_MAPS - usage.maps }, (_, i) => ({
      id: `fill-${i}`,
      student_id: A,
      title: '占位',
      document: '{}',
      search_text: '占位',
      search_key: '占位',
      version: 1,
      node_count: 1,
      bytes: 2,
      deleted_at: new Date(),
    }));
    await db.insertInto('own_maps').values(filler).execute();
    expect(await t.post(t.tokens.normal, '/api/mymaps/create', { template: 'blank' })).toMatchObject({ resultCode: 400, errMsg: COUNT_LIMIT_MSG });
    await db.deleteFrom('own_maps').where('id', 'like', 'fill-%').execute();
    const [first] = (await list()).maps;
    await db
      .updateTable('own_maps')
      .set({ bytes: MAX_OWN_BYTES })
      .where('id', '=', (await list()).maps[1].mapId)
      .execute();
    const v = (await show(first.mapId)).version;
    expect(await t.post(t.tokens.normal, '/api/mymaps/save', { mapId: first.mapId, version: v, document: doc('太大了', ['x']) })).toMatchObject({
      resultCode: 400,
      errMsg: BYTES_LIMIT_MSG,
    });
    await db.updateTable('own_maps').set({ bytes: 100 }).where('bytes', '=', MAX_OWN_BYTES).execute();
  });

  it('导出全部: one zip with a .km and a .xmind per live map, names distinct', async () => {
    await create('blank', '同名');
    await create('blank', '同名');
    const res = await t.app.inject({ method: 'GET', url: '/api/mymaps/exportAll', headers: { authorization: t.tokens.normal } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names).toEqual(expect.arrayContaining(['同名.km', '同名.xmind', '同名 (2).km', '同名 (2).xmind', '期末复习提纲.km', '期末复习提纲.xmind']));
    expect(names).toHaveLength((await list()).maps.length * 2);
    expect(JSON.parse(strFromU8(files['期末复习提纲.km'])).root.data.text).toBe('期末复习提纲');
    expect(Object.keys(unzipSync(files['期末复习提纲.xmind']))).toContain('content.json');
  });

  it('the experience account keeps nothing', async () => {
    expect(await t.post(t.tokens.experience, '/api/mymaps/create', { template: 'blank' })).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
    expect((await t.get(t.tokens.experience, '/api/mymaps/list')).data.maps).toEqual([]);
  });
});
