import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import { HelpPage, HelpQuery } from '../../../contract/help';
import { ok } from '../../http/envelope';
import { pageHelp } from './help';

/** Help-centre entries. Public: the help screen holds no personal data. */
export async function helpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/api/basic/helpCenter/helpCenterPage', { schema: { querystring: HelpQuery, response: Reply(HelpPage) } }, async (request) =>
    ok(await pageHelp(app.db, app.contentCache, request.query)),
  );
}
