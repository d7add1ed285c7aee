import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { MAX_MAP_MEMBERS, SHARE_MSG } from '../../../contract/sharing';
import { FORBIDDEN_MAP_MSG } from './case-map';

// Sharing (issue 32): A (stu-0001, studying case-01) shares 我的学习导图 and an own map with B and C.
const t = useTestApp({ a: NORMAL });
const A = 'stu-0001';
let b: string;
let c: string;
let d: string;
let topic: string;
beforeAll(async () => {
  b = await addStudent(t, 'stu-share-b', '13700000301');
  c = await addStudent(t, 'stu-share-c', '13700000302');
  d = await addStudent(t, 'stu-share-d', '13700000303');
  const db = t.database.db;
  for (const [id, no] of [
    ['stu-share-b', 'S2026301'],
    ['stu-share-c', 'S2026302'],
    ['stu-share-d', 'S2026303'],
  ])
    await db.updateTable('students').set({ student_no: no }).where('id', '=', id).execute();
  await db.updateTable('students').set({ student_no: 'S2026300' }).where('id', '=', A).execute();
  for (const id of ['stu-share-b', 'stu-share-c'])
    await db
      .insertInto('case_applications')
      .values({ id: `apply-${id}`, student_id: id, case_id: 'case-01', status: 1 })
      .execute();
  const shown = await t.get(t.tokens.a, '/api/course/mindStudent/showMind?caseId=case-01');
  const doc = shown.data.document;
  doc.root.children[0].data.isStudy = 1;
  topic = String(doc.root.children[0].data.id);
  expect((await t.post(t.tokens.a, '/api/course/mindStudent/saveStuMind', { caseId: 'case-01', version: 0, document: doc })).resultCode).toBe(200);
});

const inbox = async (token: string) => JSON.stringify(await t.get(token, '/api/customer/userMessage/pageMsg?currentNum=1&currentSize=50'));
const count = (text: string, part: string) => text.split(part).length - 1;

const invite = (token: string, body: object) => t.post(token, '/api/share/invite', { kind: 'case', mapId: 'case-01', role: 'edit', ...body });

describe('inviting', () => {
  it('refuses with a reason in Chinese', async () => {
    expect(await invite(t.tokens.a, { studentNo: 'NOPE1' })).toMatchObject({ resultCode: 404, errMsg: SHARE_MSG.unknownStudentNo });
    expect(await invite(t.tokens.a, { studentNo: 'S2026300' })).toMatchObject({ resultCode: 400, errMsg: SHARE_MSG.self });
    // D has not applied to case-01: a case map is shared within the case only
    expect(await invite(t.tokens.a, { studentNo: 'S2026303' })).toMatchObject({ resultCode: 400, errMsg: SHARE_MSG.notApplied });
    expect((await invite(t.tokens.a, { studentNo: 'bad no!' })).resultCode).toBe(400);
  });

  it('adds B as 可编辑 and tells B in 消息通知; twice is refused', async () => {
    const res = await invite(t.tokens.a, { studentNo: 'S2026301' });
    expect(res.resultCode).toBe(200);
    expect(res.data.members).toMatchObject([{ studentId: 'stu-share-b', role: 'edit', studentNo: 'S2026301' }]);
    expect(await invite(t.tokens.a, { studentNo: 'S2026301' })).toMatchObject({ resultCode: 409, errMsg: SHARE_MSG.already });
    const inbox = await t.get(b, '/api/customer/userMessage/pageMsg?currentNum=1&currentSize=10');
    expect(JSON.stringify(inbox)).toContain('与你共享了导图');
    // it says where the map is listed (我的导图's 共享给我的 tab), not a page that does not list it
    expect(JSON.stringify(inbox)).toContain('在我的导图 › 共享给我的中打开');
    const shared = await t.get(b, '/api/share/sharedWithMe');
    expect(shared.data.maps).toMatchObject([{ kind: 'case', mapId: 'case-01', ownerId: A, role: 'edit' }]);
    expect((await t.get(b, '/api/share/members?kind=case&mapId=case-01')).data.owner.studentId).toBe(A);
  });
});

describe('a member on the owner’s map', () => {
  it('reads it with their own progress, and edits it; never writes progress into it', async () => {
    const shown = await t.get(b, `/api/course/mindStudent/showMind?caseId=case-01&studentId=${A}`);
    expect(shown.resultCode).toBe(200);
    const first = shown.data.document.root.children[0];
    // A's ✓ is not B's
    expect(first.data.isStudy).toBeUndefined();
    const saved = await t.post(b, '/api/course/mindStudent/saveChanges', {
      caseId: 'case-01',
      studentId: A,
      base: shown.data.version,
      sets: [
        {
          id: 'tabB:1',
          changes: [
            { op: 'set', id: topic, key: 'text', before: first.data.text, after: 'B 改的标题' },
            { op: 'set', id: topic, key: 'isStudy', before: 1, after: undefined },
          ],
        },
      ],
    });
    expect(saved.resultCode).toBe(200);
    const own = (await t.get(t.tokens.a, '/api/course/mindStudent/showMind?caseId=case-01')).data.document.root.children[0];
    expect(own.data.text).toBe('B 改的标题');
    expect(own.data.isStudy).toBe(1);
  });

  it('只读: reads, and every write is refused', async () => {
    expect((await t.post(t.tokens.a, '/api/share/role', { kind: 'case', mapId: 'case-01', memberId: 'stu-share-b', role: 'view' })).resultCode).toBe(200);
    // B is told in 消息通知: who, which map, from what to what; the same role again tells nothing
    const told = await inbox(b);
    expect(told).toMatch(/将你在导图「[^」]+」中的权限改为只读/);
    expect(told).toContain('由可编辑改为只读');
    expect((await t.post(t.tokens.a, '/api/share/role', { kind: 'case', mapId: 'case-01', memberId: 'stu-share-b', role: 'view' })).resultCode).toBe(200);
    expect(count(await inbox(b), '权限改为只读')).toBe(count(told, '权限改为只读'));
    const shown = await t.get(b, `/api/course/mindStudent/showMind?caseId=case-01&studentId=${A}`);
    const writes = [
      ['saveChanges', { base: shown.data.version, sets: [{ id: 'tabB:2', changes: [] }] }],
      ['saveStuMind', { version: shown.data.version, document: shown.data.document }],
      ['keepMapVersion', { version: shown.data.version }],
    ] as const;
    for (const [url, body] of writes)
      expect(await t.post(b, `/api/course/mindStudent/${url}`, { caseId: 'case-01', studentId: A, ...body }), url).toMatchObject({
        resultCode: 403,
        errMsg: SHARE_MSG.readOnly,
      });
    expect((await t.get(b, `/api/course/mindStudent/mapVersions?caseId=case-01&studentId=${A}`)).resultCode).toBe(200);
  });

  it('removed: loses access at once, is told in 消息通知 and on reopening; a non-member was never let in', async () => {
    expect((await t.post(t.tokens.a, '/api/share/remove', { kind: 'case', mapId: 'case-01', memberId: 'stu-share-b' })).data.members).toEqual([]);
    expect(await inbox(b)).toMatch(/已将你移出导图「[^」]+」/);
    // B reloading the map is told why; C, never a member, only that it is not theirs to see
    expect(await t.get(b, `/api/course/mindStudent/showMind?caseId=case-01&studentId=${A}`)).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.removed });
    expect(await t.get(c, `/api/course/mindStudent/mapChanges?caseId=case-01&since=0&studentId=${A}`)).toMatchObject({
      resultCode: 403,
      errMsg: FORBIDDEN_MAP_MSG,
    });
    expect((await t.get(b, '/api/share/sharedWithMe')).data.maps).toEqual([]);
  });
});

describe('own maps', () => {
  let mapId: string;
  it('a member reads and (可编辑) saves; only the owner manages; a member leaves', async () => {
    mapId = (await t.post(t.tokens.a, '/api/mymaps/create', { template: 'blank', title: '小组导图' })).data.mapId;
    expect((await t.get(b, `/api/mymaps/show?mapId=${mapId}`)).resultCode).toBe(404);
    await t.post(t.tokens.a, '/api/share/invite', { kind: 'own', mapId, studentNo: 'S2026303', role: 'view' });
    expect((await t.get(t.tokens.a, `/api/mymaps/show?mapId=${mapId}`)).data).toMatchObject({ access: 'owner' });
    const shown = await t.get(d, `/api/mymaps/show?mapId=${mapId}`);
    expect(shown.resultCode).toBe(200);
    // the member's editor opens read-only and says whose map it is
    expect(shown.data).toMatchObject({ access: 'view', title: '小组导图' });
    expect(shown.data.ownerName).toBeTruthy();
    expect(await t.post(d, '/api/mymaps/save', { mapId, version: shown.data.version, document: shown.data.document })).toMatchObject({
      resultCode: 403,
      errMsg: SHARE_MSG.readOnly,
    });
    expect(await t.post(d, '/api/share/remove', { kind: 'own', mapId, memberId: 'stu-share-d' })).toMatchObject({
      resultCode: 403,
      errMsg: SHARE_MSG.notOwner,
    });
    await t.post(t.tokens.a, '/api/share/role', { kind: 'own', mapId, memberId: 'stu-share-d', role: 'edit' });
    expect((await t.get(d, `/api/mymaps/show?mapId=${mapId}`)).data.access).toBe('edit');
    expect((await t.post(d, '/api/mymaps/save', { mapId, version: shown.data.version, document: shown.data.document })).resultCode).toBe(200);
    expect((await t.post(d, '/api/share/leave', { kind: 'own', mapId, ownerId: A })).resultCode).toBe(200);
    expect(await t.get(d, `/api/mymaps/show?mapId=${mapId}`)).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.removed });
  });

  // Outside walk (issue 32): the owner was not told when a member left.
  it('a member leaving tells the owner in 消息通知, once, with the leave', async () => {
    const map = (await t.post(t.tokens.a, '/api/mymaps/create', { template: 'blank', title: '离开测试' })).data.mapId;
    expect((await t.post(t.tokens.a, '/api/share/invite', { kind: 'own', mapId: map, studentNo: 'S2026303', role: 'edit' })).resultCode).toBe(200);
    const name = (await t.database.db.selectFrom('students').select('username').where('id', '=', 'stu-share-d').executeTakeFirstOrThrow()).username;
    const before = count(await inbox(t.tokens.a), '离开测试');
    expect((await t.post(d, '/api/share/leave', { kind: 'own', mapId: map, ownerId: A })).resultCode).toBe(200);
    const told = await inbox(t.tokens.a);
    expect(told).toContain(`${name} 退出了导图「离开测试」的共享`);
    expect(count(told, '退出了导图「离开测试」的共享')).toBe(1);
    expect(count(told, '离开测试')).toBeGreaterThan(before);
    // leaving again (no longer a member) is refused and tells nothing more
    expect((await t.post(d, '/api/share/leave', { kind: 'own', mapId: map, ownerId: A })).resultCode).toBe(404);
    expect(count(await inbox(t.tokens.a), '退出了导图「离开测试」的共享')).toBe(1);
    // the member is not told of their own leave
    expect(await inbox(d)).not.toContain('退出了导图「离开测试」');
  });

  it('the owner changes a role or removes: the member is told; a former member reopening is told they are no longer one, a stranger learns nothing', async () => {
    const map = (await t.post(t.tokens.a, '/api/mymaps/create', { template: 'blank', title: '期中复习' })).data.mapId;
    const share = (path: string, body: object) => t.post(t.tokens.a, `/api/share/${path}`, { kind: 'own', mapId: map, ...body });
    expect((await share('invite', { studentNo: 'S2026302', role: 'view' })).resultCode).toBe(200);
    expect((await share('role', { memberId: 'stu-share-c', role: 'edit' })).resultCode).toBe(200);
    expect(await inbox(c)).toContain('将你在导图「期中复习」中的权限改为可编辑');
    expect(await inbox(c)).toContain('由只读改为可编辑');
    expect((await share('remove', { memberId: 'stu-share-c' })).resultCode).toBe(200);
    expect(await inbox(c)).toContain('已将你移出导图「期中复习」');
    for (const path of [`show?mapId=${map}`, `changes?mapId=${map}&since=0`, `versions?mapId=${map}`])
      expect(await t.get(c, `/api/mymaps/${path}`), path).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.removed });
    // B was never on this map: the same answer as for an id that names no map at all
    const stranger = await t.get(b, `/api/mymaps/show?mapId=${map}`);
    const none = await t.get(b, '/api/mymaps/show?mapId=no-such-map');
    expect(stranger).toMatchObject({ resultCode: 404, errMsg: SHARE_MSG.noMap });
    expect(none).toMatchObject({ resultCode: 404, errMsg: SHARE_MSG.noMap });
    // invited again, C opens it as before
    expect((await share('invite', { studentNo: 'S2026302', role: 'view' })).resultCode).toBe(200);
    expect((await t.get(c, `/api/mymaps/show?mapId=${map}`)).data).toMatchObject({ access: 'view' });
  });

  it(`holds at most ${MAX_MAP_MEMBERS} members`, async () => {
    const db = t.database.db;
    const ids = Array.from({ length: MAX_MAP_MEMBERS }, (_, i) => `stu-share-x${i}`);
    await db
      .insertInto('students')
      .values(ids.map((id, i) => ({ id, login_name: `1360000${String(i).padStart(4, '0')}`, password_hash: 'x', username: id })))
      .execute();
    await db
      .insertInto('map_members')
      .values(ids.map((id) => ({ owner_id: A, map_kind: 'own' as const, map_ref: mapId, member_id: id, can_edit: 0 })))
      .execute();
    expect(await t.post(t.tokens.a, '/api/share/invite', { kind: 'own', mapId, studentNo: 'S2026301', role: 'view' })).toMatchObject({
      resultCode: 400,
      errMsg: SHARE_MSG.limit,
    });
  });
});
