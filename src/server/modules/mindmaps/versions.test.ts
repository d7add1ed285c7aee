import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, NORMAL, applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { startOfShanghaiDay } from '../../lib/time';
import { EXPERIENCE_MSG } from '../cases/access';
import { KEEP_DAYS, KEEP_LAST, VERSION_BUDGET_BYTES, VERSION_WINDOW_MS, versionsToPrune, type VersionMeta } from './versions';

// Version history of a student's own map (issue 19 item 5): what a save keeps, 保留当前版本,
// retention (last 50, newest of each day for 30 days, a per-student budget), and who may see what.

const t = useTestApp({ normal: NORMAL, experience: EXPERIENCE });
const A = 'stu-0001';
let b = '';
beforeAll(async () => {
  await applyTo(t.app, t.tokens.normal, 'case-02', 'case-03', 'case-05');
  b = await addStudent(t, 'stu-versions-b', '13700000135');
  await t.database.db.insertInto('case_applications').values({ id: 'apply-versions-b', student_id: 'stu-versions-b', case_id: 'case-02', status: 1 }).execute();
});

const doc = (title: string, extra = 0) => ({
  root: {
    data: { id: 'r', text: title },
    children: [{ data: { id: 'c1', text: '第一章' }, children: Array.from({ length: extra }, (_, i) => ({ data: { id: `x${i}`, text: `要点${i}` } })) }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});
const save = (token: string, caseId: string, version: number, document: object) =>
  t.post(token, '/api/course/mindStudent/saveStuMind', { caseId, version, document });
const keep = (token: string, caseId: string, version: number) => t.post(token, '/api/course/mindStudent/keepMapVersion', { caseId, version });
const list = (token: string, caseId: string, extra = '') => t.get(token, `/api/course/mindStudent/mapVersions?caseId=${caseId}${extra}`);
const one = (token: string, caseId: string, id: number | string, extra = '') =>
  t.get(token, `/api/course/mindStudent/mapVersion?caseId=${caseId}&versionId=${id}${extra}`);
type Entry = { id: number; mapVersion: number; title: string; nodeCount: number; bytes: number; current: number; savedAt: string };
const entries = async (token: string, caseId: string) => (await list(token, caseId)).data.versions as Entry[];
/** The window of the state saved now is over, as if its first save were three minutes old. */
const windowOver = (studentId: string, caseId: string) =>
  sql`update student_maps set version_started_at = version_started_at - interval '3 minutes' where student_id = ${studentId} and case_id = ${caseId}`.execute(
    t.database.db,
  );
/** The saved map's document text, as stored. */
const stored = async (caseId: string) =>
  (await t.database.db.selectFrom('student_maps').select('document').where('student_id', '=', A).where('case_id', '=', caseId).executeTakeFirstOrThrow())
    .document;
/** Everything the version tables hold, to prove a request wrote nothing. */
const tables = async () =>
  JSON.stringify([
    await t.database.db.selectFrom('map_versions').selectAll().orderBy('id').execute(),
    await t.database.db.selectFrom('student_maps').selectAll().orderBy('student_id').orderBy('case_id').execute(),
  ]);

describe('saving keeps versions', () => {
  it('saves within the window fold into one version; the first save after it keeps the state it replaces, as it was saved', async () => {
    expect((await save(t.tokens.normal, 'case-02', 0, doc('第一版'))).data.version).toBe(1);
    // Only the map as saved now: id 0, with its title, node count and size.
    expect(await entries(t.tokens.normal, 'case-02')).toEqual([
      expect.objectContaining({ id: 0, mapVersion: 1, title: '第一版', nodeCount: 2, current: 1, bytes: expect.any(Number) }),
    ]);
    expect((await save(t.tokens.normal, 'case-02', 1, doc('第二版', 3))).data.version).toBe(2);
    const second = await stored('case-02');
    expect(await entries(t.tokens.normal, 'case-02')).toHaveLength(1); // typing: same window
    await windowOver(A, 'case-02');
    expect((await save(t.tokens.normal, 'case-02', 2, doc('第三版'))).data.version).toBe(3);
    const listed = await entries(t.tokens.normal, 'case-02');
    expect(listed.map((e) => [e.mapVersion, e.title, e.nodeCount, e.current])).toEqual([
      [3, '第三版', 2, 1],
      [2, '第二版', 5, 0],
    ]);
    expect(listed[1].id).toBeGreaterThan(0);
    expect(listed[1].savedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The version is the document as saved, byte for byte what showMind served then.
    const kept = await one(t.tokens.normal, 'case-02', listed[1].id);
    expect(kept.resultCode).toBe(200);
    expect(kept.data.document).toEqual(JSON.parse(second));
    expect(kept.data.document).toMatchObject(doc('第二版', 3));
    expect(kept.data.bytes).toBe(Buffer.byteLength(second));
    // id 0 is the map as saved now.
    expect((await one(t.tokens.normal, 'case-02', 0)).data).toMatchObject({ id: 0, current: 1, document: { root: { data: { text: '第三版' } } } });
  });

  it('保留当前版本 keeps the saved map at once and the next save starts a new version; a stale keep is a 409', async () => {
    const before = await entries(t.tokens.normal, 'case-02');
    const version = before[0].mapVersion;
    expect(await keep(t.tokens.normal, 'case-02', version - 1)).toMatchObject({ resultCode: 409, data: { version } });
    expect(await keep(t.tokens.normal, 'case-02', version)).toMatchObject({ resultCode: 200, data: { version } });
    const kept = await entries(t.tokens.normal, 'case-02');
    // Listed once: the kept version is the current one.
    expect(kept).toHaveLength(before.length);
    expect(kept[0]).toMatchObject({ mapVersion: version, current: 1, id: expect.any(Number) });
    expect(kept[0].id).toBeGreaterThan(0);
    expect((await keep(t.tokens.normal, 'case-02', version)).resultCode).toBe(200); // twice: still one
    expect(await entries(t.tokens.normal, 'case-02')).toHaveLength(before.length);
    // The next save, seconds later, is a new version (the kept one is not folded into it).
    expect((await save(t.tokens.normal, 'case-02', version, doc('恢复后'))).resultCode).toBe(200);
    const after = await entries(t.tokens.normal, 'case-02');
    expect(after.map((e) => [e.mapVersion, e.current])).toEqual([[version + 1, 1], ...kept.map((e) => [e.mapVersion, 0])]);
    // Without a map of one's own there is nothing to keep (the official map is not the student's).
    expect(await keep(t.tokens.normal, 'case-03', 0)).toMatchObject({ resultCode: 200, data: { version: 0 } });
    expect(await entries(t.tokens.normal, 'case-03')).toEqual([]);
  });

  it('a stale save keeps no version', async () => {
    await windowOver(A, 'case-02');
    const before = await entries(t.tokens.normal, 'case-02');
    expect((await save(t.tokens.normal, 'case-02', 1, doc('过期'))).resultCode).toBe(409);
    expect(await entries(t.tokens.normal, 'case-02')).toEqual(before);
  });

  it('two saves racing over the same version: one is saved and keeps one version, the other is a 409', async () => {
    await windowOver(A, 'case-02');
    const before = await entries(t.tokens.normal, 'case-02');
    const version = before[0].mapVersion;
    const answers = await Promise.all([save(t.tokens.normal, 'case-02', version, doc('甲页')), save(t.tokens.normal, 'case-02', version, doc('乙页'))]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    const after = await entries(t.tokens.normal, 'case-02');
    expect(after).toHaveLength(before.length + 1);
    expect(after[1]).toMatchObject({ mapVersion: version, current: 0 });
  });

  it('listing and reading versions write nothing', async () => {
    const versions = await entries(t.tokens.normal, 'case-02');
    const before = await tables();
    await list(t.tokens.normal, 'case-02');
    for (const v of versions) expect((await one(t.tokens.normal, 'case-02', v.id)).resultCode).toBe(200);
    expect(await tables()).toBe(before);
  });
});

describe('retention', () => {
  const DAY = 24 * 3600 * 1000;
  const now = new Date('2026-11-30T04:00:00Z'); // noon in Shanghai
  const v = (id: number, ago: number, caseId = 'm', bytes = 100): VersionMeta => ({ id, caseId, savedAt: new Date(now.getTime() - ago), bytes });

  it('keeps the last 50 of a map', () => {
    const minutes = Array.from({ length: 60 }, (_, i) => v(i + 1, (60 - i) * 3 * 60000)); // id 60 newest
    expect(versionsToPrune(minutes, now).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(KEEP_LAST).toBe(50);
  });

  it('beyond the last 50, keeps the newest of each day for 30 days', () => {
    // 55 today, then two on each of the 20 days before, then one 31 days ago.
    const today = Array.from({ length: 55 }, (_, i) => v(1000 + i, i * 60000));
    const days = Array.from({ length: 20 }, (_, d) => [v(2000 + d * 2, (d + 1) * DAY), v(2001 + d * 2, (d + 1) * DAY + 3600000)]).flat();
    const old = v(3000, (KEEP_DAYS + 1) * DAY);
    const drop = new Set(versionsToPrune([...today, ...days, old], now));
    expect([...drop].filter((id) => id < 2000).sort()).toEqual([1050, 1051, 1052, 1053, 1054]); // today's oldest five
    for (let d = 0; d < 20; d++) {
      expect(drop.has(2000 + d * 2), `day ${d + 1}: its newest`).toBe(false);
      expect(drop.has(2001 + d * 2), `day ${d + 1}: an earlier one`).toBe(true);
    }
    expect(drop.has(3000)).toBe(true);
  });

  it('within the budget across maps, the oldest go first and each map keeps its newest', () => {
    const MB = 1024 * 1024;
    const a = Array.from({ length: 15 }, (_, i) => v(100 + i, i * 60000, 'a', MB));
    const bb = Array.from({ length: 15 }, (_, i) => v(200 + i, i * 60000 + 30000, 'b', MB));
    const drop = versionsToPrune([...a, ...bb], now);
    expect(drop).toHaveLength(10);
    // The ten oldest of both maps together (largest ages): 5 of each.
    expect(drop.sort()).toEqual([110, 111, 112, 113, 114, 210, 211, 212, 213, 214]);
    // One map's newest version over the whole budget stays; everything else goes.
    const huge = [v(1, 0, 'a', VERSION_BUDGET_BYTES + 1), v(2, 60000, 'a'), v(3, 0, 'b')];
    expect(versionsToPrune(huge, now)).toEqual([2]);
  });

  it('is applied in the transaction that keeps a version', async () => {
    const studentId = A;
    const caseId = 'case-05';
    expect((await save(t.tokens.normal, caseId, 0, doc('预算'))).resultCode).toBe(200);
    // 60 earlier versions, one a minute from 01:00 (Shanghai) ten days ago: all on one day.
    const base = startOfShanghaiDay(new Date(Date.now() - 10 * DAY)).getTime() + 3600000;
    await t.database.db
      .insertInto('map_versions')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          student_id: studentId,
          case_id: caseId,
          map_version: 1000 + i,
          document: '{}',
          node_count: 1,
          bytes: 2,
          saved_at: new Date(base + i * 60000),
        })),
      )
      .execute();
    await windowOver(studentId, caseId);
    expect((await save(t.tokens.normal, caseId, 1, doc('预算二'))).resultCode).toBe(200);
    const kept = await entries(t.tokens.normal, caseId);
    // The current map, the state it replaced, and the newest 49 of the inserted ones (ten days ago: one day).
    expect(kept).toHaveLength(1 + KEEP_LAST);
    expect(kept.slice(2).map((e) => e.mapVersion)).toEqual(Array.from({ length: 49 }, (_, i) => 1059 - i));
    // Over the budget: a huge old version goes at the next keep, the map's newest stays.
    await t.database.db
      .updateTable('map_versions')
      .set({ bytes: VERSION_BUDGET_BYTES })
      .where('map_version', '=', 1059)
      .where('case_id', '=', caseId)
      .execute();
    const listed = (await list(t.tokens.normal, caseId)).data;
    expect(listed.usedBytes).toBeGreaterThan(VERSION_BUDGET_BYTES);
    expect(listed).toMatchObject({ budgetBytes: VERSION_BUDGET_BYTES, keepLast: 50, keepDays: 30, windowMinutes: VERSION_WINDOW_MS / 60000 });
    expect((await keep(t.tokens.normal, caseId, 2)).resultCode).toBe(200);
    const after = (await list(t.tokens.normal, caseId)).data;
    expect(after.versions.map((e: Entry) => e.mapVersion)).not.toContain(1059);
    expect(after.usedBytes).toBeLessThanOrEqual(VERSION_BUDGET_BYTES);
  });
});

describe('who may see and keep versions', () => {
  it('another student cannot list, read or keep yours', async () => {
    const mine = await entries(t.tokens.normal, 'case-02');
    const archived = mine.find((e) => e.id > 0)!;
    expect(await list(b, 'case-02', `&studentId=${A}`)).toMatchObject({ resultCode: 403, errMsg: '无权查看其他学生的思维导图', data: null });
    expect(await one(b, 'case-02', archived.id, `&studentId=${A}`)).toMatchObject({ resultCode: 403, errMsg: '无权查看其他学生的思维导图', data: null });
    // By id alone: not found (B's own map has no such version), nothing of A's in the answer.
    const byId = await one(b, 'case-02', archived.id);
    expect(byId).toMatchObject({ resultCode: 404, errMsg: '该版本不存在或已被清理', data: null });
    expect(await one(b, 'case-02', 0)).toMatchObject({ resultCode: 404, data: null });
    expect((await list(b, 'case-02')).data.versions).toEqual([]);
    // Keeping with A's version number touches only B's own (absent) map.
    const before = await tables();
    expect(await keep(b, 'case-02', archived.mapVersion)).toMatchObject({ resultCode: 200, data: { version: 0 } });
    expect(await tables()).toBe(before);
    // Nor with another case's id (A's version of case-02 asked under case-05).
    expect((await one(t.tokens.normal, 'case-05', archived.id)).resultCode).toBe(404);
  });

  it('the experience account may list but not keep (SPEC §6); numbers are bounded', async () => {
    expect(await list(t.tokens.experience, 'case-01')).toMatchObject({ resultCode: 200, data: { versions: [] } });
    expect(await keep(t.tokens.experience, 'case-01', 0)).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
    for (const id of ['-1', '2147483648', '1e3', 'abc', '1.5']) expect((await one(t.tokens.normal, 'case-02', id)).resultCode, id).toBe(400);
    expect((await keep(t.tokens.normal, 'case-02', -1)).resultCode).toBe(400);
    expect((await list(t.tokens.normal, 'nope')).resultCode).toBe(404);
    expect((await t.get(null, '/api/course/mindStudent/mapVersions?caseId=case-02')).resultCode).toBe(40101);
  });
});
