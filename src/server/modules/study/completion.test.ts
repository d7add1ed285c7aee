import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL } from '../../../../tests/server/helpers';
import { MindEditor, percentOf } from '../../../mindmap/core';
import { markProgress } from '../mindmaps/document';
import { officialMap } from '../mindmaps/maps';
import { caseStudyNodes } from './completion';
import { TOO_FAST } from './coverage';

// Issue 22 item 3: completion from what the student does. Uses the normal student's case-04
// (videos case-04-r08 and r13, the two resources of the sixth topic) and case-01 (hand ticks).
const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, post, tokens } = t;
const db = () => t.database.db;
const nodeOf = async (id: string) => (await db().selectFrom('study_resources').select('node_id').where('id', '=', id).executeTakeFirstOrThrow()).node_id;
const save = (body: object) => post(tokens.normal, '/api/course/userModelRecord/saveUserRecord', body);
const requirements = (caseId: string, nodeId: string) => get(tokens.normal, `/api/course/studyRecord/nodeRequirements?caseId=${caseId}&nodeId=${nodeId}`);
/** Pretends the first covering report of a video was `seconds` ago. */
const startedAgo = (resourceId: string, seconds: number) =>
  db()
    .updateTable('resource_locations')
    .set({ coverage_started_at: new Date(Date.now() - seconds * 1000) })
    .where('student_id', '=', 'stu-0001')
    .where('resource_id', '=', resourceId)
    .execute();
/** The percentage the student's list shows for the case (project cases and practice items). */
const listProgress = async (caseId: string) => {
  for (const caseType of [1, 2]) {
    const page = await get(tokens.normal, `/api/course/caseDetails/queryUserCase?caseType=${caseType}&currentNum=1&currentSize=50`);
    const row = (page.data.records as Array<{ caseId: string; progress: number }>).find((r) => r.caseId === caseId);
    if (row) return row.progress;
  }
  return undefined;
};

describe('completion by coverage (case video)', () => {
  it('a 30 s video watched to the end at 2× in 15 s is learnt, its node too, and the case percentage moves', async () => {
    const video = { caseId: 'case-04', nodeId: await nodeOf('case-04-r08'), resourceId: 'case-04-r08' };
    const before = (await requirements('case-04', video.nodeId)).data;
    expect(before).toMatchObject({ learnt: 0, byHand: 0, missing: [{ kind: 'resource', id: 'case-04-r08', rule: '视频看完 90%（任意倍速）', done: 0 }] });
    const listBefore = await listProgress('case-04');
    expect(listBefore).toBe(before.casePercent);
    // The first second of playback is reported at once; 15 s of real time later, the rest at 2×.
    expect((await save({ ...video, position: 2, segments: [[0, 2]] })).data).toMatchObject({ watched: 2, isStudy: 2 });
    await startedAgo('case-04-r08', 15);
    const done = await save({ ...video, position: 30, segments: [[2, 30]] });
    expect(done.data).toMatchObject({ watched: 30, isStudy: 1, nodeLearnt: 1 });
    const after = (await requirements('case-04', video.nodeId)).data;
    expect(after).toMatchObject({ learnt: 1, missing: [] });
    expect(after.caseLearnt).toBe(before.caseLearnt + 1);
    expect(after.casePercent).toBeGreaterThan(before.casePercent);
    expect(await listProgress('case-04')).toBe(after.casePercent);
    // The map shows it ticked.
    const map = await get(tokens.normal, '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-04');
    expect(map.data.find((n: { nodeId: string }) => n.nodeId === video.nodeId)).toMatchObject({ isStudy: 1 });
  });

  it('refuses coverage faster than 2× real time and records nothing of that report', async () => {
    const video = { caseId: 'case-04', nodeId: await nodeOf('case-04-r05b'), resourceId: 'case-04-r05b' };
    expect((await save({ ...video, position: 2, segments: [[0, 2]] })).resultCode).toBe(200);
    const forged = await save({ ...video, position: 30, segments: [[2, 30]] });
    expect(forged).toMatchObject({ resultCode: 400, errMsg: TOO_FAST });
    const at = await get(tokens.normal, '/api/course/userModelRecord/selectLearnLocation?caseId=case-04&resourceId=case-04-r05b');
    expect(at.data).toMatchObject({ position: 2, watched: 2 });
    // Claiming it learnt through addRecord does not help either: a video is done by coverage only.
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', { ...video, isStudy: '1' })).data.isStudy).toBe(2);
    // Rewatching what is covered costs nothing and adds nothing.
    expect(
      (
        await save({
          ...video,
          position: 2,
          segments: [
            [0, 2],
            [0, 2],
          ],
        })
      ).data.watched,
    ).toBe(2);
  });

  it('the node is learnt only when its last required resource completes (video + text)', async () => {
    const nodeId = await nodeOf('case-04-r05');
    expect((await requirements('case-04', nodeId)).data.items.map((i: { id: string }) => i.id)).toEqual(['case-04-r05', 'case-04-r05b']);
    await startedAgo('case-04-r05b', 20);
    expect((await save({ caseId: 'case-04', nodeId, resourceId: 'case-04-r05b', position: 30, segments: [[2, 30]] })).data).toMatchObject({
      isStudy: 1,
      nodeLearnt: 0,
    });
    // The text: opened now, not yet 5 s open.
    const text = { caseId: 'case-04', nodeId, resourceId: 'case-04-r05', isStudy: '1' };
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', text)).data).toMatchObject({ isStudy: 2, nodeLearnt: 0 });
    // A tick by hand is refused, naming what remains.
    const hand = await post(tokens.normal, '/api/course/caseRecord/addRecord', { caseId: 'case-04', nodeId, isStudy: '1' });
    expect(hand.resultCode).toBe(400);
    expect(hand.errMsg).toContain('还差：《');
    expect(hand.errMsg).toContain('（打开阅读满 5 秒）');
    await db()
      .updateTable('case_records')
      .set({ created_at: new Date(Date.now() - 6000) })
      .where('student_id', '=', 'stu-0001')
      .where('resource_id', '=', 'case-04-r05')
      .execute();
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', text)).data).toMatchObject({ isStudy: 1, nodeLearnt: 1 });
    expect((await requirements('case-04', nodeId)).data).toMatchObject({ learnt: 1, missing: [] });
  });

  it('two coverage reports racing both keep their segments', async () => {
    const video = { caseId: 'case-04', nodeId: await nodeOf('case-04-r13'), resourceId: 'case-04-r13' };
    const all = await Promise.all([
      save({ ...video, position: 2, segments: [[0, 2]] }),
      save({ ...video, position: 4, segments: [[2, 4]] }),
      save({ ...video, position: 6, segments: [[4, 5]] }),
    ]);
    expect(all.map((a) => a.resultCode)).toEqual([200, 200, 200]);
    const at = await get(tokens.normal, '/api/course/userModelRecord/selectLearnLocation?caseId=case-04&resourceId=case-04-r13');
    expect(at.data.watched).toBe(5);
  });
});

describe('ticks by hand and course sections', () => {
  it('a node without resources or exam is ticked by hand', async () => {
    const doc = (await officialMap(db(), 'case-01'))!;
    const study = await caseStudyNodes(db(), 'case-01');
    const plain = doc.root.children![0]!.data.id as string;
    expect(study.has(plain)).toBe(false);
    expect((await requirements('case-01', plain)).data).toMatchObject({ byHand: 1, items: [] });
    expect((await post(tokens.normal, '/api/course/caseRecord/addRecord', { caseId: 'case-01', nodeId: plain, isStudy: '1' })).data).toMatchObject({
      isStudy: 1,
    });
    expect((await requirements('case-01', plain)).data.learnt).toBe(1);
  });

  it('a course section at 2× is learnt by coverage; faster is refused', async () => {
    const node = await db()
      .selectFrom('course_nodes')
      .select(['id', 'course_id', 'duration'])
      .where('course_id', '=', 'course-02')
      .where('duration', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const report = (segments: number[][]) => save({ courseId: node.course_id, nodeId: node.id, position: segments.at(-1)![1], segments });
    expect((await report([[0, 2]])).data.isStudy).toBe(2);
    expect((await report([[2, node.duration]])).errMsg).toBe(TOO_FAST);
    await db()
      .updateTable('learn_locations')
      .set({ coverage_started_at: new Date(Date.now() - (node.duration / 2) * 1000) })
      .where('student_id', '=', 'stu-0001')
      .where('node_id', '=', node.id)
      .execute();
    expect((await report([[2, node.duration]])).data).toMatchObject({ isStudy: 1, watched: node.duration });
  });
});

/** The engine's root percentage of one student's case: the official map, ✓ on their learnt nodes, the case's study nodes. */
async function enginePercent(studentId: string, caseId: string): Promise<number | undefined> {
  const learnt = new Set(
    (
      await db()
        .selectFrom('case_records')
        .select('node_id')
        .where('student_id', '=', studentId)
        .where('case_id', '=', caseId)
        .where('resource_id', '=', '')
        .where('is_study', '=', 1)
        .execute()
    ).map((r) => r.node_id),
  );
  const doc = await officialMap(db(), caseId);
  if (!doc) return undefined;
  const ed = new MindEditor();
  ed.load(markProgress(doc, learnt, undefined));
  ed.setStudyNodes([...(await caseStudyNodes(db(), caseId))]);
  return percentOf(ed.progressOf(ed.doc.root.id));
}

/** Every application's stored percentage, and the normal student's list rows, equal the engine's. */
async function expectAgreement(stored = true): Promise<void> {
  const apps = await db().selectFrom('case_applications').select(['student_id', 'case_id', 'progress']).execute();
  expect(apps.length).toBeGreaterThan(3);
  for (const a of apps) {
    const engine = await enginePercent(a.student_id, a.case_id);
    if (engine === undefined) continue;
    if (stored) expect(a.progress, `stored ${a.student_id} ${a.case_id}`).toBe(engine);
    if (a.student_id === 'stu-0001') expect(await listProgress(a.case_id), `listed ${a.case_id}`).toBe(engine);
  }
}

describe('one definition of the case percentage', () => {
  it('the list percentage equals the engine root percentage for every seeded application', async () => {
    await expectAgreement();
  });

  it('a tick taken back (untick) lowers it everywhere at once, and the node must be learnt again', async () => {
    const study = await caseStudyNodes(db(), 'case-01');
    const learnt = await db()
      .selectFrom('case_records')
      .select('node_id')
      .where('student_id', '=', 'stu-0001')
      .where('case_id', '=', 'case-01')
      .where('resource_id', '=', '')
      .where('is_study', '=', 1)
      .execute();
    const node = learnt.map((r) => r.node_id).find((id) => study.has(id))!;
    expect(node).toBeDefined();
    const before = await listProgress('case-01');
    const back = await post(tokens.normal, '/api/course/caseRecord/addRecord', { caseId: 'case-01', nodeId: node, isStudy: '2' });
    expect(back.data).toMatchObject({ isStudy: 2, nodeLearnt: 0 });
    const req = (await requirements('case-01', node)).data;
    expect(req).toMatchObject({ learnt: 0 });
    expect(req.missing.length).toBeGreaterThan(0);
    expect(await listProgress('case-01')).toBeLessThan(before!);
    await expectAgreement();
  });

  it('the official map gaining a study node moves the list percentage with it', async () => {
    const doc = (await officialMap(db(), 'case-01'))!;
    const study = await caseStudyNodes(db(), 'case-01');
    const learnt = new Set(
      (await db().selectFrom('case_records').select('node_id').where('student_id', '=', 'stu-0001').where('case_id', '=', 'case-01').execute()).map(
        (r) => r.node_id,
      ),
    );
    const plain = doc.root.children!.map((c) => String(c.data.id)).find((id) => !study.has(id) && !learnt.has(id))!;
    const before = await listProgress('case-01');
    expect(before).toBeGreaterThan(0);
    await db()
      .insertInto('study_resources')
      .values({ id: 'case-01-added', case_id: 'case-01', node_id: plain, file_name: '新增资料', file_suffix_code: 2 })
      .execute();
    // What the content trigger tells every process (here at once, not after the notification's round trip).
    t.app.contentCache.invalidate('study_resources');
    try {
      expect(await listProgress('case-01')).toBe(await enginePercent('stu-0001', 'case-01'));
      expect(await listProgress('case-01')).toBeLessThan(before!);
      await expectAgreement(false);
    } finally {
      await db().deleteFrom('study_resources').where('id', '=', 'case-01-added').execute();
      t.app.contentCache.invalidate('study_resources');
    }
  });
});
