import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { envelopeOf, pageSchemaOf } from '../../http/envelope-schema';
import { PageQuery } from '../../lib/paging';
import { findMessage, markAllRead, markRead, pageMessages } from './messages';

const PageMsgQuery = Type.Object({
  ...PageQuery,
  isLook: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  title: Type.Optional(Type.String({ maxLength: 100 })),
});
// The message id is accepted as `uuid` (what list items carry) or `id`.
const IdShape = { uuid: Type.Optional(Type.String({ maxLength: 64 })), id: Type.Optional(Type.String({ maxLength: 64 })) };
const IdQuery = Type.Object(IdShape);

const MessageSchema = Type.Object({
  uuid: Type.String(), title: Type.String(), content: Type.String(), msgType: Type.Integer(), sender: Type.String(),
  isLook: Type.Integer(), createTime: Type.String(), readTime: Type.String(),
});
const MessagePage = pageSchemaOf(MessageSchema);

function idOf(x: { uuid?: string; id?: string }): string {
  const id = x.uuid || x.id;
  if (!id) throw badRequest('缺少参数：消息编号');
  return id;
}

/** The student's notifications (SPEC §7 userMessage/*), all scoped to the signed-in student. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  r.get('/api/customer/userMessage/pageMsg', { schema: { querystring: PageMsgQuery, response: envelopeOf(MessagePage) } }, async (request) =>
    ok(await pageMessages(app.db, studentIdOf(request), request.query)),
  );

  // The header's unread dot: data.list is a page of unread messages, data.list.total their count.
  r.get('/api/customer/userMessage/newsCheck', { schema: { querystring: PageMsgQuery, response: envelopeOf(Type.Object({ list: MessagePage })) } }, async (request) => {
    const studentId = studentIdOf(request);
    const q = { ...request.query, isLook: request.query.isLook ?? 0 };
    const load = () => pageMessages(app.db, studentId, q);
    // Every screen's header polls the first unread page: cached per student, and only that page
    // (no title filter, at most 10 per page), so the entries per student stay few.
    const polled = q.isLook === 0 && !q.title && q.currentNum === 1 && q.currentSize <= 10;
    return ok({ list: await (polled ? app.studentCache.get(studentId, `unread:${q.currentSize}`, load) : load()) });
  });

  /** Marks read, then forgets the cached unread poll before answering (the trigger tells the other processes). */
  async function read(studentId: string, id?: string): Promise<number> {
    const changed = id === undefined ? await markAllRead(app.db, studentId) : Number(await markRead(app.db, studentId, id));
    app.studentCache.forget(studentId);
    return changed;
  }

  // Opening a message reads it.
  r.get('/api/customer/userMessage/detailsMsg', { schema: { querystring: IdQuery, response: envelopeOf(MessageSchema) }, config: { write: { experience: 'allow' } } }, async (request) => {
    const studentId = studentIdOf(request);
    const id = idOf(request.query);
    if (!(await read(studentId, id))) throw notFound('消息不存在');
    const message = await findMessage(app.db, studentId, id);
    if (!message) throw notFound('消息不存在');
    return ok(message);
  });

  r.post('/api/customer/userMessage/changeIsLook', { schema: { body: Type.Optional(Type.Object(IdShape)), querystring: IdQuery }, config: { write: { experience: 'allow' } } }, async (request) => {
    const id = idOf({ ...request.query, ...(request.body ?? {}) });
    if (!(await read(studentIdOf(request), id))) throw notFound('消息不存在');
    return ok(null);
  });

  // Marks every unread message read; data is how many changed.
  r.post('/api/customer/userMessage/setIsLook', { config: { write: { experience: 'allow' } } }, async (request) => ok(await read(studentIdOf(request))));
}
