import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CoverImage, CoverParams, CoverQuery } from '../../../contract/catalogue';

/**
 * Course and case covers (issue 18 item 4), public like the catalogue they illustrate. The URL the
 * catalogue hands out carries the cover's content hash (?v=), so that URL is cached for good; any
 * other is revalidated by ETag. One vector serves every card and hero size.
 */
export async function coverRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(
    '/api/course/cover/:id',
    { schema: { params: CoverParams, querystring: CoverQuery, response: { 200: CoverImage, 304: CoverImage, 404: CoverImage } } },
    async (request, reply) => {
      const row = await app.db.selectFrom('covers').select(['svg', 'etag']).where('id', '=', request.params.id).executeTakeFirst();
      if (!row) return reply.code(404).type('text/plain; charset=utf-8').send('封面不存在');
      const etag = `"${row.etag}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', request.query.v === row.etag ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(row.svg);
    },
  );
}
