import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DictQuery, DictTree, YearList } from '../../../contract/base';
import { Reply } from '../../../contract/common';
import { ok } from '../../http/envelope';
import { dictTree, yearList } from './reference';

/**
 * Reference data. The spec writes these two paths without a leading slash (relative to the API
 * base); they are served at /api/baseManage/…. The client fetches dictionaries even before login
 * (SPEC §4), so both are public: they hold no personal data.
 */
export async function baseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/api/baseManage/v1/sysConfig/getYearList', { schema: { response: Reply(YearList) } }, async () => ok(await yearList(app.db)));
  r.get('/api/baseManage/v1/dictData/getTreeDicts', { schema: { querystring: DictQuery, response: Reply(DictTree) } }, async (request) =>
    ok(await dictTree(app.db, request.query.dictType)),
  );
}
