import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { MAP_NODE_ID_MAX } from '../../../contract/mindmaps';
import { SHARE_MSG } from '../../../contract/sharing';
import { NOT_APPLIED_MSG } from '../cases/access';
import type { KmDocument, KmNode } from '../mindmaps/document';

// A member's own 正在学 on a classmate's case map (issue 32): A (stu-0001, studying case-01, with
// study records: the server has an 正在学 for A) shares 我的学习导图 with B (可编辑) and C (只读).
// B and C have no records, so their 正在学 is the one they marked by hand — kept for them alone.
const t = useTestApp({ a: NORMAL });
const A = 'stu-0001';
const CASE = 'case-01';
let b: string;
let c: string;
let d: string;
let e: string;
/** Two topics of A's map that are not A's 正在学. */
let x: string;
let y: string;

beforeAll(async () => {
  b = await addStudent(t, 'stu-now-b', '13700000401');
  c = await addStudent(t, 'stu-now-c', '13700000402');
  d = await addStudent(t, 'stu-now-d', '13700000403');
  e = await addStudent(t, 'stu-now-e', '13700000404');
  const db = t.database.db;
  // D studies the case too but is no member; E has not applied
  for (const id of ['stu-now-b', 'stu-now-c', 'stu-now-d'])
    await db
      .insertInto('case_applications')
      .values({ id: `apply-${id}`, student_id: id, case_id: CASE, status: 1 })
      .execute();
  await db
    .insertInto('map_members')
    .values([
      { owner_id: A, map_kind: 'case', map_ref: CASE, member_id: 'stu-now-b', can_edit: 1 },
      { owner_id: A, map_kind: 'case', map_ref: CASE, member_id: 'stu-now-c', can_edit: 0 },
    ])
    .execute();
  const shown = await t.get(t.tokens.a, `/api/course/mindStudent/showMind?caseId=${CASE}`);
  expect((await t.post(t.tokens.a, '/api/course/mindStudent/saveStuMind', { caseId: CASE, version: 0, document: shown.data.document })).resultCode).toBe(200);
  const topics = (shown.data.document as KmDocument).root.children!.filter((n) => Number(n.data.isNow) !== 1 && Number(n.data.isStudy) !== 1);
  [x, y] = topics.map((n) => String(n.data.id));
  expect(x && y).toBeTruthy();
});

/** The topic ids marked 正在学 in the map showMind answers `token` (a member names the owner). */
async function nowOn(token: string, owner?: string): Promise<string[]> {
  const res = await t.get(token, `/api/course/mindStudent/showMind?caseId=${CASE}${owner ? `&studentId=${owner}` : ''}`);
  expect(res.resultCode).toBe(200);
  return marked((res.data.document as KmDocument).root);
}

function marked(root: KmNode): string[] {
  const out: string[] = [];
  const visit = (n: KmNode) => {
    if (Number(n.data.isNow) === 1) out.push(String(n.data.id));
    n.children?.forEach(visit);
  };
  visit(root);
  return out;
}

const markNow = (token: string, nodeId: string, isNow = 1) => t.post(token, '/api/course/mindStudent/markNow', { caseId: CASE, studentId: A, nodeId, isNow });

describe('a member’s 标记正在学 on a classmate’s map', () => {
  it('is theirs after a reload, and not the owner’s; the owner’s is not theirs', async () => {
    const ownersNow = await nowOn(t.tokens.a);
    expect(ownersNow).toHaveLength(1);
    // the owner's 正在学 (from A's records) is not B's
    expect(await nowOn(b, A)).toEqual([]);
    expect(await markNow(b, x)).toMatchObject({ resultCode: 200, data: { nodeId: x } });
    expect(await nowOn(b, A)).toEqual([x]);
    // A still sees their own, and the map A saved carries no mark of B's
    expect(await nowOn(t.tokens.a)).toEqual(ownersNow);
    const stored = await t.database.db
      .selectFrom('student_maps')
      .select('document')
      .where('student_id', '=', A)
      .where('case_id', '=', CASE)
      .executeTakeFirstOrThrow();
    expect(marked((JSON.parse(stored.document) as KmDocument).root)).toEqual(ownersNow);
  });

  it('moves with the next mark, is one member’s alone, and 只读 members mark their own too', async () => {
    expect(await markNow(c, y)).toMatchObject({ resultCode: 200, data: { nodeId: y } });
    expect(await nowOn(c, A)).toEqual([y]);
    expect(await nowOn(b, A)).toEqual([x]);
    expect((await markNow(b, y)).resultCode).toBe(200);
    expect(await nowOn(b, A)).toEqual([y]);
  });

  it('取消 takes it off; a mark on a topic the map no longer has is not shown', async () => {
    // 取消 on another topic (a stale tab) leaves the mark where it is
    expect(await markNow(b, x, 0)).toMatchObject({ resultCode: 200, data: { nodeId: y } });
    expect(await markNow(b, y, 0)).toMatchObject({ resultCode: 200, data: { nodeId: null } });
    expect(await nowOn(b, A)).toEqual([]);
    expect((await markNow(b, 'no-such-topic')).resultCode).toBe(200);
    expect(await nowOn(b, A)).toEqual([]);
  });

  it('gives way to the 正在学 of the member’s own study records, as the owner’s does', async () => {
    type Row = { nodeId: string; level: number; resourceCount: number; hasExam: number; isNow: number };
    const list = async () => (await t.get(b, `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${CASE}`)).data as Row[];
    // a sub-point without resources: ticked by hand (标记已学), it is where B's records say B is
    const tick = (await list()).find((n) => n.level > 2 && n.resourceCount === 0 && !n.hasExam)!;
    expect((await markNow(b, tick.nodeId)).resultCode).toBe(200);
    expect(await nowOn(b, A)).toEqual([tick.nodeId]);
    expect((await t.post(b, '/api/course/caseRecord/addRecord', { caseId: CASE, nodeId: tick.nodeId, isStudy: '1' })).resultCode).toBe(200);
    // the server's 正在学 (the next unlearnt study node) wins; never the learnt topic
    const fromRecords = (await list()).filter((n) => n.isNow === 1).map((n) => n.nodeId);
    expect(fromRecords).toHaveLength(1);
    expect(await nowOn(b, A)).toEqual(fromRecords);
    expect(fromRecords).not.toContain(tick.nodeId);
  });
});

describe('refusals', () => {
  it('a stranger, a removed member, the owner and a student without the case are refused', async () => {
    expect(await markNow(d, x)).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.notMember });
    expect(await markNow(t.tokens.a, x)).toMatchObject({ resultCode: 400, errMsg: SHARE_MSG.ownNow });
    expect(await markNow(e, x)).toMatchObject({ resultCode: 403, errMsg: NOT_APPLIED_MSG });
    expect((await t.post(t.tokens.a, '/api/share/remove', { kind: 'case', mapId: CASE, memberId: 'stu-now-c' })).resultCode).toBe(200);
    expect(await markNow(c, x)).toMatchObject({ resultCode: 403, errMsg: SHARE_MSG.notMember });
    const left = await t.database.db.selectFrom('map_members').select('member_id').where('member_id', '=', 'stu-now-c').execute();
    expect(left).toEqual([]);
  });

  it('bad bodies are refused with a Chinese errMsg, and store nothing', async () => {
    const before = await t.database.db.selectFrom('map_members').select('now_node').where('member_id', '=', 'stu-now-b').executeTakeFirstOrThrow();
    const bad: object[] = [
      { caseId: CASE, studentId: A, isNow: 1 },
      { caseId: CASE, studentId: A, nodeId: '', isNow: 1 },
      { caseId: CASE, studentId: A, nodeId: 'x'.repeat(MAP_NODE_ID_MAX + 1), isNow: 1 },
      { caseId: CASE, studentId: A, nodeId: x },
      { caseId: CASE, studentId: A, nodeId: x, isNow: 2 },
      { caseId: CASE, nodeId: x, isNow: 1 },
      { studentId: A, nodeId: x, isNow: 1 },
    ];
    for (const body of bad) {
      const res = await t.post(b, '/api/course/mindStudent/markNow', body);
      expect(res.resultCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.errMsg).toMatch(/[\u4e00-\u9fff]/);
    }
    const after = await t.database.db.selectFrom('map_members').select('now_node').where('member_id', '=', 'stu-now-b').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
