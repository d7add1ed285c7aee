import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../http/envelope';

export interface DictTreeItem {
  uuid: string;
  name: string;
  parentId: string;
  dictType: string;
  dictValue: string;
  dictLabel: string;
  children: DictTreeItem[];
}

/**
 * Reference data. The spec writes these two paths without a leading slash (relative to the API
 * base); they are served at /api/baseManage/…. The client fetches dictionaries even before login
 * (SPEC §4), so both are public: they hold no personal data.
 */
export async function baseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // data: [{ dictValue: '2024', dictLabel: '2024年', isDefault: 0|1 }], newest first.
  r.get('/api/baseManage/v1/sysConfig/getYearList', async () => {
    const rows = await app.db.selectFrom('years').selectAll().orderBy('sort', 'desc').orderBy('year', 'desc').execute();
    return ok(rows.map((y) => ({ dictValue: y.year, dictLabel: `${y.year}年`, isDefault: y.is_default })));
  });

  // data: forest of tree items; top level = dictionary types, below = their items (nested for disciplines).
  r.get(
    '/api/baseManage/v1/dictData/getTreeDicts',
    { schema: { querystring: Type.Object({ dictType: Type.Optional(Type.String({ maxLength: 64 })) }) } },
    async (request) => {
      let q = app.db.selectFrom('dict_data').selectAll().orderBy('sort').orderBy('id');
      if (request.query.dictType) q = q.where('dict_type', '=', request.query.dictType);
      const rows = await q.execute();
      const byId = new Map<string, DictTreeItem>();
      for (const d of rows) {
        byId.set(d.id, { uuid: d.id, name: d.dict_label, parentId: d.parent_id, dictType: d.dict_type, dictValue: d.dict_value, dictLabel: d.dict_label, children: [] });
      }
      const roots: DictTreeItem[] = [];
      for (const item of byId.values()) {
        const parent = byId.get(item.parentId);
        if (parent) parent.children.push(item);
        else roots.push(item);
      }
      return ok(roots);
    },
  );
}
