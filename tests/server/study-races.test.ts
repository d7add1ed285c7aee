import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { NORMAL } from './helpers';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { spawnTarget } from './spawn-target';

/**
 * Issue 21 item 7: identical study reports sent at once against the real server process (PGlite in
 * the server project, a fresh PostgreSQL schema in server-pg). Each key keeps one study record,
 * and concurrent progress reports of one video count its real time once, not once per report.
 */
const BURST = 20;
let server: SpawnedServer | undefined;
const target = spawnTarget('races', async () => {
  await server?.stop('SIGKILL');
});
const { onPostgres, env } = target;

async function api(base: string, token: string | null, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: token } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const loginTo = async (base: string) =>
  (await api(base, null, '/api/authcust/login/token', { loginName: NORMAL, password: DEMO_PASSWORD })).data.token as string;
const burst = (base: string, token: string, path: string, body: unknown) => Promise.all(Array.from({ length: BURST }, () => api(base, token, path, body)));

/** PGlite is single-process: the database is read between server runs, never beside one. */
async function withData<T>(use: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  const h = await target.open();
  try {
    return await use(h.db);
  } finally {
    await h.close();
  }
}

describe(`concurrent study reports (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('leave one study record per key and count a video’s real time once', { timeout: 240_000 }, async () => {
    // The database starts as a copy of the seeded template (spawn-target.ts): read it before a server runs.
    const nodeOf = async (db: DatabaseHandle['db'], id: string) =>
      (await db.selectFrom('study_resources').select('node_id').where('id', '=', id).executeTakeFirstOrThrow()).node_id;
    const { courseNode, caseVideo, linkNode, otherNode } = await withData(async (db) => ({
      linkNode: await nodeOf(db, 'case-01-r07'),
      otherNode: await nodeOf(db, 'case-04-r00'),
      courseNode: await db
        .selectFrom('course_nodes')
        .select(['id', 'course_id', 'duration'])
        .where('video_id', 'is not', null)
        .where('duration', '>', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow(),
      caseVideo: await db
        .selectFrom('study_resources')
        .select(['id', 'case_id', 'node_id', 'duration'])
        .where('id', '=', 'case-04-r03')
        .executeTakeFirstOrThrow(),
    }));
    const courseReport = (to: number) => ({ courseId: courseNode.course_id, nodeId: courseNode.id, position: to, segments: [[0, to]] });
    const caseReport = (to: number) => ({ caseId: caseVideo.case_id, nodeId: caseVideo.node_id, resourceId: caseVideo.id, position: to, segments: [[0, to]] });

    server = await spawnServer(env);
    let token = await loginTo(server.url);
    const link = { resourceId: 'case-01-r07', nodeId: linkNode, fileSuffix: '2', studentId: 'stu-0001', isStudy: '1', caseId: 'case-01' };
    const other = { caseId: 'case-04', nodeId: otherNode, resourceId: 'case-04-r00', isStudy: '1' };
    const answers = [
      ...(await burst(server.url, token, '/api/course/studyRecord/addRecord', link)),
      ...(await burst(server.url, token, '/api/course/caseRecord/addRecord', other)),
      ...(await burst(server.url, token, '/api/course/userModelRecord/saveUserRecord', courseReport(1))),
      ...(await burst(server.url, token, '/api/course/userModelRecord/saveUserRecord', caseReport(1))),
    ];
    expect(answers.filter((a) => a.resultCode !== 200)).toEqual([]);
    await server.stop('SIGTERM');

    const before = await withData(async (db) => {
      const dups = await db
        .selectFrom('study_records')
        .select(['is_type', 'target_id', 'node_id', 'resource_id', sql<string>`count(*)`.as('n')])
        .where('student_id', '=', 'stu-0001')
        .groupBy(['is_type', 'target_id', 'node_id', 'resource_id'])
        .having(sql`count(*)`, '>', 1)
        .execute();
      expect(dups).toEqual([]);
      const keys = await db
        .selectFrom('study_records')
        .select('resource_id')
        .where('student_id', '=', 'stu-0001')
        .where('node_id', 'in', [link.nodeId, other.nodeId, courseNode.id])
        .execute();
      expect(keys.map((k) => k.resource_id)).toEqual(expect.arrayContaining([link.resourceId, other.resourceId, '']));
      // An hour passes before the next reports: each may now cover the whole video.
      const hourAgo = new Date(Date.now() - 3600_000);
      await db
        .updateTable('learn_locations')
        .set({ updated_at: hourAgo, coverage_started_at: hourAgo })
        .where('student_id', '=', 'stu-0001')
        .where('node_id', '=', courseNode.id)
        .execute();
      await db
        .updateTable('resource_locations')
        .set({ updated_at: hourAgo, coverage_started_at: hourAgo })
        .where('student_id', '=', 'stu-0001')
        .where('resource_id', '=', caseVideo.id)
        .execute();
      const rows = await db
        .selectFrom('study_daily')
        .select(sql<string>`coalesce(sum(seconds), 0)`.as('s'))
        .where('student_id', '=', 'stu-0001')
        .executeTakeFirstOrThrow();
      return Number(rows.s);
    });

    server = await spawnServer(env);
    token = await loginTo(server.url);
    const again = [
      ...(await burst(server.url, token, '/api/course/userModelRecord/saveUserRecord', courseReport(courseNode.duration))),
      ...(await burst(server.url, token, '/api/course/userModelRecord/saveUserRecord', caseReport(caseVideo.duration))),
    ];
    expect(again.filter((a) => a.resultCode !== 200)).toEqual([]);
    await server.stop('SIGTERM');

    const after = await withData(async (db) =>
      Number(
        (
          await db
            .selectFrom('study_daily')
            .select(sql<string>`coalesce(sum(seconds), 0)`.as('s'))
            .where('student_id', '=', 'stu-0001')
            .executeTakeFirstOrThrow()
        ).s,
      ),
    );
    // Each video adds at most its own length, however many reports arrive together.
    expect(after - before).toBeGreaterThan(0);
    expect(after - before).toBeLessThanOrEqual(courseNode.duration + caseVideo.duration);
  });
});
