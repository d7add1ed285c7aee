// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../app/http/client';
import { flushGrades, memoryOutbox, secondsAgo, serialised, type PendingGrade } from './grade-outbox';
import type { GradeBody, GradeResult } from './review-api';

const pending = (id: string, givenAt: number, studentId = 's1'): PendingGrade => ({
  studentId,
  givenAt,
  body: { gradeId: id, kind: 'case', sourceId: 'case-01', nodeId: `n-${id}`, rating: 3 },
});
const okAnswer = (b: GradeBody): Envelope<GradeResult> => ({
  resultCode: 200,
  errMsg: '',
  data: { gradeId: b.gradeId, replayed: 0, due: '', dueAt: 1, scheduledDays: 1 },
});

describe('grade outbox', () => {
  it('sends the student’s grades oldest first, with how long ago each was given', async () => {
    const box = memoryOutbox();
    await box.put(pending('b', 5_000));
    await box.put(pending('a', 1_000));
    await box.put(pending('other', 2_000, 's2'));
    const sent: GradeBody[] = [];
    const r = await flushGrades(
      box,
      's1',
      async (b) => (sent.push(b), okAnswer(b)),
      () => 61_000,
    );
    expect(sent.map((b) => [b.gradeId, b.secondsAgo])).toEqual([
      ['a', 60],
      ['b', 56],
    ]);
    expect(r).toMatchObject({ offline: false, left: 0 });
    expect((await box.all()).map((g) => g.body.gradeId)).toEqual(['other']);
  });

  it('keeps everything from the first transport failure on, and drops what the server refused', async () => {
    const box = memoryOutbox();
    for (const [id, at] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      await box.put(pending(id, at));
    let calls = 0;
    const r = await flushGrades(box, 's1', async (b) => {
      calls++;
      if (b.gradeId === 'a') return { resultCode: 404, errMsg: '复习卡片不存在', data: null as never };
      throw new Error('Network Error');
    });
    expect(calls).toBe(2);
    expect(r).toMatchObject({ offline: true, left: 2, refused: [{ gradeId: 'a', errMsg: '复习卡片不存在' }] });
    expect((await box.all()).map((g) => g.body.gradeId).sort()).toEqual(['b', 'c']);
  });

  it('keeps the grades of an expired session for the next login', async () => {
    const box = memoryOutbox();
    await box.put(pending('a', 1));
    const r = await flushGrades(box, 's1', async () => ({ resultCode: 40101, errMsg: '', data: null as never }));
    expect(r.left).toBe(1);
    expect(await box.all()).toHaveLength(1);
  });

  it('bounds the age to what the server accepts, and runs one flush at a time', async () => {
    expect(secondsAgo(0, 40 * 86400_000)).toBe(30 * 86400);
    expect(secondsAgo(5_000, 1_000)).toBe(0);
    const order: string[] = [];
    const run = serialised(async (name: string) => {
      order.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      order.push(`end ${name}`);
    });
    await Promise.all([run('1'), run('2')]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });
});
