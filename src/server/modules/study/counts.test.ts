import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { MindEditor } from '../../../mindmap/core';
import { officialMap } from '../mindmaps/maps';
import { caseStudyNodes } from './completion';

// Issue 22 item 6: one 知识点 count. A case's card (list and public preview), its detail page and
// its progress count the same study nodes (nodes with resources or a node exam) — the engine's
// roll-up total of the map — and the ranking counts the learnt ones among them.
const t = useTestApp({ normal: NORMAL });
const db = () => t.database.db;

type Card = { caseId: string; nodeCount: number; studyCount?: number };

async function studyNodesOf(caseId: string) {
  const doc = await officialMap(db(), caseId);
  if (!doc) return undefined;
  const ed = new MindEditor();
  ed.load(doc);
  const study = await caseStudyNodes(db(), caseId);
  ed.setStudyNodes([...study]);
  return { total: ed.progressOf(ed.doc.root.id).total, inMap: new Set([...study].filter((id) => ed.doc.byId.has(id))) };
}

describe('a case counts its 知识点 one way everywhere', () => {
  it('card, public card, detail page, progress and ranking agree for every seeded case', async () => {
    const cards = (await t.get(t.tokens.normal, '/api/course/caseDetails/queryCasePage?caseType=1&currentNum=1&currentSize=100')).data.records as Card[];
    const preview: Card[] = [];
    for (let page = 1; page <= 5; page++)
      preview.push(...((await t.get(null, `/api/course/public/casePage?caseType=1&currentNum=${page}&currentSize=24`)).data.records as Card[]));
    expect(cards.length).toBeGreaterThan(3);
    let checked = 0;
    for (const card of cards) {
      const study = await studyNodesOf(card.caseId);
      if (!study) continue;
      checked++;
      expect(card.nodeCount, card.caseId).toBe(study.total);
      expect(preview.find((p) => p.caseId === card.caseId)?.nodeCount, card.caseId).toBe(study.total);
      const detail = await t.get(t.tokens.normal, `/api/course/caseDetails/getCasesDetails?caseId=${card.caseId}`);
      expect(detail.data.nodeCount, card.caseId).toBe(study.total);
      const anyNode = [...study.inMap][0];
      if (anyNode) {
        const req = await t.get(t.tokens.normal, `/api/course/studyRecord/nodeRequirements?caseId=${card.caseId}&nodeId=${anyNode}`);
        expect(req.data.caseTotal, card.caseId).toBe(study.total);
      }
      // The ranking: each learner's learnt study nodes, best first (hand-ticked chapters are no 知识点).
      const records = await db()
        .selectFrom('case_records')
        .innerJoin('case_applications as a', (j) => j.onRef('a.student_id', '=', 'case_records.student_id').onRef('a.case_id', '=', 'case_records.case_id'))
        .select(['case_records.student_id', 'case_records.node_id'])
        .where('case_records.case_id', '=', card.caseId)
        .where('case_records.resource_id', '=', '')
        .where('case_records.is_study', '=', 1)
        .execute();
      const applicants = await db().selectFrom('case_applications').select('student_id').where('case_id', '=', card.caseId).execute();
      const learnt = applicants
        .map((a) => records.filter((r) => r.student_id === a.student_id && study.inMap.has(r.node_id)).length)
        .sort((a, b) => b - a)
        .slice(0, 10);
      const ranking = (await t.get(t.tokens.normal, `/api/course/caseApply/getRanking?caseId=${card.caseId}`)).data as Card[];
      expect(
        ranking.map((r) => r.studyCount),
        card.caseId,
      ).toEqual(learnt);
      for (const r of ranking) expect(r.studyCount!).toBeLessThanOrEqual(card.nodeCount);
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('a chapter ticked by hand is no 知识点: neither the ranking nor the percentage moves', async () => {
    const doc = (await officialMap(db(), 'case-01'))!;
    const study = await caseStudyNodes(db(), 'case-01');
    const chapter = doc.root.children!.map((c) => String(c.data.id)).find((id) => !study.has(id))!;
    const mine = async () => {
      const ranking = (await t.get(t.tokens.normal, '/api/course/caseApply/getRanking?caseId=case-01')).data as Card[];
      const card = (
        (await t.get(t.tokens.normal, '/api/course/caseDetails/queryUserCase?currentNum=1&currentSize=50')).data.records as Array<Card & { progress: number }>
      ).find((c) => c.caseId === 'case-01')!;
      return { counts: ranking.map((r) => r.studyCount), progress: card.progress };
    };
    const before = await mine();
    const hand = await t.post(t.tokens.normal, '/api/course/caseRecord/addRecord', { caseId: 'case-01', nodeId: chapter, isStudy: '1' });
    expect(hand.data).toMatchObject({ isStudy: 1 });
    expect(await mine()).toEqual(before);
  });
});
