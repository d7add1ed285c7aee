import { caseRef } from './map-log';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { EXPERIENCE, NORMAL, applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { EXPERIENCE_MSG, NOT_APPLIED_MSG } from '../cases/access';
import { LIMIT_MESSAGES, MAX_NODE_DEPTH } from '../../../mindmap/core';
import { COMPACT_AFTER } from './head';
import { RELOAD_MSG } from './changes';

// saveChanges / mapChanges (issue 30): change sets applied to the map's head, logged once by id,
// answered in the server's order; the readers see the head; a whole save makes tabs reload.

const t = useTestApp({ normal: NORMAL, experience: EXPERIENCE });
const A = 'stu-0001';
let b = '';
beforeAll(async () => {
  await applyTo(t.app, t.tokens.normal, 'case-02', 'case-03', 'case-05');
  b = await addStudent(t, 'stu-changes-b', '13700000236');
});

const START = () => ({
  root: {
    data: { id: 'r', text: '中心' },
    children: [{ data: { id: 'c1', text: '第一章' }, children: [{ data: { id: 'c11', text: '要点' } }] }, { data: { id: 'c2', text: '第二章' } }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});
const whole = (caseId: string, version: number, document: object = START()) =>
  t.post(t.tokens.normal, '/api/course/mindStudent/saveStuMind', { caseId, version, document });
const send = (caseId: string, base: number, sets: { id: string; changes: object[] }[], token = t.tokens.normal) =>
  t.post(token, '/api/course/mindStudent/saveChanges', { caseId, base, sets });
const rename = (id: string, before: string, after: string) => ({ op: 'set', id, key: 'text', before, after });
const shown = async (caseId: string) => (await t.get(t.tokens.normal, `/api/course/mindStudent/showMind?caseId=${caseId}`)).data;
const logRows = (caseId: string) =>
  t.database.db.selectFrom('map_changes').select(['version', 'set_id']).where('student_id', '=', A).where('case_id', '=', caseId).orderBy('version').execute();
const row = (caseId: string) =>
  t.database.db.selectFrom('student_maps').selectAll().where('student_id', '=', A).where('case_id', '=', caseId).executeTakeFirstOrThrow();

describe('saveChanges', () => {
  it('applies a set, answers it with its version, and a resent set is applied once', async () => {
    expect((await whole('case-02', 0)).data.version).toBe(1);
    const sets = [{ id: 'tabA:1', changes: [rename('c1', '第一章', '总论')] }];
    const first = await send('case-02', 1, sets);
    expect(first).toMatchObject({ resultCode: 200, data: { version: 2, sets: [{ id: 'tabA:1', version: 2, changes: [rename('c1', '第一章', '总论')] }] } });
    // the answer was lost: the tab sends it again on top of the same base
    expect((await send('case-02', 1, sets)).data).toEqual(first.data);
    expect(await logRows('case-02')).toEqual([{ version: 2, set_id: 'tabA:1' }]);
    const map = await row('case-02');
    // the document column is not rewritten by a set: it holds the snapshot, the log the rest
    expect([map.version, map.snapshot_version, map.log_from]).toEqual([2, 1, 1]);
    expect(JSON.parse(map.document).root.children[0].data.text).toBe('第一章');
    expect((await shown('case-02')).document.root.children[0].data.text).toBe('总论');
  });

  it('two tabs on stale bases: both edits are kept, each answer carries the other tab’s set in server order', async () => {
    const base = (await shown('case-02')).version;
    const a = await send('case-02', base, [{ id: 'tabA:2', changes: [rename('c2', '第二章', '方法')] }]);
    const bAnswer = await send('case-02', base, [{ id: 'tabB:1', changes: [rename('r', '中心', '课程')] }]);
    expect(a.data.sets.map((s: { id: string }) => s.id)).toEqual(['tabA:2']);
    expect(bAnswer.data.sets.map((s: { id: string; version: number }) => [s.id, s.version])).toEqual([
      ['tabA:2', base + 1],
      ['tabB:1', base + 2],
    ]);
    const doc = (await shown('case-02')).document;
    expect([doc.root.data.text, doc.root.children[1].data.text]).toEqual(['课程', '方法']);
    // another tab catching up reads the same sets
    const caught = await t.get(t.tokens.normal, `/api/course/mindStudent/mapChanges?caseId=case-02&since=${base}`);
    expect(caught.data).toEqual(bAnswer.data);
  });

  it('a topic added under a branch another tab deleted meanwhile brings the branch back with it, and says so', async () => {
    const base = (await shown('case-02')).version;
    const removed = await send('case-02', base, [
      {
        id: 'tabA:3',
        changes: [{ op: 'remove', parent: 'r', index: 0, node: { data: { id: 'c1', text: '总论' }, children: [{ data: { id: 'c11', text: '要点' } }] } }],
      },
    ]);
    expect(removed.data.notices).toBeUndefined();
    const late = await send('case-02', base, [
      { id: 'tabB:2', changes: [{ op: 'add', parent: 'c11', index: 0, node: { data: { id: 'n1', text: '新要点' } } }] },
    ]);
    expect(late.data.notices).toEqual(['「总论」已在别处删除；你在其中的修改保留了，这个分支已恢复']);
    // the set as applied: the branch as it was deleted, then the new topic in it (every tab replays this)
    expect(late.data.sets.at(-1)).toMatchObject({
      id: 'tabB:2',
      version: base + 2,
      changes: [
        { op: 'add', parent: 'r', index: 0 },
        { op: 'add', parent: 'c11' },
      ],
    });
    const c1 = (await shown('case-02')).document.root.children[0];
    expect([c1.data.text, c1.children[0].data.text, c1.children[0].children[0].data.text]).toEqual(['总论', '要点', '新要点']);
  });

  it('a delete made before another tab’s edit inside the branch arrived is not made, and says so', async () => {
    const base = (await shown('case-02')).version;
    const edited = await send('case-02', base, [{ id: 'tabB:9', changes: [rename('c11', '要点', '关键要点')] }]);
    expect(edited.data.notices).toBeUndefined();
    const c1 = (await shown('case-02')).document.root.children[0];
    const stale = await send('case-02', base, [{ id: 'tabA:8', changes: [{ op: 'remove', parent: 'r', index: 0, node: c1 }] }]);
    expect(stale.data.notices).toEqual(['「总论」没有删除：别处刚在这个分支里做了修改']);
    expect(stale.data.sets.at(-1)).toEqual({ id: 'tabA:8', version: base + 2, base, changes: [] });
    expect((await shown('case-02')).document.root.children[0].children[0].data.text).toBe('关键要点');
    // made on a base that already holds the edit, the same delete is made
    const again = await send('case-02', base + 2, [{ id: 'tabA:9', changes: [{ op: 'remove', parent: 'r', index: 0, node: c1 }] }]);
    expect(again.data.notices).toBeUndefined();
    expect(JSON.stringify((await shown('case-02')).document)).not.toContain('关键要点');
  });

  it('a set beyond the limits or malformed is refused with its reason and nothing is stored', async () => {
    const before = JSON.stringify([await row('case-02'), await logRows('case-02')]);
    const base = (await row('case-02')).version;
    let deep: object = { data: { id: 'd0', text: '深' } };
    for (let i = 1; i <= MAX_NODE_DEPTH + 2; i++) deep = { data: { id: `d${i}`, text: '深' }, children: [deep] };
    // a valid set first: the whole request is refused, it too
    const sets = [
      { id: 'tabA:14', changes: [rename('r', '课程', '不该保存')] },
      { id: 'tabA:15', changes: [{ op: 'add', parent: 'r', index: 0, node: deep }] },
    ];
    expect(await send('case-02', base, sets)).toMatchObject({ resultCode: 400, errMsg: LIMIT_MESSAGES.depth });
    for (const bad of [
      { op: 'set', id: 'r', key: 'id', before: 'r', after: 'x' },
      { op: 'add', parent: 'r', index: 0 },
      { op: 'set', id: 'r', key: 'x'.repeat(65), after: 1 },
    ])
      expect(await send('case-02', base, [{ id: 'tabA:16', changes: [bad] }]), JSON.stringify(bad)).toMatchObject({
        resultCode: 400,
        errMsg: '修改的格式不正确',
      });
    expect(JSON.stringify([await row('case-02'), await logRows('case-02')])).toBe(before);
    // and the map in memory was not left with the refused rename
    expect((await shown('case-02')).document.root.data.text).toBe('课程');
  });

  it('sets that would take the map past 5 MB are refused like a whole save of that size, nothing stored', { timeout: 60_000 }, async () => {
    // notes of 1.2 MB each (3 bytes a character in UTF-8), one per request (a request is bounded too)
    const note = '笔'.repeat(400_000);
    const add = (i: number) => ({ op: 'add', parent: 'r', index: 0, node: { data: { id: `big${i}`, text: `大${i}`, note } } });
    for (let i = 0; i < 4; i++)
      expect(await send('case-02', (await row('case-02')).version, [{ id: `big:${i + 1}`, changes: [add(i)] }])).toMatchObject({ resultCode: 200 });
    const before = JSON.stringify([await row('case-02'), await logRows('case-02')]);
    expect(await send('case-02', (await row('case-02')).version, [{ id: 'big:5', changes: [add(4)] }])).toMatchObject({
      resultCode: 400,
      errMsg: LIMIT_MESSAGES.bytes,
    });
    expect(JSON.stringify([await row('case-02'), await logRows('case-02')])).toBe(before);
    // taking them out again makes room
    const removes = [0, 1, 2, 3].map((i) => ({ op: 'remove', parent: 'r', index: 0, node: { data: { id: `big${i}` } } }));
    expect(await send('case-02', (await row('case-02')).version, [{ id: 'big:6', changes: removes }])).toMatchObject({ resultCode: 200 });
  });

  it('asks the tab to reload when there is no own map yet, after a whole save, and for a base it cannot know', async () => {
    expect(await send('case-03', 0, [{ id: 'tabA:1', changes: [] }])).toMatchObject({ resultCode: 409, errMsg: RELOAD_MSG, data: { version: 0, reload: 1 } });
    expect(await t.get(t.tokens.normal, '/api/course/mindStudent/mapChanges?caseId=case-03&since=0')).toMatchObject({
      resultCode: 200,
      data: { version: 0, sets: [] },
    });
    const base = (await row('case-02')).version;
    // an import or a restore: the map saved whole
    expect((await whole('case-02', base)).data.version).toBe(base + 1);
    expect(await logRows('case-02')).toEqual([]);
    expect(await send('case-02', base, [{ id: 'tabB:3', changes: [rename('r', '中心', '旧')] }])).toMatchObject({
      resultCode: 409,
      data: { version: base + 1, reload: 1 },
    });
    expect(await t.get(t.tokens.normal, `/api/course/mindStudent/mapChanges?caseId=case-02&since=${base}`)).toMatchObject({
      resultCode: 409,
      data: { reload: 1 },
    });
    expect(await send('case-02', base + 5, [{ id: 'tabB:3', changes: [] }])).toMatchObject({ resultCode: 409, data: { version: base + 1, reload: 1 } });
    // on top of the whole save, sets go on
    expect((await send('case-02', base + 1, [{ id: 'tabB:3', changes: [rename('r', '中心', '新')] }])).data.version).toBe(base + 2);
  });

  it('refuses the experience account, a case the student did not apply to, and another student’s map', async () => {
    expect(await send('case-02', 1, [{ id: 'x:1', changes: [] }], t.tokens.experience)).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
    expect(await send('case-02', 1, [{ id: 'x:1', changes: [] }], b)).toMatchObject({ resultCode: 403, errMsg: NOT_APPLIED_MSG });
    expect(await t.get(b, `/api/course/mindStudent/mapChanges?caseId=case-02&since=0&studentId=${A}`)).toMatchObject({ resultCode: 403 });
    // b's own map of the case (applied now) is b's: A's sets are not there
    await t.database.db.insertInto('case_applications').values({ id: 'apply-changes-b', student_id: 'stu-changes-b', case_id: 'case-02', status: 1 }).execute();
    expect(await send('case-02', 1, [{ id: 'x:1', changes: [] }], b)).toMatchObject({ resultCode: 409, data: { version: 0, reload: 1 } });
    expect(await t.get(b, '/api/course/mindStudent/mapChanges?caseId=case-02&since=0')).toMatchObject({ resultCode: 200, data: { version: 0, sets: [] } });
  });

  it('one title renamed by two tabs at once: the later is kept and its tab told; each set carries the version it was made on', async () => {
    const base = (await shown('case-02')).version;
    await send('case-02', base, [{ id: 'tabA:7', changes: [rename('c2', '第二章', '方法论')] }]);
    const later = await send('case-02', base, [{ id: 'tabB:7', changes: [rename('c2', '第二章', '研究方法')] }]);
    expect(later.data.notices).toEqual(['标题同时被修改：你的「研究方法」较晚保存，替换了别处的「方法论」']);
    expect(later.data.sets.map((s: { id: string; base?: number }) => [s.id, s.base])).toEqual([
      ['tabA:7', base],
      ['tabB:7', base],
    ]);
    expect((await shown('case-02')).document.root.children[1].data.text).toBe('研究方法');
    // a set rebased by its tab keeps the older version it was made on; a newer one than the save's base is taken as the base
    const now = base + 2;
    const rebased = await send('case-02', now, [
      { id: 'tabB:8', base: base + 1, changes: [rename('c2', '研究方法', '方法')] },
      { id: 'tabB:9', base: now + 5, changes: [rename('r', '中心', '课程')] },
    ] as never);
    expect(rebased.data.sets.map((s: { base?: number }) => s.base)).toEqual([base + 1, now]);
    const caught = await t.get(t.tokens.normal, `/api/course/mindStudent/mapChanges?caseId=case-02&since=${base}`);
    expect(caught.data.sets.map((s: { base?: number }) => s.base)).toEqual([base, base, base + 1, now]);
  });
});

describe('what follows a set', () => {
  it('the readers see the head: outline, the current version, the outline save', async () => {
    expect((await whole('case-05', 0)).data.version).toBe(1);
    await send('case-05', 1, [{ id: 't:1', changes: [rename('c2', '第二章', '附录')] }]);
    const outline = await t.get(t.tokens.normal, '/api/course/mindStudent/getMindOutline?caseId=case-05');
    expect(outline.data).toEqual({ outline: '中心\n\t第一章\n\t\t要点\n\t附录', version: 2 });
    expect((await t.get(t.tokens.normal, '/api/course/mindStudent/mapVersion?caseId=case-05&versionId=0')).data.document.root.children[1].data.text).toBe(
      '附录',
    );
    expect(
      (
        await t.post(t.tokens.normal, '/api/course/mindStudent/saveOutline', {
          caseId: 'case-05',
          version: 2,
          outline: '中心\n    第一章\n        要点\n    附录\n',
        })
      ).data,
    ).toEqual({
      version: 2,
    });
  });

  it('a 已学 mark sent as a set gets a review card, and the mark taken back retires it', async () => {
    const base = (await row('case-05')).version;
    const cards = () => t.database.db.selectFrom('review_cards').select('node_id').where('student_id', '=', A).where('source_id', '=', 'case-05').execute();
    expect(await cards()).toEqual([]);
    await send('case-05', base, [{ id: 't:2', changes: [{ op: 'set', id: 'c11', key: 'isStudy', before: undefined, after: 1 }] }]);
    expect(await cards()).toEqual([{ node_id: 'c11' }]);
    await send('case-05', base + 1, [
      { id: 't:3', changes: [{ op: 'remove', parent: 'c1', index: 0, node: { data: { id: 'c11', text: '要点', isStudy: 1 } } }] },
    ]);
    expect(await cards()).toEqual([]);
  });

  it('the state a set replaces is kept as a version once its window is over, as it was', async () => {
    const base = (await row('case-05')).version;
    const head = JSON.stringify((await shown('case-05')).document);
    await sql`update student_maps set version_started_at = version_started_at - interval '3 minutes' where student_id = ${A} and case_id = 'case-05'`.execute(
      t.database.db,
    );
    await send('case-05', base, [{ id: 't:4', changes: [rename('r', '中心', '复习')] }]);
    const kept = await t.database.db
      .selectFrom('map_versions')
      .select(['map_version', 'document', 'title'])
      .where('student_id', '=', A)
      .where('case_id', '=', 'case-05')
      .execute();
    expect(kept.map((k) => k.map_version)).toEqual([base]);
    expect(JSON.stringify(JSON.parse(kept[0].document))).toBe(head);
    // within the new window, the next set keeps nothing
    await send('case-05', base + 1, [{ id: 't:5', changes: [rename('r', '复习', '复习二')] }]);
    expect(
      (await t.get(t.tokens.normal, '/api/course/mindStudent/mapVersions?caseId=case-05')).data.versions.map((v: { mapVersion: number }) => v.mapVersion),
    ).toEqual([base + 2, base]);
    // 保留当前版本 keeps the head, not the snapshot
    await t.post(t.tokens.normal, '/api/course/mindStudent/keepMapVersion', { caseId: 'case-05', version: base + 2 });
    const latest = await t.database.db
      .selectFrom('map_versions')
      .select('document')
      .where('student_id', '=', A)
      .where('map_version', '=', base + 2)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(latest.document).root.data.text).toBe('复习二');
  });

  it('compacts: after COMPACT_AFTER sets the head is written as the snapshot, and a new process rebuilds the same map', async () => {
    let base = (await row('case-05')).version;
    const from = (await row('case-05')).snapshot_version;
    for (let i = 0; i < COMPACT_AFTER; i += 20) {
      const sets = Array.from({ length: 20 }, (_, k) => ({
        id: `c:${i + k}`,
        changes: [{ op: 'set', id: 'c2', key: 'note', before: i + k === 0 ? undefined : `n${i + k - 1}`, after: `n${i + k}` }],
      }));
      base = (await send('case-05', base, sets)).data.version;
    }
    const map = await row('case-05');
    expect(map.snapshot_version).toBeGreaterThan(from);
    expect(map.version - map.snapshot_version).toBeLessThan(COMPACT_AFTER);
    const viaCache = JSON.stringify((await shown('case-05')).document);
    // a process without the cache (another server) reads the same head from the snapshot and the log
    t.app.mapHeads.drop(caseRef(A, 'case-05'));
    expect(JSON.stringify((await shown('case-05')).document)).toBe(viaCache);
    expect(JSON.parse(viaCache).root.children[1].data.note).toBe(`n${COMPACT_AFTER - 1}`);
  });
});
