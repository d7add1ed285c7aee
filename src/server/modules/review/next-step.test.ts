import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import type { KmNode } from '../mindmaps/document';
import { mostFadingBranch } from './next-step';

// The next step on a case map (issue 34 item 3): review (due, or due within the learn-ahead
// limit) before a 回忆练习 of the fading branch, before 正在学, before the next unlearnt 知识点.

const t = useTestApp();
const STUDENT = 'stu-next-step';
const DAY = 86_400_000;

interface Node {
  data: { id: string; text?: string };
  children?: Node[];
}

describe('the next step', () => {
  it('start → review after a recall with a miss → 回忆练习 of the branch whose topics fade', async () => {
    const token = await addStudent(t, STUDENT, '13907715342');
    await applyTo(t.app, token, 'case-01');
    const next = async () => (await t.get(token, '/api/course/review/nextStep?caseId=case-01')).data;

    const first = await next();
    expect(first).toMatchObject({ caseId: 'case-01', kind: 'start' });
    expect(first.nodeName).not.toBe('');
    expect(first.reason).toBe(`「${first.nodeName}」是下一个还没学的知识点。`);

    // A 回忆练习 on a branch: one topic missed (重来: back in a minute), the others recalled.
    const doc = (await t.get(token, '/api/course/mindStudent/showMind?caseId=case-01')).data.document as { root: Node };
    const below = (n: Node): Node[] => (n.children ?? []).flatMap((c) => [c, ...below(c)]);
    const branch = doc.root.children!.find((c) => below(c).length >= 2)!;
    const ids = below(branch).map((n) => n.data.id);
    const body = {
      sessionId: 'next-step-1',
      caseId: 'case-01',
      branchId: branch.data.id,
      seconds: 60,
      grades: ids.map((nodeId, i) => ({ nodeId, rating: i === 0 ? 1 : 3 })),
    };
    expect((await t.post(token, '/api/course/review/recall', body)).resultCode).toBe(200);
    expect(await next()).toMatchObject({ kind: 'review', count: ids.length, reason: expect.stringContaining('几分钟内到期') });

    // Due now: said so.
    const db = t.database.db;
    const cards = () => db.updateTable('review_cards').where('student_id', '=', STUDENT);
    await cards()
      .set({ due: new Date(Date.now() - 1000) })
      .where('node_id', '=', ids[0])
      .execute();
    expect(await next()).toMatchObject({ kind: 'review', reason: expect.stringContaining('到了复习时间') });

    // Nothing due; one topic learnt well long ago now fades: rebuild its branch from memory.
    const past = new Date(Date.now() - 40 * DAY);
    await cards()
      .set({ due: new Date(Date.now() + 30 * DAY) })
      .execute();
    await cards().set({ state: 2, stability: 10, last_review: past }).where('node_id', '=', ids[1]).execute();
    const name = String(branch.data.text ?? '');
    expect(await next()).toMatchObject({
      kind: 'recall',
      nodeId: branch.data.id,
      nodeName: name,
      count: 1,
      reason: `「${name}」有 1 个主题正在遗忘：凭记忆把这一支写出来，最能把它们找回来。`,
    });
  });

  it('the branch fading most is among the root branches with sub-topics', () => {
    const root: KmNode = {
      data: { id: 'r' },
      children: [
        { data: { id: 'a' }, children: [{ data: { id: 'a1' } }] },
        { data: { id: 'b' }, children: [{ data: { id: 'b1' } }, { data: { id: 'b2' }, children: [{ data: { id: 'b21' } }] }] },
        { data: { id: 'c' } },
      ],
    };
    expect(mostFadingBranch(root, new Set(['a1', 'b1', 'b21']))).toEqual({ id: 'b', count: 2 });
    expect(mostFadingBranch(root, new Set(['c']))).toBeNull();
    expect(mostFadingBranch(root, new Set())).toBeNull();
  });
});
