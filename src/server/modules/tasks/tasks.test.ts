import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app';
import { GRADUATED, call, login } from '../../../../tests/server/helpers';

let t: TestApp;
let normal: string;
let graduated: string;
beforeAll(async () => {
  t = await createTestApp();
  [normal, graduated] = await Promise.all([login(t.app), login(t.app, GRADUATED)]);
});
afterAll(async () => t.close());

const get = (tok: string | null, url: string) => call(t.app, tok, { method: 'GET', url });
const submit = (tok: string, payload: object) => call(t.app, tok, { method: 'POST', url: '/api/course/taskStudentResource/addTaskByStudent', payload });

describe('tasks', () => {
  it('queryTaskPage lists the student’s tasks in every status', async () => {
    const body = await get(normal, '/api/course/task/queryTaskPage?currentNum=1&currentSize=10');
    expect(body.data.total).toBe(5);
    expect(body.data.records.map((r: { status: number }) => r.status).sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await get(normal, '/api/course/task/queryTaskPage?status=3')).data.records[0]).toMatchObject({ taskId: 'task-4', score: 92 });
    expect((await get(graduated, '/api/course/task/queryTaskPage')).data.total).toBe(1);
    expect((await get(normal, '/api/course/task/queryTaskPage?status=x')).resultCode).toBe(400);
    expect((await get(null, '/api/course/task/queryTaskPage')).resultCode).toBe(40101);
  });

  it('getTaskResult and addTaskByStudent are scoped to the student and respect deadlines', async () => {
    expect((await get(normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-4')).data).toMatchObject({ status: 3, score: 92, comment: expect.any(String) });
    expect((await get(graduated, '/api/course/taskStudentResource/getTaskResult?taskId=task-4')).resultCode).toBe(404);
    expect(await submit(normal, { taskId: 'task-1', answer: '需求规格说明书见附件。' })).toMatchObject({ resultCode: 200, data: { status: 2 } });
    expect((await get(normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-1')).data).toMatchObject({ status: 2, answer: '需求规格说明书见附件。' });
    expect((await submit(normal, { taskId: 'task-5', answer: 'late' })).errMsg).toBe('任务已截止，无法提交');
    expect((await submit(normal, { taskId: 'task-4', answer: 'again' })).resultCode).toBe(400);
    expect((await submit(graduated, { taskId: 'task-2', answer: 'not mine' })).resultCode).toBe(404);
    expect((await submit(normal, { taskId: 'task-2', answer: 'x', fileId: 'file-demo-pdf' })).errMsg).toBe('附件不存在');
    expect((await submit(normal, { taskId: 'task-2' })).resultCode).toBe(400);
  });
});

describe('help centre', () => {
  it('pages help entries without a login', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/basic/helpCenter/helpCenterPage?currentNum=2&currentSize=5' })).json();
    expect(body.data).toMatchObject({ total: 12, pages: 3, current: 2, size: 5 });
    expect(body.data.records[0]).toMatchObject({ uuid: expect.any(String), title: expect.any(String), content: expect.any(String) });
  });
});
