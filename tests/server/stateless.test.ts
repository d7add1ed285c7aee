import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/lib/password';
import { useTestApp } from './test-app';
import { call, login } from './helpers';
import { sql } from 'kysely';
import { CONTENT_TABLES } from '../../src/server/db/migrations/2026-11-23-s2-content-notify';
import { STUDENT_TABLES } from '../../src/server/db/migrations/2026-11-25-student-notify';
import { EXAM_CONTENT_TABLES } from '../../src/server/db/migrations/2026-12-06-exam-questions-notify';
import { RECORD_TABLES } from '../../src/server/db/migrations/2026-12-07-records-notify';

const CACHED_TABLES = [...CONTENT_TABLES, ...EXAM_CONTENT_TABLES];
const STUDENT_CACHED_TABLES = [...STUDENT_TABLES, ...RECORD_TABLES];

// Two app instances on one database stand in for N servers behind a load balancer.
const t = useTestApp();
let second: FastifyInstance;
beforeAll(async () => {
  second = await buildApp({ config: t.app.config, database: { ...t.database, close: async () => {} }, logger: false });
  await second.ready();
});
afterAll(async () => second.close());

/**
 * Another schema of the same database with the same tables and triggers (a second install, a
 * bench run: DATABASE_SCHEMA promises that is fine), present while `check` reads the catalogs.
 */
async function withDecoySchema(check: () => Promise<void>): Promise<void> {
  const db = t.database.db;
  const decoy = `decoy_${randomBytes(5).toString('hex')}`;
  await sql`create schema ${sql.id(decoy)}`.execute(db);
  try {
    await sql`create function ${sql.id(decoy, 'noop')}() returns trigger language plpgsql as $$ begin return null; end $$`.execute(db);
    for (const table of new Set([...CACHED_TABLES, ...STUDENT_CACHED_TABLES])) {
      await sql`create table ${sql.id(decoy, table)} (id text)`.execute(db);
      for (const [name, level] of [
        [`${table}_content_changed`, 'statement'],
        [`${table}_student_changed`, 'row'],
        [`${table}_student_truncated`, 'statement'],
      ]) {
        await sql`create trigger ${sql.id(name!)} after insert on ${sql.id(decoy, table)} for each ${sql.raw(level!)} execute function ${sql.id(decoy, 'noop')}()`.execute(
          db,
        );
      }
    }
    await check();
  } finally {
    await sql`drop schema ${sql.id(decoy)} cascade`.execute(db);
  }
}

describe('stateless instances', () => {
  it('a token issued by one instance works on the other, and logout on one ends it on both', async () => {
    const token = await login(t.app);
    const selectUser = { method: 'GET', url: '/api/customer/login/selectUser' } as const;
    expect((await call(second, token, selectUser)).data.userId).toBe('stu-0001');
    // Both instances now hold the session in their caches.
    expect((await call(t.app, token, selectUser)).data.userId).toBe('stu-0001');
    expect(t.app.sessionCache.size).toBeGreaterThan(0);
    await call(second, token, { method: 'POST', url: '/api/authcust/login/logout' });
    expect((await call(second, token, selectUser)).resultCode).toBe(40101);
    // The other instance hears of it through the sessions trigger's NOTIFY.
    await expect.poll(async () => (await call(t.app, token, selectUser)).resultCode, { timeout: 5000 }).toBe(40101);
  });

  it('a signed file URL issued by one instance opens on the other (one signing key, kept in the database)', async () => {
    const token = await login(t.app);
    const boundary = '----stateless';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="own.pdf"\r\n\r\n%PDF-1.4 own\r\n--${boundary}--\r\n`;
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/api/folder/file/upload',
        payload,
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
    ).json().data;
    expect((await second.inject({ method: 'GET', url: up.downloadUrl })).statusCode).toBe(404); // an own upload needs the student
    const signed = await call(t.app, token, { method: 'GET', url: `/api/folder/resource/file/signedUrl?uid=${up.uid}` });
    const res = await second.inject({ method: 'GET', url: signed.data.downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('%PDF-1.4 own');
  });

  it('login failures spread over both instances still lock the account', async () => {
    await t.database.db
      .insertInto('students')
      .values({ id: 'stu-spread', login_name: '13700000010', password_hash: await hashPassword('Right1234'), username: '多实例' })
      .execute();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? second : t.app;
      const res = await app.inject({ method: 'POST', url: '/api/authcust/login/token', payload: { loginName: '13700000010', password: 'Wrong1234' } });
      codes.push(res.json().resultCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 423]);
  });

  it('the login rate limit counts requests to both instances together', async () => {
    const max = t.app.config.loginRateLimitMax;
    const codes: number[] = [];
    for (let i = 0; i < max + 1; i++) {
      const app = i % 2 ? second : t.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/authcust/login/token',
        remoteAddress: '10.1.2.3',
        payload: { loginName: `nobody${i}`, password: 'x' },
      });
      codes.push(res.json().resultCode);
    }
    expect(codes.slice(0, max).every((c) => c === 400)).toBe(true);
    expect(codes[max]).toBe(429);
  });

  it('content changed outside the app (teacher site, operator SQL) reaches the caches of both instances', async () => {
    const token = await login(t.app);
    const help = '/api/basic/helpCenter/helpCenterPage?currentNum=1&currentSize=50';
    const titleOn = async (app: FastifyInstance) =>
      (await call(app, token, { method: 'GET', url: help })).data.records.find((r: { uuid: string }) => r.uuid === first).title;
    const first = (await call(t.app, token, { method: 'GET', url: help })).data.records[0].uuid as string;
    const before = await titleOn(second);
    expect(t.app.contentCache.size).toBeGreaterThan(0);
    await t.database.db.updateTable('help_entries').set({ title: '多实例缓存：已更新的标题' }).where('id', '=', first).execute();
    for (const app of [t.app, second]) await expect.poll(() => titleOn(app), { timeout: 5000 }).toBe('多实例缓存：已更新的标题');
    expect(before).not.toBe('多实例缓存：已更新的标题');
  });

  it('every cached content table has its change trigger', async () => {
    await withDecoySchema(async () => {
      const { rows } = await sql<{
        table: string;
      }>`select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname like '%_content_changed' and c.relnamespace = current_schema()::regnamespace`.execute(
        t.database.db,
      );
      expect(rows.map((r) => r.table).sort()).toEqual([...CACHED_TABLES].sort());
    });
  });

  it('enrolment changes outside the app (the teacher site graduating a student) reach both instances', async () => {
    const token = await login(t.app);
    const details = { method: 'GET', url: '/api/course/caseDetails/getCasesDetails?caseId=case-01' } as const;
    for (const app of [t.app, second]) expect((await call(app, token, details)).data.applyStatus).toBe(1);
    expect(t.app.studentCache.size).toBeGreaterThan(0);
    const graduate = (status: number) =>
      t.database.db.updateTable('case_applications').set({ status }).where('student_id', '=', 'stu-0001').where('case_id', '=', 'case-01').execute();
    await graduate(2);
    try {
      for (const app of [t.app, second])
        await expect.poll(async () => (await call(app, token, details)).errMsg, { timeout: 5000 }).toBe('您已结业，无法进入学习');
    } finally {
      await graduate(1);
    }
    for (const app of [t.app, second]) await expect.poll(async () => (await call(app, token, details)).resultCode, { timeout: 5000 }).toBe(200);
  });

  it('a course sign-up on one instance shows on the other, and counts once however often it is sent', async () => {
    const token = await login(t.app);
    const page = (await call(t.app, token, { method: 'GET', url: '/api/course/officialCourse/pages?currentNum=1&currentSize=50' })).data.records as {
      courseId: string;
      isSignUp: number;
    }[];
    const course = page.find((c) => c.isSignUp === 0)!.courseId;
    const get = { method: 'GET', url: `/api/course/officialCourse/getCourseByOfficialCourseId?officialCourseId=${course}` } as const;
    const before = (await call(t.app, token, get)).data;
    expect(before.isSignUp).toBe(0);
    const signUp = { method: 'PUT', url: `/api/course/custOfficialCourseSign/courseSignUp?courseId=${course}` } as const;
    expect((await Promise.all([call(second, token, signUp), call(second, token, signUp), call(t.app, token, signUp)])).map((r) => r.resultCode)).toEqual([
      200, 200, 200,
    ]);
    expect((await call(second, token, get)).data.isSignUp).toBe(1);
    await expect.poll(async () => (await call(t.app, token, get)).data.isSignUp, { timeout: 5000 }).toBe(1);
    const counted = await t.database.db.selectFrom('courses').select('study_count').where('id', '=', course).executeTakeFirstOrThrow();
    expect(counted.study_count).toBe(before.studyCount + 1);
  });

  it('every cached per-student table has its row and truncate triggers', async () => {
    await withDecoySchema(async () => {
      const { rows } = await sql<{
        table: string;
        name: string;
      }>`select c.relname as table, g.tgname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid where (g.tgname like '%_student_changed' or g.tgname like '%_student_truncated') and c.relnamespace = current_schema()::regnamespace`.execute(
        t.database.db,
      );
      expect(rows.map((r) => r.name).sort()).toEqual(STUDENT_CACHED_TABLES.flatMap((t) => [`${t}_student_changed`, `${t}_student_truncated`]).sort());
    });
  });
});
