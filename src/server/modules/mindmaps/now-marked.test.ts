import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { LESSON_SECONDS } from '../../seed/files-data';
import type { KmDocument, KmNode } from './document';

// The outside tester's report, replayed through the HTTP API on the seeded demo student: in
// case-01 (校园二手交易平台) 数据库设计 is 正在学 (the node after the last one learnt) and the home
// card shows the 原型设计 video in progress. 标记已学 on a sub-point (核心概念, no resources) of a
// later topic used to move 正在学 past the unlearnt topics to the one after the sub-point, and
// the card to an empty "图文：" line marked 已完成. A tick of another node moves neither.
const t = useTestApp({ normal: NORMAL });
const CASE = 'case-01';
const STUDENT = 'stu-0001';

type Row = { nodeId: string; text: string; level: number; isStudy: number; isNow: number };
const nodeList = async () => (await t.get(t.tokens.normal, `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${CASE}`)).data as Row[];
const nowTexts = async () => (await nodeList()).filter((n) => n.isNow === 1).map((n) => n.text);

/** The texts marked 正在学 in the map showMind answers (the map opens centred on that node). */
async function mapNow(official: boolean): Promise<string[]> {
  const url = `/api/course/mindStudent/showMind?caseId=${CASE}${official ? '&official=1' : ''}`;
  const doc = (await t.get(t.tokens.normal, url)).data.document as KmDocument;
  const out: string[] = [];
  const visit = (n: KmNode) => {
    if (Number(n.data.isNow) === 1) out.push(String(n.data.text));
    n.children?.forEach(visit);
  };
  visit(doc.root);
  return out;
}

/** The sub-point `text` under the topic `topic` (its child one level down). */
function subPoint(rows: Row[], topic: string, text: string): Row {
  const at = rows.findIndex((r) => r.text === topic);
  const end = rows.findIndex((r, i) => i > at && r.level <= rows[at].level);
  const found = rows.slice(at + 1, end < 0 ? undefined : end).find((r) => r.text === text && r.level === rows[at].level + 1);
  if (!found) throw new Error(`no ${text} under ${topic}`);
  return found;
}

const markLearnt = (nodeId: string) => t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { caseId: CASE, nodeId, isStudy: '1' });
const lastRecord = async () => (await t.get(t.tokens.normal, '/api/course/studyRecord/querLastRecord')).data;

/** What the home card showed before the ticks: the 原型设计 video, in progress. */
const VIDEO_IN_PROGRESS = {
  isType: 0,
  caseId: CASE,
  nodeName: '原型设计',
  resourceId: 'case-01-r03',
  fileName: '原型设计讲解视频.webm',
  fileSuffixCode: 3,
  duration: 30,
  isStudy: 2,
};

describe('标记已学 on a sub-point (the tester’s sequence)', () => {
  it('leaves the home card (最近学习) on the resource being studied: no empty 图文 line, no 已完成', async () => {
    const rows = await nodeList();
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);
    const point = subPoint(rows, '页面布局', '实践步骤');
    expect(await markLearnt(point.nodeId)).toMatchObject({ resultCode: 200, data: { nodeLearnt: 1 } });
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);
    // Taking the tick back is no study of a resource either.
    expect((await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { caseId: CASE, nodeId: point.nodeId, isStudy: '2' })).resultCode).toBe(200);
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);
  });

  it('keeps 正在学 on the topic being studied and the home card on its resource; 正在学 moves on only when that topic is learnt', async () => {
    const rows = await nodeList();
    expect(await nowTexts()).toEqual(['数据库设计']);
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);

    // 核心概念 under 接口设计: learnt, and nothing else moves.
    const point = subPoint(rows, '接口设计', '核心概念');
    expect(await markLearnt(point.nodeId)).toMatchObject({ resultCode: 200, data: { nodeLearnt: 1 } });
    let after = await nodeList();
    expect(after.find((r) => r.nodeId === point.nodeId)).toMatchObject({ isStudy: 1, isNow: 0 });
    expect(after.filter((r) => r.text === '数据库设计' || r.text === '接口设计').map((r) => r.isStudy)).toEqual([0, 0]);
    expect(await nowTexts()).toEqual(['数据库设计']);
    // The map (知识点详情's official one, and 我的学习导图) opens on the same node.
    expect(await mapNow(true)).toEqual(['数据库设计']);
    expect(await mapNow(false)).toEqual(['数据库设计']);
    // The home card still shows the real resource being studied, not an empty "图文：" line.
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);

    // Repeated under 安全设计, which stays unlearnt: 正在学 does not jump to 页面布局.
    const second = subPoint(rows, '安全设计', '核心概念');
    expect(await markLearnt(second.nodeId)).toMatchObject({ resultCode: 200, data: { nodeLearnt: 1 } });
    after = await nodeList();
    expect(after.find((r) => r.text === '安全设计')).toMatchObject({ isStudy: 0 });
    expect(await nowTexts()).toEqual(['数据库设计']);
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);

    // Taking a tick back is no study of a resource either.
    expect((await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { caseId: CASE, nodeId: second.nodeId, isStudy: '2' })).resultCode).toBe(200);
    expect(await nowTexts()).toEqual(['数据库设计']);
    expect(await lastRecord()).toMatchObject(VIDEO_IN_PROGRESS);

    // 数据库设计 learnt through its two resources (its text read 5 s, its video covered): 正在学
    // moves on to the next unlearnt study node in map order, 接口设计.
    const db = t.database.db;
    const text = { caseId: CASE, nodeId: rows.find((r) => r.text === '数据库设计')!.nodeId, resourceId: 'case-01-r05' };
    expect((await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { ...text, isStudy: '0' })).resultCode).toBe(200);
    // Opening a resource of the topic 正在学 is on keeps it there.
    expect(await nowTexts()).toEqual(['数据库设计']);
    await db
      .updateTable('case_records')
      .set({ created_at: new Date(Date.now() - 6000) })
      .where('student_id', '=', STUDENT)
      .where('resource_id', '=', text.resourceId)
      .execute();
    expect((await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { ...text, isStudy: '1' })).data).toMatchObject({ isStudy: 1, nodeLearnt: 0 });
    expect(await nowTexts()).toEqual(['数据库设计']);
    await db
      .insertInto('resource_locations')
      .values({
        student_id: STUDENT,
        resource_id: 'case-01-r05b',
        case_id: CASE,
        node_id: text.nodeId,
        coverage: JSON.stringify([[0, LESSON_SECONDS]]),
        updated_at: new Date(),
      })
      .execute();
    const video = { ...text, resourceId: 'case-01-r05b', isStudy: '1' };
    expect((await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', video)).data).toMatchObject({ isStudy: 1, nodeLearnt: 1 });
    expect(await nowTexts()).toEqual(['接口设计']);
    expect(await mapNow(true)).toEqual(['接口设计']);
  });
});
