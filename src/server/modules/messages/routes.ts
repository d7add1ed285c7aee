import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Nothing, Reply } from '../../../contract/common';
import { MarkedCount, Message, MessageId, MessagePage, MessageQuery, NewsCheck } from '../../../contract/messages';
import { badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { findMessage, markAllRead, markRead, pageMessages, unreadPage } from './messages';

function idOf(x: { uuid?: string; id?: string }): string {
  const id = x.uuid || x.id;
  if (!id) throw badRequest('缺少参数：消息编号');
  return id;
}

/** The student's notifications (SPEC §7 userMessage/*), all scoped to the signed-in student. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/customer/userMessage/pageMsg', { schema: { querystring: MessageQuery, response: Reply(MessagePage) } }, async (request) =>
    ok(await pageMessages(app.db, studentIdOf(request), request.query)),
  );

  // The header's unread dot: data.list is a page of unread messages, data.list.total their count.
  r.get('/api/customer/userMessage/newsCheck', { schema: { querystring: MessageQuery, response: Reply(NewsCheck) } }, async (request) => {
    return ok({ list: await unreadPage(app.db, app.studentCache, studentIdOf(request), request.query) });
  });

  /** Marks read, then forgets the cached unread poll before answering (the trigger tells the other processes). */
  async function read(studentId: string, id?: string): Promise<number> {
    const changed = id === undefined ? await markAllRead(app.db, studentId) : Number(await markRead(app.db, studentId, id));
    app.studentCache.forget(studentId);
    return changed;
  }

  // Opening a message reads it.
  r.get(
    '/api/customer/userMessage/detailsMsg',
    { schema: { querystring: MessageId, response: Reply(Message) }, config: { write: { experience: 'allow' } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const id = idOf(request.query);
      if (!(await read(studentId, id))) throw notFound('消息不存在');
      const message = await findMessage(app.db, studentId, id);
      if (!message) throw notFound('消息不存在');
      return ok(message);
    },
  );

  r.post(
    '/api/customer/userMessage/changeIsLook',
    { schema: { body: Type.Optional(MessageId), querystring: MessageId, response: Reply(Nothing) }, config: { write: { experience: 'allow' } } },
    async (request) => {
      const id = idOf({ ...request.query, ...(request.body ?? {}) });
      if (!(await read(studentIdOf(request), id))) throw notFound('消息不存在');
      return ok(null);
    },
  );

  // Marks every unread message read; data is how many changed.
  r.post('/api/customer/userMessage/setIsLook', { schema: { response: Reply(MarkedCount) }, config: { write: { experience: 'allow' } } }, async (request) =>
    ok(await read(studentIdOf(request))),
  );
}
