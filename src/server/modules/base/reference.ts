import type { DictTreeItem, YearItem } from '../../../contract/base';
import type { DbOrTrx } from '../../db/database';

/** The year list, newest first (sort, then year). */
export async function yearList(db: DbOrTrx): Promise<YearItem[]> {
  const rows = await db.selectFrom('years').selectAll().orderBy('sort', 'desc').orderBy('year', 'desc').execute();
  return rows.map((y) => ({ dictValue: y.year, dictLabel: `${y.year}年`, isDefault: y.is_default }));
}

/** Dictionaries as a forest: an item whose parent is not in the answer is a root. */
export async function dictTree(db: DbOrTrx, dictType?: string): Promise<DictTreeItem[]> {
  let q = db.selectFrom('dict_data').selectAll().orderBy('sort').orderBy('id');
  if (dictType) q = q.where('dict_type', '=', dictType);
  const rows = await q.execute();
  const byId = new Map<string, DictTreeItem>();
  for (const d of rows) {
    byId.set(d.id, {
      uuid: d.id,
      name: d.dict_label,
      parentId: d.parent_id,
      dictType: d.dict_type,
      dictValue: d.dict_value,
      dictLabel: d.dict_label,
      children: [],
    });
  }
  const roots: DictTreeItem[] = [];
  for (const item of byId.values()) {
    const parent = byId.get(item.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}
