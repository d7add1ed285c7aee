import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL });
const { tokens } = t;

const get = (url: string) => t.get(tokens.normal, url);
type Node = { nodeId: string; text: string; hasExam: number };

describe('node exams on the node payload', () => {
  it('queryNodeBasicByStudentId flags exactly the nodes getExamByNodeId answers for', async () => {
    const nodes = (await get('/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-01')).data as Node[];
    expect(nodes.every((n) => n.hasExam === 0 || n.hasExam === 1)).toBe(true);
    const withExam = nodes.filter((n) => n.hasExam === 1);
    // The seed gives case-01 node exams on the first topic of its first two chapters.
    expect(withExam.map((n) => n.text)).toEqual(['用户调研', '总体架构']);
    for (const n of withExam) {
      const paper = await get(`/api/course/nodeTestUser/getExamByNodeId?caseId=case-01&nodeId=${n.nodeId}`);
      expect(paper).toMatchObject({ resultCode: 200, data: { title: `${n.text}节点测验` } });
    }
    const without = nodes.find((n) => n.hasExam === 0 && n.text === '用例建模')!;
    expect((await get(`/api/course/nodeTestUser/getExamByNodeId?caseId=case-01&nodeId=${without.nodeId}`)).resultCode).toBe(404);
  });

  it('each case flags the nodes of its own exams', async () => {
    const nodes = (await get('/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-02')).data as Node[];
    expect(nodes.filter((n) => n.hasExam === 1)).toHaveLength(2);
  });
});
