import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok } from '../../http/envelope';
import { PageQuery, offsetOf, limitOf, pageOf, totalCount, totalOf } from '../../lib/paging';
import { formatDateTime } from '../../lib/time';
import { escapeLike } from '../messages/messages';

/** Help-centre entries. Public: the help screen holds no personal data. */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/api/basic/helpCenter/helpCenterPage', { schema: { querystring: Type.Object({ ...PageQuery, title: Type.Optional(Type.String({ maxLength: 100 })) }) } }, async (request) => {
    const q = request.query;
    let base = app.db.selectFrom('help_entries');
    if (q.title) base = base.where('title', 'ilike', `%${escapeLike(q.title)}%`);
    const rows = await base.selectAll().select(totalCount()).orderBy('sort').orderBy('id').limit(limitOf(q)).offset(offsetOf(q)).execute();
    const total = await totalOf(rows, q, async () => Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n));
    const records = rows.map((h) => ({ uuid: h.id, title: h.title, content: h.content, category: h.category, createTime: formatDateTime(h.created_at) }));
    return ok(pageOf(records, total, q.currentNum, q.currentSize));
  });
}
