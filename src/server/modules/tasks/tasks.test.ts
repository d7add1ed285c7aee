import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';
import { multipart } from '../../../../tests/server/security/students';

const t = useTestApp({ normal: NORMAL, graduated: GRADUATED });
const { get, tokens } = t;

const submit = (tok: string, payload: object) => call(t.app, tok, { method: 'POST', url: '/api/course/taskStudentResource/addTaskByStudent', payload });

describe('tasks', () => {
  it('queryTaskPage lists the student’s tasks in every status', async () => {
    const body = await get(tokens.normal, '/api/course/task/queryTaskPage?currentNum=1&currentSize=10');
    expect(body.data.total).toBe(5);
    expect(body.data.records.map((r: { status: number }) => r.status).sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await get(tokens.normal, '/api/course/task/queryTaskPage?status=3')).data.records[0]).toMatchObject({ taskId: 'task-4', score: 92 });
    expect((await get(tokens.graduated, '/api/course/task/queryTaskPage')).data.total).toBe(1);
    expect((await get(tokens.normal, '/api/course/task/queryTaskPage?status=x')).resultCode).toBe(400);
    expect((await get(null, '/api/course/task/queryTaskPage')).resultCode).toBe(40101);
  });

  it('getTaskResult and addTaskByStudent are scoped to the student and respect deadlines', async () => {
    expect((await get(tokens.normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-4')).data).toMatchObject({
      status: 3,
      score: 92,
      comment: expect.any(String),
    });
    expect((await get(tokens.graduated, '/api/course/taskStudentResource/getTaskResult?taskId=task-4')).resultCode).toBe(404);
    expect(await submit(tokens.normal, { taskId: 'task-1', answer: '需求规格说明书见附件。' })).toMatchObject({ resultCode: 200, data: { status: 2 } });
    expect((await get(tokens.normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-1')).data).toMatchObject({
      status: 2,
      answer: '需求规格说明书见附件。',
    });
    expect((await submit(tokens.normal, { taskId: 'task-5', answer: 'late' })).errMsg).toBe('任务已截止，无法提交');
    expect((await submit(tokens.normal, { taskId: 'task-4', answer: 'again' })).resultCode).toBe(400);
    expect((await submit(tokens.graduated, { taskId: 'task-2', answer: 'not mine' })).resultCode).toBe(404);
    expect((await submit(tokens.normal, { taskId: 'task-2', answer: 'x', fileId: 'file-demo-pdf' })).errMsg).toBe('附件不存在');
    expect((await submit(tokens.normal, { taskId: 'task-2' })).resultCode).toBe(400);
  });

  it('getTaskResult names the attachment (the page showed only 下载附件)', async () => {
    const body = multipart('需求说明.docx', 'PK\x03\x04 word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const up = (
      await t.app.inject({ method: 'POST', url: '/api/folder/file/upload', headers: { authorization: tokens.normal, ...body.headers }, payload: body.payload })
    ).json();
    expect(up.resultCode).toBe(200);
    expect((await submit(tokens.normal, { taskId: 'task-2', answer: '见附件', fileId: up.data.uid })).resultCode).toBe(200);
    expect((await get(tokens.normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-2')).data).toMatchObject({
      fileId: up.data.uid,
      fileName: '需求说明.docx',
      fileSize: up.data.fileSize,
    });
    expect((await get(tokens.normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-4')).data).toMatchObject({
      fileId: '',
      fileName: '',
      fileSize: 0,
    });
  });
});

describe('help centre', () => {
  it('pages help entries without a login', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/basic/helpCenter/helpCenterPage?currentNum=2&currentSize=5' })).json();
    expect(body.data).toMatchObject({ total: 12, pages: 3, current: 2, size: 5 });
    expect(body.data.records[0]).toMatchObject({ uuid: expect.any(String), title: expect.any(String), content: expect.any(String) });
  });
});
