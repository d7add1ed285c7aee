import type { HelpPage, HelpQuery } from '../../../contract/help';
import type { DbOrTrx } from '../../db/database';
import type { ContentCache } from '../../lib/content-cache';
import { containsIgnoringCase, pageInMemory } from '../../lib/paging';
import { withCreateTime } from '../../lib/time';

/** Help-centre entries in their order, filtered by title; the whole list is cached content. */
export async function pageHelp(db: DbOrTrx, content: ContentCache, q: HelpQuery): Promise<HelpPage> {
  const all = await content.get('help', ['help_entries'], () =>
    db.selectFrom('help_entries').selectAll().orderBy('sort').orderBy('id').execute().then(withCreateTime),
  );
  const page = pageInMemory(q.title ? all.filter((h) => containsIgnoringCase(h.title, q.title!)) : all, q);
  return { ...page, records: page.records.map((h) => ({ uuid: h.id, title: h.title, content: h.content, category: h.category, createTime: h.createTime })) };
}
