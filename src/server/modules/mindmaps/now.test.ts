import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { caseStudyNodes } from '../study/completion';
import type { KmDocument, KmNode } from './document';
import { markProgress } from './document';
import { nowOf, officialMap, studiedNode } from './maps';

// Issue 22: 正在学 (isNow) is one node per map at most and never a learnt one. The node being
// studied (of the resource opened last); once that is learnt, the next unlearnt study node in map
// order (where 继续学习 goes). Seen on 知识点详情's node list and in both maps showMind answers.
const t = useTestApp({ normal: NORMAL });
const db = () => t.database.db;
const STUDENT = 'stu-0001';

type Row = { nodeId: string; isStudy: number; isNow: number };
const nodeList = async (caseId: string) => (await t.get(t.tokens.normal, `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${caseId}`)).data as Row[];

function flags(doc: KmDocument): Array<{ id: string; isStudy: boolean; isNow: boolean }> {
  const out: Array<{ id: string; isStudy: boolean; isNow: boolean }> = [];
  const visit = (n: KmNode) => {
    out.push({ id: String(n.data.id), isStudy: Number(n.data.isStudy) === 1, isNow: Number(n.data.isNow) === 1 });
    n.children?.forEach(visit);
  };
  visit(doc.root);
  return out;
}

describe('nowOf and markProgress (the rule)', () => {
  const list = { ids: ['r', 'a', 'a1', 'b', 'b1', 'c'], study: ['a1', 'b1', 'c'] };
  it('the node being studied while unlearnt; once learnt, the next unlearnt study node (wrapping); none when all are learnt', () => {
    expect(nowOf(undefined, new Set(), list)).toBeUndefined();
    expect(nowOf('b1', new Set(), list)).toBe('b1');
    expect(nowOf('a1', new Set(['a1']), list)).toBe('b1');
    expect(nowOf('c', new Set(['c', 'b1']), list)).toBe('a1');
    expect(nowOf('a', new Set(['a']), list)).toBe('a1'); // a chapter ticked by hand: the next study node after it
    expect(nowOf('c', new Set(['a1', 'b1', 'c']), list)).toBeUndefined();
  });

  it('the node being studied is the one of the resource opened last: a node row (learnt, or ticked by hand) never moves it', () => {
    const rec = (node_id: string | null, resource_id: string | null) => ({ node_id, resource_id });
    expect(studiedNode([])).toBeUndefined();
    expect(studiedNode([rec(null, null)])).toBeUndefined(); // no record: the left join's empty row
    // 标记已学 on a sub-point of a later topic after opening a1's resource: still a1, so 正在学 stays on it.
    const ticked = [rec('b0', ''), rec('a1', 'r1')];
    expect(studiedNode(ticked)).toBe('a1');
    expect(nowOf(studiedNode(ticked), new Set(['b0']), list)).toBe('a1');
    // a1 learnt (its node row is newest): 正在学 moves on from a1, not from a later tick.
    const done = [rec('a1', ''), rec('c', ''), rec('a1', 'r1')];
    expect(nowOf(studiedNode(done), new Set(['a1', 'c']), list)).toBe('b1');
    // Nothing opened yet: the newest tick is where the student is.
    expect(studiedNode([rec('a', ''), rec('r', '')])).toBe('a');
  });

  it('a map marked in several places keeps one 正在学, never on a learnt node', () => {
    const doc = (): KmDocument => ({
      root: {
        data: { id: 'r', isNow: 1 },
        children: [{ data: { id: 'a', isNow: 1, isStudy: 1 } }, { data: { id: 'b', isNow: '1' } }, { data: { id: 'c', isNow: 1 } }],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const nowIds = (d: KmDocument) =>
      flags(d)
        .filter((f) => f.isNow)
        .map((f) => f.id);
    expect(nowIds(markProgress(doc(), new Set(['r']), undefined))).toEqual(['b']);
    expect(nowIds(markProgress(doc(), new Set(), 'c'))).toEqual(['c']);
    expect(nowIds(markProgress(doc(), new Set(), undefined))).toEqual(['r']);
  });
});

describe('正在学 through the API', () => {
  it('completing a node moves 正在学 on to the next study node; own maps saved with several marks show one', async () => {
    const caseId = 'case-01';
    const study = await caseStudyNodes(db(), caseId);
    const before = await nodeList(caseId);
    // An unlearnt study node whose resources a text-like rule completes (no video, no exam).
    const resources = await db()
      .selectFrom('study_resources')
      .select(['id', 'node_id', 'file_suffix_code', 'page_count'])
      .where('case_id', '=', caseId)
      .execute();
    const exams = new Set((await db().selectFrom('exams').select('node_id').where('case_id', '=', caseId).execute()).map((e) => e.node_id));
    const order = before.map((n) => n.nodeId).filter((id) => study.has(id));
    const target = order.find(
      (id) =>
        !exams.has(id) &&
        before.find((n) => n.nodeId === id)!.isStudy !== 1 &&
        resources.filter((r) => r.node_id === id).every((r) => r.file_suffix_code !== 3 && !(r.file_suffix_code === 4 && r.page_count > 0)),
    )!;
    expect(target).toBeDefined();
    const mine = resources.filter((r) => r.node_id === target);
    for (const r of mine) await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { caseId, nodeId: target, resourceId: r.id });
    // Touched, not learnt yet: it is the one 正在学.
    let rows = await nodeList(caseId);
    expect(rows.filter((n) => n.isNow === 1).map((n) => n.nodeId)).toEqual([target]);
    await db()
      .updateTable('case_records')
      .set({ created_at: new Date(Date.now() - 6000) })
      .where('student_id', '=', STUDENT)
      .where('case_id', '=', caseId)
      .where('node_id', '=', target)
      .execute();
    let last: { nodeLearnt?: number } = {};
    for (const r of mine)
      last = (await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { caseId, nodeId: target, resourceId: r.id, isStudy: '1' })).data;
    expect(last.nodeLearnt).toBe(1);
    rows = await nodeList(caseId);
    const learnt = new Set(rows.filter((n) => n.isStudy === 1).map((n) => n.nodeId));
    const next = [...order.slice(order.indexOf(target) + 1), ...order.slice(0, order.indexOf(target))].find((id) => !learnt.has(id));
    expect(rows.find((n) => n.nodeId === target)).toMatchObject({ isStudy: 1, isNow: 0 });
    expect(rows.filter((n) => n.isNow === 1).map((n) => n.nodeId)).toEqual(next ? [next] : []);

    // The official map as shown (知识点详情): the same one node.
    const official = (await t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}&official=1`)).data.document as KmDocument;
    expect(
      flags(official)
        .filter((f) => f.isNow)
        .map((f) => f.id),
    ).toEqual(next ? [next] : []);
    // The student's own copy saved with 正在学 on several nodes, one of them learnt: the server's one wins.
    const own = (await officialMap(db(), caseId))!;
    const walk = (n: KmNode) => {
      n.data.isNow = 1;
      n.children?.forEach(walk);
    };
    walk(own.root);
    const { version } = (await t.get(t.tokens.normal, `/api/course/mindStudent/checkIssue?caseId=${caseId}`)).data;
    expect((await t.post(t.tokens.normal, '/api/course/mindStudent/saveStuMind', { caseId, document: JSON.stringify(own), version })).resultCode).toBe(200);
    const shown = flags((await t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`)).data.document as KmDocument);
    expect(shown.filter((f) => f.isNow).map((f) => f.id)).toEqual(next ? [next] : []);
    expect(shown.some((f) => f.isNow && f.isStudy)).toBe(false);
  });
});
