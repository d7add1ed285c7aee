import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, NORMAL } from '../../../../tests/server/helpers';
import { MAX_OWN_BYTES, MAX_OWN_MAPS } from '../../../contract/mymaps';
import { LIMIT_MESSAGES, MAX_DOCUMENT_BYTES } from '../../../mindmap/core';
import { EXPERIENCE_MSG } from '../cases/access';
import { BYTES_LIMIT_MSG, COUNT_LIMIT_MSG } from './store';

// 导入 / 批量导入 (issue 33.2): each imported file is one request and one transaction. The rule:
// a file is checked (shape, size, the student's map count and total size) in the transaction that
// would insert it, so a refused file writes nothing and the files before it stay imported.

const t = useTestApp({ normal: NORMAL, experience: EXPERIENCE });
const A = 'stu-0001';
const doc = (title: string, topics: string[] = []) => ({
  root: { data: { id: 'r', text: title }, children: topics.map((text, i) => ({ data: { id: `t${i}`, text }, children: [] })) },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});
const importMap = (document: unknown, token = t.tokens.normal) => t.post(token, '/api/mymaps/import', { document });
const count = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('own_maps')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('student_id', '=', A)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('我的导图 导入', () => {
  it('makes a map of a decoded file, titled by its root, searchable by its topics', async () => {
    const res = await importMap(doc('导入的导图', ['线性代数', '特征值']));
    expect(res).toMatchObject({ resultCode: 200, data: { version: 1 } });
    const shown = (await t.get(t.tokens.normal, `/api/mymaps/show?mapId=${res.data.mapId}`)).data;
    expect(shown).toMatchObject({ title: '导入的导图', nodeCount: 3 });
    const hits = (await t.get(t.tokens.normal, `/api/mymaps/search?q=${encodeURIComponent('特征值')}`)).data.hits;
    expect(hits.map((h: { title: string }) => h.title)).toContain('导入的导图');
    // the .km text form is read the same way
    expect(await importMap(JSON.stringify(doc('文本形式')))).toMatchObject({ resultCode: 200 });
  });

  it('refuses a broken or too large document with the reason in Chinese, and writes nothing', async () => {
    const before = await count();
    expect(await importMap('{"root":')).toMatchObject({ resultCode: 400, errMsg: '思维导图格式错误：不是有效的 JSON' });
    expect(await importMap({ root: { children: [] } })).toMatchObject({ resultCode: 400, errMsg: LIMIT_MESSAGES.noData });
    const big = doc('大', ['x'.repeat(MAX_DOCUMENT_BYTES)]);
    const res = await importMap(big);
    expect(res.resultCode).toBe(400);
    expect([LIMIT_MESSAGES.bytes, '上传内容过大']).toContain(res.errMsg);
    expect(await count()).toBe(before);
  });

  it('refuses past the map count and the total size, each file on its own: a refused file writes nothing', async () => {
    const db = t.database.db;
    const used = await count();
    const free = 2;
    await db
      .insertInto('own_maps')
      .values(
        Array.from({ length: MAX_OWN_MAPS - used - free }, (_, i) => ({
          id: `fill-${i}`,
          student_id: A,
          title: '占位',
          document: '{}',
          search_text: '占位',
          search_key: '占位',
          version: 1,
          node_count: 1,
          bytes: 2,
          deleted_at: new Date(),
        })),
      )
      .execute();
    // a batch of three with room for two: the first two are imported, the third refused
    const answers = [];
    for (const name of ['一', '二', '三']) answers.push(await importMap(doc(name)));
    expect(answers.map((a) => a.resultCode)).toEqual([200, 200, 400]);
    expect(answers[2].errMsg).toBe(COUNT_LIMIT_MSG);
    expect(await count()).toBe(MAX_OWN_MAPS);
    await db.deleteFrom('own_maps').where('id', 'like', 'fill-%').execute();

    await db
      .updateTable('own_maps')
      .set({ bytes: MAX_OWN_BYTES - 50 })
      .where('id', '=', (await db.selectFrom('own_maps').select('id').where('student_id', '=', A).executeTakeFirstOrThrow()).id)
      .execute();
    const before = await count();
    expect(await importMap(doc('放不下', ['比五十个字节更长的一段主题文字']))).toMatchObject({ resultCode: 400, errMsg: BYTES_LIMIT_MSG });
    expect(await count()).toBe(before);
    await db
      .updateTable('own_maps')
      .set({ bytes: 100 })
      .where('bytes', '=', MAX_OWN_BYTES - 50)
      .execute();
  });

  it('the experience account keeps nothing', async () => {
    expect(await importMap(doc('体验'), t.tokens.experience)).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
  });
});
