import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope';
import { PageQuery, containsIgnoringCase, pageInMemory } from '../../lib/paging';
import { withCreateTime } from '../../lib/time';

/** Help-centre entries. Public: the help screen holds no personal data. */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/api/basic/helpCenter/helpCenterPage', { schema: { querystring: Type.Object({ ...PageQuery, title: Type.Optional(Type.String({ maxLength: 100 })) }) } }, async (request) => {
    const q = request.query;
    const all = await app.contentCache.get('help', ['help_entries'], () => app.db.selectFrom('help_entries').selectAll().orderBy('sort').orderBy('id').execute().then(withCreateTime));
    const page = pageInMemory(q.title ? all.filter((h) => containsIgnoringCase(h.title, q.title!)) : all, q);
    const records = page.records.map((h) => ({ uuid: h.id, title: h.title, content: h.content, category: h.category, createTime: h.createTime }));
    return ok({ ...page, records });
  });
}
