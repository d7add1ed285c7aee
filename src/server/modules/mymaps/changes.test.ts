import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { MAX_OWN_BYTES } from '../../../contract/mymaps';
import { SHARE_MSG } from '../../../contract/sharing';
import { RELOAD_MSG } from '../mindmaps/changes';
import { COMPACT_AFTER } from '../mindmaps/head';
import { ownRef } from '../mindmaps/map-log';
import { VERSION_WINDOW_MS } from '../mindmaps/versions';
import { BYTES_LIMIT_MSG, NOT_FOUND_MSG } from './store';

// 我的导图 saved by change sets (mymaps/changes.ts): the case maps' rule over own_maps and
// own_map_changes, with an own map's access (owner, 可编辑 member), limits, facts and versions.

const t = useTestApp({ a: NORMAL });
const A = 'stu-0001';
let b = '';
let c = '';
beforeAll(async () => {
  b = await addStudent(t, 'stu-own-b', '13700000401');
  c = await addStudent(t, 'stu-own-c', '13700000402');
  const db = t.database.db;
  await db.updateTable('students').set({ student_no: 'S2026401' }).where('id', '=', 'stu-own-b').execute();
  await db.updateTable('students').set({ student_no: 'S2026402' }).where('id', '=', 'stu-own-c').execute();
});

const DOC = (title = '复习') => ({
  root: { data: { id: 'r', text: title }, children: [{ data: { id: 't1', text: '极限' } }, { data: { id: 't2', text: '导数' } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});
/** A map of A's saved whole once (version 2), as the editor's first save does. */
async function newMap(title = '复习'): Promise<string> {
  const mapId = (await t.post(t.tokens.a, '/api/mymaps/create', { template: 'blank', title })).data.mapId as string;
  expect((await t.post(t.tokens.a, '/api/mymaps/save', { mapId, version: 1, document: DOC(title) })).data.version).toBe(2);
  return mapId;
}
const send = (mapId: string, base: number, sets: { id: string; changes: object[] }[], token = t.tokens.a) =>
  t.post(token, '/api/mymaps/saveChanges', { mapId, base, sets });
const rename = (id: string, before: string, after: string) => ({ op: 'set', id, key: 'text', before, after });
const show = async (mapId: string, token = t.tokens.a) => (await t.get(token, `/api/mymaps/show?mapId=${mapId}`)).data;
const row = (mapId: string) => t.database.db.selectFrom('own_maps').selectAll().where('id', '=', mapId).executeTakeFirstOrThrow();
const texts = (doc: { root: { data: { text: string }; children: { data: { text: string } }[] } }) => [
  doc.root.data.text,
  ...doc.root.children.map((n) => n.data.text),
];

describe('own maps saved by change sets', () => {
  it('applies a set to the head, logs it once by id, and keeps title and search right without rewriting the document', async () => {
    const mapId = await newMap();
    const sets = [{ id: 'tabA:1', changes: [rename('t1', '极限', '夹逼定理'), rename('r', '复习', '高数复习')] }];
    const first = await send(mapId, 2, sets);
    expect(first).toMatchObject({ resultCode: 200, data: { version: 3, sets: [{ id: 'tabA:1', version: 3 }] } });
    // the answer was lost: sent again on the same base, applied once
    expect((await send(mapId, 2, sets)).data).toEqual(first.data);
    const r = await row(mapId);
    expect([r.version, r.snapshot_version, r.log_from]).toEqual([3, 2, 2]);
    expect(JSON.parse(r.document).root.children[0].data.text).toBe('极限');
    expect([r.title, r.search_key.includes('夹逼定理')]).toEqual(['高数复习', true]);
    expect(texts((await show(mapId)).document)).toEqual(['高数复习', '夹逼定理', '导数']);
    const hits = (await t.get(t.tokens.a, `/api/mymaps/search?q=${encodeURIComponent('夹逼')}`)).data.hits;
    expect(hits.map((h: { mapId: string; topics: string[] }) => [h.mapId, h.topics])).toEqual([[mapId, ['夹逼定理']]]);
    expect((await t.get(t.tokens.a, `/api/mymaps/search?q=${encodeURIComponent('极限')}`)).data.hits).toEqual([]);
  });

  it('a new map’s log starts at its first version: sets on it apply, a base before it reloads', async () => {
    const mapId = (await t.post(t.tokens.a, '/api/mymaps/create', { template: 'notes' })).data.mapId as string;
    const r = await row(mapId);
    expect([r.version, r.snapshot_version, r.log_from]).toEqual([1, 1, 1]);
    expect((await send(mapId, 0, [{ id: 'tabA:1', changes: [] }])).data).toEqual({ version: 1, reload: 1 });
    const root = (await show(mapId)).document.root.data.id as string;
    expect((await send(mapId, 1, [{ id: 'tabA:2', changes: [rename(root, '课程笔记', '线代笔记')] }])).data.version).toBe(2);
    expect((await row(mapId)).title).toBe('线代笔记');
  });

  it('two tabs on one base: both renames kept in server order, never a whole-map choice; /changes answers the same', async () => {
    const mapId = await newMap();
    const a = await send(mapId, 2, [{ id: 'tabA:1', changes: [rename('t1', '极限', '极限定义')] }]);
    const other = await send(mapId, 2, [{ id: 'tabB:1', changes: [rename('t2', '导数', '导数应用')] }]);
    expect(a.data.sets.map((s: { id: string }) => s.id)).toEqual(['tabA:1']);
    expect(other.data.sets.map((s: { id: string; version: number }) => [s.id, s.version])).toEqual([
      ['tabA:1', 3],
      ['tabB:1', 4],
    ]);
    expect(texts((await show(mapId)).document)).toEqual(['复习', '极限定义', '导数应用']);
    expect((await t.get(t.tokens.a, `/api/mymaps/changes?mapId=${mapId}&since=2`)).data).toEqual(other.data);
  });

  it('a whole save (import, restore) starts the log again: a tab on an older base reloads', async () => {
    const mapId = await newMap();
    await send(mapId, 2, [{ id: 'tabA:1', changes: [rename('t1', '极限', '数列极限')] }]);
    // the replaced state is kept from the head when the window is over
    await t.database.db
      .updateTable('own_maps')
      .set({ version_started_at: new Date(Date.now() - VERSION_WINDOW_MS - 1000) })
      .where('id', '=', mapId)
      .execute();
    expect((await t.post(t.tokens.a, '/api/mymaps/save', { mapId, version: 3, document: DOC('恢复') })).data.version).toBe(4);
    const r = await row(mapId);
    expect([r.version, r.snapshot_version, r.log_from]).toEqual([4, 4, 4]);
    expect(await t.database.db.selectFrom('own_map_changes').select('version').where('map_id', '=', mapId).execute()).toEqual([]);
    const kept = await t.database.db.selectFrom('own_map_versions').select(['map_version', 'document']).where('map_id', '=', mapId).execute();
    expect(kept.map((v) => [v.map_version, JSON.parse(v.document).root.children[0].data.text])).toEqual([[3, '数列极限']]);
    expect(await send(mapId, 3, [{ id: 'tabB:1', changes: [rename('t2', '导数', '微分')] }])).toMatchObject({
      resultCode: 409,
      errMsg: RELOAD_MSG,
      data: { version: 4, reload: 1 },
    });
    expect((await t.get(t.tokens.a, `/api/mymaps/changes?mapId=${mapId}&since=3`)).data).toEqual({ version: 4, reload: 1 });
  });

  it('a version is a point in the log: sets after the window keep the state they replace; 历史版本 and 保留当前版本 read the head', async () => {
    const mapId = await newMap();
    const old = new Date(Date.now() - VERSION_WINDOW_MS - 1000);
    await t.database.db.updateTable('own_maps').set({ version_started_at: old }).where('id', '=', mapId).execute();
    await send(mapId, 2, [{ id: 'tabA:1', changes: [rename('t1', '极限', '连续')] }]);
    await t.database.db.updateTable('own_maps').set({ version_started_at: old }).where('id', '=', mapId).execute();
    await send(mapId, 3, [{ id: 'tabA:2', changes: [rename('t2', '导数', '积分')] }]);
    const list = (await t.get(t.tokens.a, `/api/mymaps/versions?mapId=${mapId}`)).data.versions as { id: number; mapVersion: number; current: number }[];
    expect(list.map((v) => v.mapVersion)).toEqual([4, 3, 2]);
    const v3 = list.find((v) => v.mapVersion === 3)!;
    expect(texts((await t.get(t.tokens.a, `/api/mymaps/version?mapId=${mapId}&versionId=${v3.id}`)).data.document)).toEqual(['复习', '连续', '导数']);
    expect(texts((await t.get(t.tokens.a, `/api/mymaps/version?mapId=${mapId}&versionId=0`)).data.document)).toEqual(['复习', '连续', '积分']);
    expect((await t.post(t.tokens.a, '/api/mymaps/keepVersion', { mapId, version: 4 })).data.version).toBe(4);
    const kept = await t.database.db
      .selectFrom('own_map_versions')
      .select('document')
      .where('map_id', '=', mapId)
      .where('map_version', '=', 4)
      .executeTakeFirstOrThrow();
    expect(texts(JSON.parse(kept.document))).toEqual(['复习', '连续', '积分']);
  });

  it('compacts after COMPACT_AFTER sets; a process without the cached head reads the same map', async () => {
    const mapId = await newMap();
    let base = 2;
    for (let batch = 0; batch < 2; batch++) {
      const sets = Array.from({ length: COMPACT_AFTER / 2 }, (_, i) => {
        const n = batch * (COMPACT_AFTER / 2) + i;
        return { id: `tabA:${n + 1}`, changes: [{ op: 'set', id: 't1', key: 'note', before: n ? `n${n - 1}` : undefined, after: `n${n}` }] };
      });
      base = (await send(mapId, base, sets)).data.version;
    }
    const r = await row(mapId);
    expect([r.version, r.snapshot_version]).toEqual([2 + COMPACT_AFTER, 2 + COMPACT_AFTER]);
    const viaCache = JSON.stringify((await show(mapId)).document);
    t.app.mapHeads.drop(ownRef(A, mapId));
    expect(JSON.stringify((await show(mapId)).document)).toBe(viaCache);
    expect(JSON.parse(viaCache).root.children[0].data.note).toBe(`n${COMPACT_AFTER - 1}`);
  });

  it('an editing member saves sets, a 只读 member is refused in Chinese, anyone else is told the map does not exist', async () => {
    const mapId = await newMap('共享');
    expect((await t.post(t.tokens.a, '/api/share/invite', { kind: 'own', mapId, studentNo: 'S2026401', role: 'edit' })).resultCode).toBe(200);
    expect((await t.post(t.tokens.a, '/api/share/invite', { kind: 'own', mapId, studentNo: 'S2026402', role: 'view' })).resultCode).toBe(200);
    const byMember = await send(mapId, 2, [{ id: 'tabB:1', changes: [rename('t2', '导数', '偏导数')] }], b);
    expect(byMember).toMatchObject({ resultCode: 200, data: { version: 3 } });
    const byOwner = await send(mapId, 2, [{ id: 'tabA:1', changes: [rename('t1', '极限', '单侧极限')] }]);
    expect(byOwner.data.version).toBe(4);
    expect(texts((await show(mapId, b)).document)).toEqual(['共享', '单侧极限', '偏导数']);
    expect((await t.get(c, `/api/mymaps/changes?mapId=${mapId}&since=2`)).data.version).toBe(4);
    expect(await send(mapId, 4, [{ id: 'tabC:1', changes: [rename('r', '共享', '改')] }], c)).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.readOnly });
    const stranger = await addStudent(t, 'stu-own-d', '13700000403');
    expect((await send(mapId, 4, [{ id: 'tabD:1', changes: [rename('r', '共享', '改')] }], stranger)).resultCode).toBe(404);
    expect((await t.get(stranger, `/api/mymaps/changes?mapId=${mapId}&since=2`)).resultCode).toBe(404);
    // removed: refused from then on, saying why
    expect((await t.post(t.tokens.a, '/api/share/remove', { kind: 'own', mapId, memberId: 'stu-own-b' })).resultCode).toBe(200);
    expect(await send(mapId, 4, [{ id: 'tabB:2', changes: [rename('r', '共享', '改')] }], b)).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.removed });
    expect((await row(mapId)).version).toBe(4);
  });

  it('a map in 回收站 refuses sets; the owner’s size limit holds from the sets’ size, nothing stored past it', async () => {
    const mapId = await newMap();
    expect((await t.post(t.tokens.a, '/api/mymaps/delete', { mapId })).resultCode).toBe(200);
    expect(await send(mapId, 2, [{ id: 'tabA:1', changes: [rename('t1', '极限', 'x')] }])).toMatchObject({ resultCode: 404, errMsg: NOT_FOUND_MSG });
    expect((await t.post(t.tokens.a, '/api/mymaps/restore', { mapId })).resultCode).toBe(200);
    const full = await newMap('占位');
    const used = Number((await t.get(t.tokens.a, '/api/mymaps/list')).data.usage.bytes);
    const fillTo = (await row(full)).bytes + MAX_OWN_BYTES - used - 100;
    await t.database.db.updateTable('own_maps').set({ bytes: fillTo }).where('id', '=', full).execute();
    const big = { op: 'add', parent: 'r', index: 2, node: { data: { id: 't3', text: '长'.repeat(200) }, children: [] } };
    expect(await send(mapId, 2, [{ id: 'tabA:2', changes: [big] }])).toMatchObject({ resultCode: 400, errMsg: BYTES_LIMIT_MSG });
    expect((await row(mapId)).version).toBe(2);
    // a set that shrinks the map is fine at the limit
    expect((await send(mapId, 2, [{ id: 'tabA:3', changes: [rename('t1', '极限', '限')] }])).data.version).toBe(3);
    await t.post(t.tokens.a, '/api/mymaps/delete', { mapId: full });
    await t.post(t.tokens.a, '/api/mymaps/purge', { mapId: full });
  });
});
