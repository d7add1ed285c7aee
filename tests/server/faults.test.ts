import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-accounts';
import { NORMAL } from './helpers';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { spawnTarget } from './spawn-target';
import { demoAccounts } from '../../src/server/seed/demo-accounts';

/**
 * Crash safety of the real server process: SIGKILL in the middle of a burst of mind-map saves (whole
 * and by change sets, a case map's and a 我的导图 map's) and exam submissions, restart on the same data, and every acknowledged write must be there, whole.
 * Runs on PGlite in the server project and on PostgreSQL in server-pg, each on a copy of the seeded
 * template (spawn-target.ts).
 */
let server: SpawnedServer | undefined;
const target = spawnTarget('faults', async () => {
  await server?.stop('SIGKILL');
});
const { onPostgres, env } = target;

async function api(base: string, token: string | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { resultCode: number; errMsg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const CASES = ['case-01', 'case-02', 'case-03', 'case-04'];
/** Maps saved by change sets (saveChanges) after a first whole save; the others whole every time. */
const BY_SETS = new Set(['case-03', 'case-04']);
// A marker naming the version a document was saved as, and padding so each write is sizeable.
const PAD = '思维导图内容'.repeat(4000);
const docFor = (official: { root: { data: Record<string, unknown> } }, caseId: string, version: number) => {
  const doc = structuredClone(official);
  doc.root.data.note = `save ${caseId} v${version}\n${PAD}`;
  return doc;
};
/** The root's note once the change set that made `version` was applied (set n makes version n + 1). */
const noteOf = (caseId: string, version: number) => (version === 1 ? `save ${caseId} v1\n${PAD}` : `set ${caseId} n${version - 1}\n${PAD}`);
const noteSet = (rootId: string, caseId: string, version: number) => ({
  id: `kill:${version}`,
  changes: [{ op: 'set', id: rootId, key: 'note', before: noteOf(caseId, version), after: noteOf(caseId, version + 1) }],
});

describe(`SIGKILL during writes (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('every acknowledged map save and exam submission survives, nothing is half-written', { timeout: 480_000 }, async () => {
    // The database starts as a copy of the seeded template (spawn-target.ts). Let the burst's exams
    // take unlimited untimed attempts (seeded exams allow one or two), so every submission is a
    // real graded write.
    const setup = await target.open();
    try {
      await setup.db.updateTable('exams').set({ max_attempts: 1_000_000, time_limit: 0 }).where('case_id', 'in', CASES).execute();
    } finally {
      await setup.close();
    }
    server = await spawnServer(env);
    const base = server.url;
    const token = (await api(base, null, 'POST', '/api/authcust/login/token', { loginName: NORMAL, password: DEMO_PASSWORD })).data.token as string;
    // Writes to a case need an application (李明 has case-01 and case-04).
    for (const caseId of CASES) expect((await api(base, token, 'POST', '/api/course/caseApply/saveApply', { caseId })).resultCode).toBe(200);
    const officials = Object.fromEntries(
      await Promise.all(CASES.map(async (c) => [c, (await api(base, token, 'GET', `/api/course/mindStudent/showMind?caseId=${c}`)).data.document] as const)),
    );
    const exams = await Promise.all(
      CASES.map(async (c) => {
        const node = officials[c].root.children[0].children[0].data.id as string;
        const exam = (await api(base, token, 'GET', `/api/course/nodeTestUser/getExamByNodeId?caseId=${c}&nodeId=${node}`)).data;
        return { examId: exam.examId as string, answers: exam.questions.map((q: { questionId: string }) => ({ questionId: q.questionId, answer: 'A' })) };
      }),
    );

    // a 我的导图 map (imported: version 1) saved by change sets too (mymaps/changes.ts)
    const ownDoc = docFor(officials['case-01'], 'own', 1);
    const ownId = (await api(base, token, 'POST', '/api/mymaps/import', { document: ownDoc })).data.mapId as string;
    const ownRoot = ownDoc.root.data.id as string;

    const burstStart = new Date();
    let killed = false;
    let acks = 0;
    const ackedVersion = new Map<string, number>();
    const ackedSubmits = new Map<string, number>();
    const sentSubmits = new Map<string, number>();
    const saveChain = async (caseId: string) => {
      let version = 0;
      while (!killed) {
        try {
          const res =
            BY_SETS.has(caseId) && version > 0
              ? await api(base, token, 'POST', '/api/course/mindStudent/saveChanges', {
                  caseId,
                  base: version,
                  sets: [noteSet(officials[caseId].root.data.id, caseId, version)],
                })
              : await api(base, token, 'POST', '/api/course/mindStudent/saveStuMind', {
                  caseId,
                  version,
                  document: docFor(officials[caseId], caseId, version + 1),
                });
          if (res.resultCode !== 200) throw new Error(`save ${caseId}: ${res.resultCode} ${res.errMsg}`);
          version = res.data.version;
          ackedVersion.set(caseId, version);
          acks++;
        } catch (e) {
          if (killed) return;
          throw e;
        }
      }
    };
    const ownChain = async () => {
      let version = 1;
      while (!killed) {
        try {
          const res = await api(base, token, 'POST', '/api/mymaps/saveChanges', { mapId: ownId, base: version, sets: [noteSet(ownRoot, 'own', version)] });
          if (res.resultCode !== 200) throw new Error(`save own: ${res.resultCode} ${res.errMsg}`);
          version = res.data.version;
          ackedVersion.set('own', version);
          acks++;
        } catch (e) {
          if (killed) return;
          throw e;
        }
      }
    };
    const submitLoop = async (exam: { examId: string; answers: unknown[] }) => {
      while (!killed) {
        sentSubmits.set(exam.examId, (sentSubmits.get(exam.examId) ?? 0) + 1);
        try {
          const res = await api(base, token, 'POST', '/api/course/nodeTestUser/submitExam', { examId: exam.examId, answers: exam.answers });
          // Two loops submit each exam at once: the loser of a race for the same attempt is told
          // 409 and wrote nothing; anything else is a failure.
          if (res.resultCode === 409) continue;
          if (res.resultCode !== 200) throw new Error(`submit ${exam.examId}: ${res.resultCode} ${res.errMsg}`);
          ackedSubmits.set(exam.examId, (ackedSubmits.get(exam.examId) ?? 0) + 1);
          acks++;
        } catch (e) {
          if (killed) return;
          throw e;
        }
      }
    };
    const burst = Promise.all([...CASES.map(saveChain), ownChain(), ...exams.map(submitLoop), ...exams.map(submitLoop)]);
    // Kill once the burst is well under way, with requests certainly in flight.
    while (acks < 60) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    await server.stop('SIGKILL');
    await burst;
    expect(ackedVersion.size).toBe(CASES.length + 1);

    // Same data, new process.
    server = await spawnServer(env);
    const token2 = (await api(server.url, null, 'POST', '/api/authcust/login/token', { loginName: NORMAL, password: DEMO_PASSWORD })).data.token as string;
    for (const caseId of CASES) {
      const shown = await api(server.url, token2, 'GET', `/api/course/mindStudent/showMind?caseId=${caseId}`);
      expect(shown.resultCode, server.output()).toBe(200);
      const acked = ackedVersion.get(caseId)!;
      // One save may have committed without its answer reaching us; never fewer than acknowledged.
      expect(shown.data.version, caseId).toBeGreaterThanOrEqual(acked);
      expect(shown.data.version, caseId).toBeLessThanOrEqual(acked + 1);
      // The stored document is exactly the one saved as that version: complete, not torn.
      // (a map saved by change sets: its snapshot with the acknowledged sets replayed by a process that never cached it)
      expect(shown.data.document.root.data.note).toBe(
        BY_SETS.has(caseId) ? noteOf(caseId, shown.data.version) : `save ${caseId} v${shown.data.version}\n${PAD}`,
      );
      expect(JSON.stringify(shown.data.document.root.children)).toBe(JSON.stringify(officials[caseId].root.children));
      // And the server keeps accepting saves on top of it.
      const next = BY_SETS.has(caseId)
        ? await api(server.url, token2, 'POST', '/api/course/mindStudent/saveChanges', {
            caseId,
            base: shown.data.version,
            sets: [noteSet(officials[caseId].root.data.id, caseId, shown.data.version)],
          })
        : await api(server.url, token2, 'POST', '/api/course/mindStudent/saveStuMind', {
            caseId,
            version: shown.data.version,
            document: docFor(officials[caseId], caseId, shown.data.version + 1),
          });
      expect(next.resultCode).toBe(200);
    }
    // the own map: its snapshot with every acknowledged set replayed, and saving on top of it
    const own = await api(server.url, token2, 'GET', `/api/mymaps/show?mapId=${ownId}`);
    expect(own.resultCode, server.output()).toBe(200);
    expect(own.data.version).toBeGreaterThanOrEqual(ackedVersion.get('own')!);
    expect(own.data.version).toBeLessThanOrEqual(ackedVersion.get('own')! + 1);
    expect(own.data.document.root.data.note).toBe(noteOf('own', own.data.version));
    const nextOwn = await api(server.url, token2, 'POST', '/api/mymaps/saveChanges', {
      mapId: ownId,
      base: own.data.version,
      sets: [noteSet(ownRoot, 'own', own.data.version)],
    });
    expect(nextOwn.resultCode).toBe(200);
    await server.stop('SIGTERM');
    server = undefined;

    const db = await target.open();
    try {
      for (const exam of exams) {
        const rows = await db.db
          .selectFrom('exam_attempts')
          .selectAll()
          .where('student_id', '=', 'stu-0001')
          .where('exam_id', '=', exam.examId)
          .where('created_at', '>=', burstStart)
          .execute();
        const acked = ackedSubmits.get(exam.examId) ?? 0;
        expect(rows.length, exam.examId).toBeGreaterThanOrEqual(acked);
        expect(rows.length, exam.examId).toBeLessThanOrEqual(sentSubmits.get(exam.examId) ?? 0);
        for (const row of rows) {
          expect(JSON.parse(row.answers)).toEqual(
            Object.fromEntries(exam.answers.map((a: { questionId: string; answer: string }) => [a.questionId, a.answer])),
          );
          expect(row.total).toBe(100);
          expect(row.submitted_at, 'graded attempts only: a submission is written whole').not.toBeNull();
          expect(row.score).toBeGreaterThanOrEqual(0);
          expect(row.score!).toBeLessThanOrEqual(row.total!);
        }
      }
      expect(
        Number(
          (
            await db.db
              .selectFrom('students')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(demoAccounts.length); // the seed ran once: a second start seeds nothing
    } finally {
      await db.close();
    }
  });
});
