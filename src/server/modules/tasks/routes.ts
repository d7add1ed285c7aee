import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import { SubmitTaskBody, SubmitTaskResult, TaskIdQuery, TaskPage, TaskQuery, TaskResult } from '../../../contract/tasks';
import { notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { pageTasks, submitTask, taskResult } from './tasks';

/** Tasks assigned to the signed-in student and their submissions. */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/course/task/queryTaskPage', { schema: { querystring: TaskQuery, response: Reply(TaskPage) } }, async (request) =>
    ok(await pageTasks(app.db, studentIdOf(request), request.query)),
  );

  r.get('/api/course/taskStudentResource/getTaskResult', { schema: { querystring: TaskIdQuery, response: Reply(TaskResult) } }, async (request) => {
    const result = await taskResult(app.db, studentIdOf(request), request.query.taskId);
    if (!result) throw notFound('任务不存在');
    return ok(result);
  });

  r.post(
    '/api/course/taskStudentResource/addTaskByStudent',
    { schema: { body: SubmitTaskBody, response: Reply(SubmitTaskResult) }, config: { write: { experience: 'refuse' } } },
    async (request) => {
      await submitTask(app.db, studentIdOf(request), request.body);
      return ok({ taskId: request.body.taskId, status: 2 as const });
    },
  );
}
