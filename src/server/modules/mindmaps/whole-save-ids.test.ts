import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL, applyTo } from '../../../../tests/server/helpers';
import { VERSION_WINDOW_MS } from './versions';

// A whole save names itself (saveId): a stale whole save's 409 names the whole save that made the
// map stored now, while nothing has been written over it — so the page that sent it and never
// heard back (the tab closed, the answer lost) goes on from its own save, with no choice offered.

const t = useTestApp({ normal: NORMAL });
beforeAll(() => applyTo(t.app, t.tokens.normal, 'case-02', 'case-03'));

const doc = (title: string) => ({
  root: { data: { id: 'r', text: title }, children: [{ data: { id: 'c1', text: '第一章' } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});
const saveCase = (caseId: string, version: number, title: string, saveId?: string) =>
  t.post(t.tokens.normal, '/api/course/mindStudent/saveStuMind', { caseId, version, document: doc(title), ...(saveId ? { saveId } : {}) });
const shown = (caseId: string) => t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`);
const rename = (caseId: string, base: number, setId: string) =>
  t.post(t.tokens.normal, '/api/course/mindStudent/saveChanges', {
    caseId,
    base,
    sets: [{ id: setId, changes: [{ op: 'set', id: 'c1', key: 'text', before: '第一章', after: '改过的第一章' }] }],
  });

describe('whole saves named by the page', () => {
  it('a case map: the first save and a later one are named in a stale save’s 409 while they are the map stored', async () => {
    expect(await saveCase('case-02', 0, '第一次', 'tab1-w1')).toMatchObject({ resultCode: 200, data: { version: 1 } });
    // the page never heard back, and tries again from 0: told its own save made version 1
    expect(await saveCase('case-02', 0, '第一次加上后来的', 'tab1-w2')).toMatchObject({ resultCode: 409, data: { version: 1, saveId: 'tab1-w1' } });
    expect(await saveCase('case-02', 1, '第二次', 'tab1-w3')).toMatchObject({ resultCode: 200, data: { version: 2 } });
    expect((await saveCase('case-02', 1, '过期')).data).toEqual({ version: 2, saveId: 'tab1-w3' });
    // after the window: the save that keeps a version (updateKeepingVersion) names itself too
    await t.database.db
      .updateTable('student_maps')
      .set({ version_started_at: new Date(Date.now() - VERSION_WINDOW_MS - 1000) })
      .where('case_id', '=', 'case-02')
      .execute();
    expect(await saveCase('case-02', 2, '第三次', 'tab2-w1')).toMatchObject({ resultCode: 200, data: { version: 3 } });
    expect((await saveCase('case-02', 2, '过期')).data).toEqual({ version: 3, saveId: 'tab2-w1' });
  });

  it('a case map: once anything is written over the whole save (a change set, an unnamed save) it is no longer named', async () => {
    expect(await saveCase('case-03', 0, '整体', 'tab1-w1')).toMatchObject({ data: { version: 1 } });
    expect(await rename('case-03', 1, 'tab9:1')).toMatchObject({ resultCode: 200 });
    expect((await saveCase('case-03', 1, '过期', 'tab1-w2')).data).toEqual({ version: 2 });
    // the map as shown still names its last whole save: a draft that is exactly it is stored
    expect((await shown('case-03')).data).toMatchObject({ version: 2, wholeSaveId: 'tab1-w1' });
    expect(await saveCase('case-03', 2, '未命名', undefined)).toMatchObject({ data: { version: 3 } });
    expect((await saveCase('case-03', 2, '过期')).data).toEqual({ version: 3 });
    expect((await shown('case-03')).data).not.toHaveProperty('wholeSaveId');
  });

  it('refuses a save id that is not a short word', async () => {
    for (const saveId of ['', 'a b', 'x'.repeat(65), '<script>'])
      expect(await saveCase('case-02', 3, '坏名字', saveId || ' ')).toMatchObject({ resultCode: 400 });
  });

  it('an own map (我的导图): named the same way in its 409', async () => {
    const mapId = (await t.post(t.tokens.normal, '/api/mymaps/create', { template: 'blank', title: '命名保存' })).data.mapId as string;
    const save = (version: number, title: string, saveId?: string) =>
      t.post(t.tokens.normal, '/api/mymaps/save', { mapId, version, document: doc(title), ...(saveId ? { saveId } : {}) });
    expect(await save(1, '第一次', 'tab1-w1')).toMatchObject({ resultCode: 200, data: { version: 2 } });
    expect((await save(1, '过期', 'tab1-w2')).data).toEqual({ version: 2, saveId: 'tab1-w1' });
    expect((await t.get(t.tokens.normal, `/api/mymaps/show?mapId=${mapId}`)).data).toMatchObject({ version: 2, wholeSaveId: 'tab1-w1' });
    expect(await save(2, '未命名')).toMatchObject({ data: { version: 3 } });
    expect((await save(2, '过期')).data).toEqual({ version: 3 });
  });
});
