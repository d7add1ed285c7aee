import { beforeAll, describe, expect, it } from 'vitest';
import { EXPERIENCE_MSG, GRADUATED_MSG, NOT_APPLIED_MSG } from '../../../src/server/modules/cases/access';
import { useTestApp } from '../test-app';
import { EXPERIENCE, call } from '../helpers';
import type { RouteCase } from '../routes';
import { addStudent } from './students';

// Who may write what (SPEC §6), driven by the table of routes the app registered: a route added
// later is in this test without anyone listing it.
const t = useTestApp({ experience: EXPERIENCE });

/**
 * The experience account's writes, decided per route: it may keep its own session and read
 * marks; everything else (saving, submitting, applying, signing up, uploading, its profile) is
 * refused with the SPEC's message. A new write route is refused unless it is added here.
 */
const EXPERIENCE_MAY = new Set([
  'POST /api/authcust/login/token',
  'POST /api/authcust/login/logout',
  'GET /api/customer/userMessage/detailsMsg',
  'POST /api/customer/userMessage/changeIsLook',
  'POST /api/customer/userMessage/setIsLook',
]);
/** Fields that name a case, directly or through an exam: a route taking one writes to a case. */
const CASE_FIELDS = ['caseId', 'examId'];
/** Case routes that need no application: they are how one applies. */
const APPLYING = new Set(['POST /api/course/caseApply/saveApply', 'POST /api/course/caseApply/directApply']);

const nameOf = (r: RouteCase) => `${r.method} ${r.path}`;
const writes = () => t.routes.filter((r) => r.write);
const STUDENT_TABLES = [
  'student_maps',
  'map_versions',
  'own_maps',
  'own_map_versions',
  'map_changes',
  'case_records',
  'case_applications',
  'course_signups',
  'learn_locations',
  'resource_locations',
  'study_records',
  'task_students',
  'exam_attempts',
  'study_daily',
  'tutor_signups',
  'user_messages',
  'review_cards',
  'review_grades',
] as const;

/** Everything stored for one student, to prove a refused request left no trace. */
async function snapshot(studentId: string): Promise<string> {
  const db = t.database.db;
  const parts: unknown[] = [await db.selectFrom('students').selectAll().where('id', '=', studentId).execute()];
  for (const table of STUDENT_TABLES) parts.push(await db.selectFrom(table).selectAll().where('student_id', '=', studentId).execute());
  parts.push(await db.selectFrom('files').selectAll().where('owner_id', '=', studentId).execute());
  // an own map's change sets are keyed by the map (the student's maps name them)
  parts.push(
    await db
      .selectFrom('own_map_changes')
      .selectAll()
      .where('map_id', 'in', db.selectFrom('own_maps').select('id').where('student_id', '=', studentId))
      .execute(),
  );
  for (const table of ['map_members', 'map_removals'] as const)
    parts.push(
      await db
        .selectFrom(table)
        .selectAll()
        .where((eb) => eb.or([eb('owner_id', '=', studentId), eb('member_id', '=', studentId)]))
        .execute(),
    );
  return JSON.stringify(parts);
}

// A case with a video resource and a node exam, and a valid value for every field a write takes.
let sample: Record<string, unknown> = {};
/** Whose case map markNow names: the test student is a member of it. */
const MAP_OWNER = 'stu-0001';
let caseId = '';
let pdfSample: Record<string, unknown> = {};
beforeAll(async () => {
  const db = t.database.db;
  const video = await db
    .selectFrom('study_resources as r')
    .innerJoin('exams as e', (j) => j.onRef('e.case_id', '=', 'r.case_id').on('e.exam_type', '=', 1))
    .select(['r.id', 'r.case_id', 'r.node_id', 'e.id as exam_id'])
    .where('r.file_suffix_code', '=', 3)
    .orderBy('r.case_id')
    .executeTakeFirstOrThrow();
  caseId = video.case_id;
  // savePdfPages takes a PDF of the case (a video's id is a 404 there).
  const pdf = await db
    .selectFrom('study_resources')
    .select(['id', 'node_id'])
    .where('case_id', '=', caseId)
    .where('file_suffix_code', '=', 4)
    .executeTakeFirstOrThrow();
  pdfSample = { nodeId: pdf.node_id, resourceId: pdf.id };
  const map = (await t.get(t.tokens.experience, `/api/course/mindStudent/showMind?caseId=${caseId}`)).data.document;
  const outline = (await t.get(t.tokens.experience, `/api/course/mindStudent/getMindOutline?caseId=${caseId}`)).data.outline;
  sample = {
    caseId,
    examId: video.exam_id,
    nodeId: video.node_id,
    // 回忆练习 of the whole map: its root is the branch
    branchId: map.root.data.id,
    resourceId: video.id,
    document: map,
    outline,
    version: 0,
    // saveChanges: one set on top of the map saveStuMind stores first (version 1)
    base: 1,
    sets: [{ id: 'wp:1', changes: [{ op: 'set', id: map.root.data.id, key: 'note', before: undefined, after: '笔记' }] }],
    answers: [],
    position: 1,
    watched: 1,
  };
});

type Schema = {
  type?: string;
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  minimum?: number;
  default?: unknown;
  items?: Schema;
  minItems?: number;
};

/** A value the schema accepts: the sample for a known field name, else the smallest valid one. */
function valueFor(schema: Schema | undefined, name?: string): unknown {
  if (name && name in sample) return sample[name];
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf) return valueFor(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) if (schema.required?.includes(k) || k in sample) out[k] = valueFor(s, k);
      return out;
    }
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.default ?? schema.minimum ?? 0;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => valueFor(schema.items));
    case 'boolean':
      return false;
  }
  return undefined;
}

/** A request the route's schema accepts, with the sample case in it. */
function validRequest(r: RouteCase) {
  const query = valueFor(r.schema.querystring as Schema) as Record<string, string> | undefined;
  const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
  const body = (valueFor(r.schema.body as Schema) as object | undefined) ?? {};
  // markNow: a member's own 正在学 on a classmate's map names its owner (the student is made a member below)
  const payload =
    r.method === 'GET'
      ? undefined
      : r.path.endsWith('/savePdfPages')
        ? { ...body, ...pdfSample }
        : r.path.endsWith('/markNow')
          ? { ...body, studentId: MAP_OWNER }
          : body;
  return { method: r.method, url: r.url + qs, payload };
}
const send = (token: string, r: RouteCase, request = validRequest(r)) => call(t.app, token, request);

describe('every write route the app registered', () => {
  it('declares its policy: the experience account refused except where decided, case writes scoped', () => {
    expect(writes().length).toBeGreaterThan(20);
    for (const r of writes()) {
      expect(r.policy, `${nameOf(r)} declares no config.write`).toBeDefined();
      expect(r.policy!.experience, nameOf(r)).toBe(EXPERIENCE_MAY.has(nameOf(r)) ? 'allow' : 'refuse');
      const fields = [r.schema.body, r.schema.querystring].flatMap((s) => Object.keys((s as Schema | undefined)?.properties ?? {}));
      if (fields.some((f) => CASE_FIELDS.includes(f)) && !APPLYING.has(nameOf(r)))
        expect(r.policy!.caseOf, `${nameOf(r)} takes a case but does not check the application`).toBeTypeOf('function');
    }
    for (const name of EXPERIENCE_MAY)
      expect(
        writes().some((r) => nameOf(r) === name),
        name,
      ).toBe(true);
  });

  it('refuses the experience account with the SPEC message, before reading the input, and stores nothing', async () => {
    const before = await snapshot('stu-0002');
    for (const r of writes().filter((x) => x.policy?.experience === 'refuse')) {
      // A valid request (saveStuMind, saveOutline and submitExam used to answer 200) and an empty one.
      expect(await send(t.tokens.experience, r), nameOf(r)).toMatchObject({ resultCode: 403, errMsg: EXPERIENCE_MSG });
      expect(await call(t.app, t.tokens.experience, { method: r.method, url: r.url, payload: r.method === 'GET' ? undefined : {} }), nameOf(r)).toMatchObject({
        resultCode: 403,
        errMsg: EXPERIENCE_MSG,
      });
    }
    expect(await snapshot('stu-0002')).toBe(before);
    // What it may do still works.
    expect((await t.post(t.tokens.experience, '/api/customer/userMessage/setIsLook', {})).resultCode).toBe(200);
  });

  it('case writes need an active application: refused without one and after graduation, accepted with one', async () => {
    const token = await addStudent(t, 'stu-wp', '13700000901');
    const scoped = writes().filter((r) => r.policy?.caseOf);
    expect(scoped.map(nameOf)).toEqual(
      expect.arrayContaining([
        'POST /api/course/mindStudent/saveStuMind',
        'POST /api/course/mindStudent/saveChanges',
        'POST /api/course/mindStudent/saveOutline',
        'POST /api/course/mindStudent/markNow',
        'POST /api/course/nodeTestUser/submitExam',
      ]),
    );
    const before = await snapshot('stu-wp');
    for (const r of scoped) expect(await send(token, r), nameOf(r)).toMatchObject({ resultCode: 403, errMsg: NOT_APPLIED_MSG });
    expect(await snapshot('stu-wp')).toBe(before);

    await t.database.db.insertInto('case_applications').values({ id: 'apply-wp', student_id: 'stu-wp', case_id: caseId, status: 2 }).execute();
    const graduated = await snapshot('stu-wp');
    for (const r of scoped) expect(await send(token, r), nameOf(r)).toMatchObject({ resultCode: 403, errMsg: GRADUATED_MSG });
    expect(await snapshot('stu-wp')).toBe(graduated);

    await t.database.db.updateTable('case_applications').set({ status: 1 }).where('id', '=', 'apply-wp').execute();
    // a classmate's map shared with the student (只读: marking one's own 正在学 is no edit of it)
    await t.database.db
      .insertInto('map_members')
      .values({ owner_id: MAP_OWNER, map_kind: 'case', map_ref: caseId, member_id: 'stu-wp', can_edit: 0 })
      .execute();
    // 我的导图's case link names a map of the student's own (the sample's mapId).
    sample = { ...sample, mapId: (await t.post(token, '/api/mymaps/create', { template: 'blank' })).data.mapId };
    // The outline first (it must describe the official map while there is no own map), the exam in its order.
    const order = ['saveOutline', 'saveStuMind', 'saveChanges', 'startExam', 'saveAnswers', 'submitExam'];
    const rank = (r: RouteCase) => order.indexOf(r.path.split('/').pop()!);
    for (const r of [...scoped].sort((a, b) => rank(a) - rank(b))) {
      const res = await send(token, r);
      expect(res.resultCode, `${nameOf(r)} ${res.errMsg}`).toBe(200);
    }
    // An unknown case is a 404, not a hint about applications.
    const save = scoped.find((r) => r.path.endsWith('/saveStuMind'))!;
    expect(await send(token, save, { ...validRequest(save), payload: { ...sample, caseId: 'no-such-case' } })).toMatchObject({
      resultCode: 404,
      errMsg: '案例不存在',
    });
  });
});

describe('numeric inputs', () => {
  const INT32 = 2 ** 31 - 1;
  /** Every number schema in a route's input, with where it is. */
  function numbers(schema: Schema | undefined, at: string, out: [string, Schema][] = []): [string, Schema][] {
    if (!schema) return out;
    // A literal (`const`) is bounded by itself.
    if ((schema.type === 'integer' || schema.type === 'number') && schema.const === undefined) out.push([at, schema]);
    for (const s of schema.anyOf ?? []) numbers(s, at, out);
    for (const [k, s] of Object.entries(schema.properties ?? {})) numbers(s, `${at}.${k}`, out);
    const items = (schema as { items?: Schema }).items;
    if (items) numbers(items, `${at}[]`, out);
    return out;
  }

  it('every number any registered route takes is bounded to a 32-bit column', () => {
    let count = 0;
    for (const r of t.routes) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        for (const [at, s] of numbers(r.schema[part] as Schema | undefined, part)) {
          count++;
          const { minimum, maximum } = s as { minimum?: number; maximum?: number };
          expect(minimum, `${nameOf(r)} ${at} has no minimum`).toBeTypeOf('number');
          expect(maximum, `${nameOf(r)} ${at} has no maximum`).toBeTypeOf('number');
          expect(minimum!, `${nameOf(r)} ${at}`).toBeGreaterThanOrEqual(-INT32 - 1);
          expect(maximum!, `${nameOf(r)} ${at}`).toBeLessThanOrEqual(INT32);
        }
      }
    }
    expect(count).toBeGreaterThan(10);
  });

  it('no number any route takes is negative (flags, counts, ids, positions), and a flag sent as text is one of its digits', () => {
    // Numbers whose string alternative is free text, read as a name rather than a number.
    const freeText = new Set(['POST /api/authcust/login/token body.loginType']);
    for (const r of t.routes) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        for (const [at, s] of numbers(r.schema[part] as Schema | undefined, part))
          expect((s as { minimum?: number }).minimum, `${nameOf(r)} ${at}`).toBeGreaterThanOrEqual(0);
        const unions = (schema: Schema | undefined, at: string, out: [string, Schema][] = []): [string, Schema][] => {
          if (!schema) return out;
          if (schema.anyOf?.some((x) => x.type === 'integer' || x.type === 'number')) out.push([at, schema]);
          for (const [k, x] of Object.entries(schema.properties ?? {})) unions(x, `${at}.${k}`, out);
          return out;
        };
        for (const [at, u] of unions(r.schema[part] as Schema | undefined, part)) {
          const text = u.anyOf!.find((x) => x.type === 'string') as { pattern?: string } | undefined;
          if (!text || freeText.has(`${nameOf(r)} ${at}`)) continue;
          expect(text.pattern, `${nameOf(r)} ${at}: a number-or-string field needs a digits pattern`).toMatch(/^\^\[[0-9-]+\]\$$|^\^\\d/);
          expect(new RegExp(text.pattern!).test('-1'), `${nameOf(r)} ${at}`).toBe(false);
        }
      }
    }
  });
});
