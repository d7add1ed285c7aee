import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { MindEditor, percentOf, type KmNode } from '../../../mindmap/core';

// Issue 22 item 2: one definition of the case percentage. On random maps, with random study
// nodes (nodes carrying a resource) and random learnt nodes — learnt study nodes and hand-ticked
// plain ones, which must not count — the percentage the project lists answer, after a real
// completion through the API, equals the engine's root roll-up of the same map.
const t = useTestApp({ normal: NORMAL });
const db = () => t.database.db;
const STUDENT = 'stu-0001';

interface RandomMap {
  /** parent[i] < i: node i's parent (node 0 is the root) */
  parent: number[];
  study: boolean[];
  learnt: boolean[];
}

const randomMap: fc.Arbitrary<RandomMap> = fc.integer({ min: 2, max: 40 }).chain((size) =>
  fc.record({
    parent: fc.tuple(...Array.from({ length: size }, (_, i) => fc.nat({ max: Math.max(0, i - 1) }))).map((p) => p as number[]),
    study: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
    learnt: fc.array(fc.boolean(), { minLength: size, maxLength: size }),
  }),
);

// Fixed seed: the maps are inserted before the first list request (the catalogue is cached).
const MAPS = fc.sample(randomMap, { numRuns: 12, seed: 22 }).map((m) => {
  // At least one study node left to complete through the API.
  const study = [...m.study];
  study[m.parent.length - 1] = true;
  const learnt = [...m.learnt];
  learnt[m.parent.length - 1] = false;
  return { ...m, study, learnt };
});
const caseIdOf = (k: number) => `prop-case-${k}`;
const nodeIdOf = (k: number, i: number) => `p${k}-n${i}`;

function documentOf(k: number, m: RandomMap) {
  const nodes: KmNode[] = m.parent.map((_, i) => ({ data: { id: nodeIdOf(k, i), text: `节点 ${i}` }, children: [] }));
  m.parent.forEach((p, i) => {
    if (i > 0) nodes[p].children!.push(nodes[i]);
  });
  return { root: nodes[0], template: 'default', theme: 'fresh-blue', version: '1.4.43' };
}

beforeAll(async () => {
  for (const [k, m] of MAPS.entries()) {
    const caseId = caseIdOf(k);
    await db()
      .insertInto('cases')
      .values({ id: caseId, case_type: 1, classify_id: null, name: `随机导图 ${k}`, year: null, sort: 1000 + k })
      .execute();
    await db()
      .insertInto('official_maps')
      .values({ case_id: caseId, document: JSON.stringify(documentOf(k, m)), node_count: m.parent.length })
      .execute();
    const studyIdx = m.parent.map((_, i) => i).filter((i) => m.study[i]);
    await db()
      .insertInto('study_resources')
      .values(studyIdx.map((i) => ({ id: `${caseId}-r${i}`, case_id: caseId, node_id: nodeIdOf(k, i), file_name: `资料 ${i}`, file_suffix_code: 2 })))
      .execute();
    await db()
      .insertInto('case_applications')
      .values({ id: `${caseId}-a`, student_id: STUDENT, case_id: caseId, status: 1 })
      .execute();
    const learnt = m.parent.map((_, i) => i).filter((i) => m.learnt[i]);
    if (learnt.length)
      await db()
        .insertInto('case_records')
        .values(learnt.map((i) => ({ id: `${caseId}-c${i}`, student_id: STUDENT, case_id: caseId, node_id: nodeIdOf(k, i), resource_id: '', is_study: 1 })))
        .execute();
  }
});

describe('the list percentage is the engine root percentage on random maps', () => {
  it('after completing a study node through the API', async () => {
    for (const [k, m] of MAPS.entries()) {
      const caseId = caseIdOf(k);
      const last = m.parent.length - 1;
      const opened = await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', {
        caseId,
        nodeId: nodeIdOf(k, last),
        resourceId: `${caseId}-r${last}`,
        isStudy: '1',
      });
      expect(opened.data, caseId).toMatchObject({ isStudy: 1, nodeLearnt: 1 });

      const ed = new MindEditor();
      const doc = documentOf(k, m);
      const learnt = new Set(m.parent.map((_, i) => i).filter((i) => m.learnt[i] || i === last));
      const mark = (n: KmNode) => {
        const i = Number(String(n.data.id).split('-n')[1]);
        if (learnt.has(i)) n.data.isStudy = 1;
        n.children?.forEach(mark);
      };
      mark(doc.root);
      ed.load(JSON.stringify(doc));
      ed.setStudyNodes(
        m.parent
          .map((_, i) => i)
          .filter((i) => m.study[i])
          .map((i) => nodeIdOf(k, i)),
      );
      const engine = percentOf(ed.progressOf(nodeIdOf(k, 0)));

      const page = await t.get(t.tokens.normal, `/api/course/caseDetails/queryUserCase?currentNum=1&currentSize=100`);
      const listed = (page.data.records as Array<{ caseId: string; progress: number }>).find((r) => r.caseId === caseId);
      expect(listed?.progress, caseId).toBe(engine);
      const detail = await t.get(t.tokens.normal, `/api/course/caseDetails/getCasesDetails?caseId=${caseId}`);
      expect(detail.data.progress, caseId).toBe(engine);
    }
  });
});
