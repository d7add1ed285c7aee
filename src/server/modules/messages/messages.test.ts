import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL, call } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL, other: GRADUATED });
const { get, tokens } = t;

describe('user messages', () => {
  it('newsCheck answers data.list as a page of unread messages', async () => {
    const body = await get(tokens.normal, '/api/customer/userMessage/newsCheck?currentNum=1&currentSize=10&isLook=0');
    expect(body.resultCode).toBe(200);
    expect(body.data.list).toMatchObject({ current: 1, size: 10, pages: 1 });
    expect(body.data.list.total).toBe(4);
    expect(body.data.list.records.every((m: { isLook: number }) => m.isLook === 0)).toBe(true);
    expect(body.data.list.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pageMsg pages all messages, newest first', async () => {
    const body = await get(tokens.normal, '/api/customer/userMessage/pageMsg?currentNum=2&currentSize=3');
    expect(body.data).toMatchObject({ total: 7, pages: 3, current: 2, size: 3 });
    expect(body.data.records).toHaveLength(3);
    expect((await get(tokens.normal, '/api/customer/userMessage/pageMsg?currentNum=0')).resultCode).toBe(400);
    expect((await get(tokens.normal, '/api/customer/userMessage/pageMsg?currentSize=abc')).errMsg).toContain('每页条数');
  });

  it('detailsMsg reads a message; another student gets 404', async () => {
    const list = await get(tokens.normal, '/api/customer/userMessage/newsCheck?isLook=0');
    const id = list.data.list.records[0].uuid as string;
    expect((await get(tokens.other, `/api/customer/userMessage/detailsMsg?uuid=${id}`)).resultCode).toBe(404);
    const body = await get(tokens.normal, `/api/customer/userMessage/detailsMsg?uuid=${id}`);
    expect(body.data).toMatchObject({ uuid: id, isLook: 1 });
    expect((await get(tokens.normal, '/api/customer/userMessage/newsCheck?isLook=0')).data.list.total).toBe(3);
  });

  it('a 新任务 notice names the task it announces (its link); other messages name none', async () => {
    const all = (await get(tokens.normal, '/api/customer/userMessage/pageMsg?currentNum=1&currentSize=10')).data.records as {
      title: string;
      taskId?: string;
    }[];
    expect(all.find((m) => m.title.startsWith('新任务'))?.taskId).toBe('task-3');
    expect(all.filter((m) => m.taskId)).toHaveLength(1);
    // the task is the student's own: its detail opens
    expect((await get(tokens.normal, '/api/course/taskStudentResource/getTaskResult?taskId=task-3')).resultCode).toBe(200);
  });

  it('changeIsLook marks one, setIsLook marks all; both scoped to the student', async () => {
    const list = await get(tokens.normal, '/api/customer/userMessage/newsCheck?isLook=0');
    const id = list.data.list.records[0].uuid as string;
    expect((await call(t.app, tokens.other, { method: 'POST', url: '/api/customer/userMessage/changeIsLook', payload: { uuid: id } })).resultCode).toBe(404);
    expect((await call(t.app, tokens.normal, { method: 'POST', url: '/api/customer/userMessage/changeIsLook', payload: { uuid: id } })).resultCode).toBe(200);
    expect((await call(t.app, tokens.normal, { method: 'POST', url: '/api/customer/userMessage/changeIsLook', payload: {} })).resultCode).toBe(400);
    expect((await call(t.app, tokens.normal, { method: 'POST', url: '/api/customer/userMessage/setIsLook' })).data).toBe(2);
    expect((await get(tokens.normal, '/api/customer/userMessage/newsCheck?isLook=0')).data.list.total).toBe(0);
    expect((await get(tokens.other, '/api/customer/userMessage/newsCheck?isLook=0')).data.list.total).toBe(4);
  });

  it('answers 40101 without a token on every message call', async () => {
    for (const url of ['pageMsg', 'newsCheck', 'detailsMsg?uuid=x']) expect((await get(null, `/api/customer/userMessage/${url}`)).resultCode).toBe(40101);
    for (const url of ['changeIsLook', 'setIsLook'])
      expect((await call(t.app, null, { method: 'POST', url: `/api/customer/userMessage/${url}`, payload: {} })).resultCode).toBe(40101);
  });

  it('newsCheck (cached per student) shows a message the teacher site sends, and forgets it once read', async () => {
    const poll = async () => (await get(tokens.other, '/api/customer/userMessage/newsCheck?currentNum=1&currentSize=1&isLook=0')).data.list;
    const before = (await poll()).total as number;
    expect(t.app.studentCache.size).toBeGreaterThan(0);
    // Written by plain SQL, as the teacher site would: only the trigger's NOTIFY can tell the cache.
    await t.database.db
      .insertInto('user_messages')
      .values({
        id: 'msg-from-teacher',
        student_id: 'stu-0003',
        title: '来自教师端的通知',
        content: '请完成第三章测验',
        msg_type: 1,
        sender: '王老师',
        created_at: new Date(),
      })
      .execute();
    await expect.poll(async () => (await poll()).total, { timeout: 5000 }).toBe(before + 1);
    expect((await poll()).records[0].title).toBe('来自教师端的通知');
    await call(t.app, tokens.other, { method: 'POST', url: '/api/customer/userMessage/changeIsLook', payload: { uuid: 'msg-from-teacher' } });
    expect((await poll()).total).toBe(before);
  });
});
