import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MAX_NODES } from '../../../mindmap/core';
import { useTestApp } from '../../../../tests/server/test-app';
import { applyTo } from '../../../../tests/server/helpers';
import { addStudent } from '../../../../tests/server/security/students';
import { VERSION_WINDOW_MS } from '../mindmaps/versions';
import { CARD_CAP_MSG, REVIEW_CARD_CAP, retireCaseCards } from './cards';

// Issue 37 items 1–2: a save and its review cards commit together, at any map size the limits
// allow (PostgreSQL refuses a statement with more than 65,535 parameters, PGlite does not: this
// file runs on both), and a map's retired cards do not pile up.

const t = useTestApp({});
const { get, post } = t;
const db = () => t.database.db;

/** A map of `count` nodes (root included), every topic marked 已学, ids prefixed by `tag`. */
function learntMap(count: number, tag: string) {
  const children = Array.from({ length: count - 1 }, (_, i) => ({ data: { id: `${tag}-${i}`, text: `主题${i}`, isStudy: 1 }, children: [] }));
  return { root: { data: { id: 'root', text: '大图' }, children } };
}

const cardCount = async (studentId: string, retired?: number) => {
  let q = db()
    .selectFrom('review_cards')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('student_id', '=', studentId);
  if (retired !== undefined) q = q.where('retired', '=', retired);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('a map save and its review cards', () => {
  it('a map at the limits (50,000 topics, all 已学) saves and saves again, and every learnt topic has its card', async () => {
    const token = await addStudent(t, 'stu-cards-big', '13900003701');
    await applyTo(t.app, token, 'case-02');
    const doc = learntMap(MAX_NODES, 'big');
    const first = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: doc, version: 0 });
    expect(first).toMatchObject({ resultCode: 200, data: { version: 1 } });
    expect(await cardCount('stu-cards-big', 0)).toBe(MAX_NODES - 1);
    doc.root.children[0].data.text = '改过的主题';
    const again = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: doc, version: 1 });
    expect(again).toMatchObject({ resultCode: 200, data: { version: 2 } });
    expect(await cardCount('stu-cards-big', 0)).toBe(MAX_NODES - 1);
  }, 120_000);

  it('a save whose cards cannot be written stores nothing: the map keeps its version and the retry is not a conflict', async () => {
    const token = await addStudent(t, 'stu-cards-atomic', '13900003702');
    await applyTo(t.app, token, 'case-02');
    // The card write fails (a trigger stands in for any failure of the side effects).
    await sql`create or replace function fail_cards() returns trigger language plpgsql as $$
      begin if new.student_id = 'stu-cards-atomic' then raise exception 'cards down'; end if; return new; end $$`.execute(db());
    await sql`create trigger fail_cards before insert on review_cards for each row execute function fail_cards()`.execute(db());
    try {
      const failed = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: learntMap(3, 'a'), version: 0 });
      expect(failed.resultCode).toBe(500);
      expect((await get(token, '/api/course/mindStudent/checkIssue?caseId=case-02')).data).toMatchObject({ hasOwn: 0, version: 0 });
    } finally {
      await sql`drop trigger fail_cards on review_cards`.execute(db());
    }
    const retried = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: learntMap(3, 'a'), version: 0 });
    expect(retried).toMatchObject({ resultCode: 200, data: { version: 1 } });
    expect(await cardCount('stu-cards-atomic')).toBe(2);
  });

  it('20 saves whose learnt topics carry fresh ids leave one card per learnt topic, not one per save', async () => {
    const token = await addStudent(t, 'stu-cards-churn', '13900003703');
    await applyTo(t.app, token, 'case-02');
    let version = 0;
    for (let i = 0; i < 20; i++) {
      const saved = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: learntMap(201, `s${i}`), version });
      expect(saved.resultCode).toBe(200);
      version = saved.data.version;
    }
    expect(await cardCount('stu-cards-churn', 0)).toBe(200);
    expect(await cardCount('stu-cards-churn')).toBe(200);
  }, 60_000);
});

describe('the per-student cap of review cards', () => {
  it('past REVIEW_CARD_CAP a save is stored and says, in Chinese, that new learnt topics got no card; 需复习 by hand is refused saying so', async () => {
    const token = await addStudent(t, 'stu-cards-cap', '13900003704');
    await applyTo(t.app, token, 'case-02');
    // Cards of another case fill the cap (as years of study would).
    await sql`insert into review_cards (student_id, kind, source_id, node_id, due)
      select 'stu-cards-cap', 'case', 'case-01', 'n' || i, now() from generate_series(1, ${REVIEW_CARD_CAP - 1}) as i`.execute(db());
    const saved = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: learntMap(4, 'cap'), version: 0 });
    expect(saved).toMatchObject({ resultCode: 200, data: { version: 1, notice: CARD_CAP_MSG } });
    expect(await cardCount('stu-cards-cap')).toBe(REVIEW_CARD_CAP);
    const marked = await post(token, '/api/course/review/mark', { caseId: 'case-02', nodeId: 'root', action: 'add' });
    expect(marked).toMatchObject({ resultCode: 400, errMsg: CARD_CAP_MSG });
    // Under the cap again, the next save makes the missing cards and says nothing.
    await db().deleteFrom('review_cards').where('student_id', '=', 'stu-cards-cap').where('source_id', '=', 'case-01').execute();
    const again = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: learntMap(4, 'cap'), version: 1 });
    expect(again.data).toEqual({ version: 2 });
    expect(await cardCount('stu-cards-cap')).toBe(3);
  }, 60_000);
});

describe('which retired cards are kept', () => {
  it('a graded card whose node left the map stays while the editor’s undo or a kept version can bring the node back, then goes', async () => {
    const token = await addStudent(t, 'stu-cards-kept', '13900003705');
    await applyTo(t.app, token, 'case-02');
    const saved = await post(token, '/api/course/mindStudent/saveStuMind', { caseId: 'case-02', document: learntMap(3, 'k'), version: 0 });
    expect(saved.resultCode).toBe(200);
    // k-0 is graded (the student's work), k-1 never was.
    await db()
      .updateTable('review_cards')
      .set({ reps: 2, last_review: new Date() })
      .where('student_id', '=', 'stu-cards-kept')
      .where('node_id', '=', 'k-0')
      .execute();
    const card = (id: string) =>
      db().selectFrom('review_cards').select(['retired', 'reps']).where('student_id', '=', 'stu-cards-kept').where('node_id', '=', id).executeTakeFirst();
    const now = new Date();
    await retireCaseCards(db(), 'stu-cards-kept', 'case-02', ['root'], now);
    expect(await card('k-1')).toBeUndefined(); // nothing of the student's: made again if the node comes back
    expect(await card('k-0')).toEqual({ retired: 1, reps: 2 });
    // Back within the window (an undone delete): the same card, its grades kept.
    await retireCaseCards(db(), 'stu-cards-kept', 'case-02', ['root', 'k-0'], new Date(now.getTime() + 1000));
    expect(await card('k-0')).toEqual({ retired: 0, reps: 2 });
    // Gone again; a kept version of the map from before holds the node: the card stays past the window.
    const retiredAt = new Date(now.getTime() + 2000);
    await retireCaseCards(db(), 'stu-cards-kept', 'case-02', ['root'], retiredAt);
    const later = new Date(retiredAt.getTime() + VERSION_WINDOW_MS + 1000);
    const version = await db()
      .insertInto('map_versions')
      .values({ student_id: 'stu-cards-kept', case_id: 'case-02', map_version: 1, document: '{}', node_count: 3, bytes: 2, saved_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await retireCaseCards(db(), 'stu-cards-kept', 'case-02', ['root'], later);
    expect(await card('k-0')).toEqual({ retired: 1, reps: 2 });
    // That version pruned, nothing can bring the node back: the card goes.
    await db().deleteFrom('map_versions').where('id', '=', version.id).execute();
    await retireCaseCards(db(), 'stu-cards-kept', 'case-02', ['root'], later);
    expect(await card('k-0')).toBeUndefined();
  });
});
