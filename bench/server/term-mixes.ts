import type { Request } from 'autocannon';
import { counted, json } from './mixes';

/**
 * The three moments of a real term (issue 35 item 3), each a fixed number of students arriving
 * at a fixed rate rather than connections firing as fast as they can:
 * - the 9:00 spike: 1,000 students open the same case and its study map within 10 s;
 * - the exam start: 2,000 students open the same exam within 30 s;
 * - steady video: 1,000 students watching, each sending a heartbeat every 15 s.
 * Each student is one seeded account used once per mix (an exam allows one attempt), so the
 * pools passed in must not overlap between mixes that write.
 */
export interface PacedMix {
  name: string;
  /** Keep-alive connections open at most (across the server processes). */
  connections: number;
  /** Students arriving, each at a random moment of the window (paced-runner.ts). */
  students: number;
  windowSec: number;
  /** One student's requests in order, holding the next student of the pool's token. */
  student(): Request[];
  /** Answers that came back HTTP 200 but with a resultCode other than 200. */
  appErrors: number;
  errorSamples?: string[];
}

/** Each student of the pool in turn, with its requests (each counted for enveloped failures). */
function paced(name: string, connections: number, pool: string[], perStudent: (token: string) => Request[], students: number, windowSec: number): PacedMix {
  let next = 0;
  const m: PacedMix = {
    name,
    connections,
    students,
    windowSec,
    appErrors: 0,
    student: () => {
      const token = pool[next++ % pool.length]!;
      return perStudent(token).map((r) => counted(m, { ...r, headers: { ...r.headers, authorization: token } }));
    },
  };
  return m;
}

/** 9:00: the case page, the student's study map (created from the official one on first open) and its progress. */
export function nineOClock(pool: string[], caseId: string, students = 1_000, windowSec = 10): PacedMix {
  return paced(
    `9:00 spike (${students} open a case + map in ${windowSec} s)`,
    100,
    pool,
    () => [
      { method: 'GET', path: `/api/course/caseDetails/getCasesDetails?caseId=${caseId}` },
      { method: 'GET', path: `/api/course/mindStudent/showMind?caseId=${caseId}` },
      { method: 'GET', path: `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=${caseId}` },
    ],
    students,
    windowSec,
  );
}

/** The exam start: every student opens the same node exam (its attempt begins) within the window. */
export function examStart(pool: string[], exam: { caseId: string; nodeId: string }, students = 2_000, windowSec = 30): PacedMix {
  return paced(
    `exam start (${students} in ${windowSec} s)`,
    100,
    pool,
    () => [{ method: 'GET', path: `/api/course/nodeTestUser/getExamByNodeId?caseId=${exam.caseId}&nodeId=${exam.nodeId}` }],
    students,
    windowSec,
  );
}

/** Steady video: `students` watching, one heartbeat each every `everySec`, for `durationSec`. */
export function steadyHeartbeats(pool: string[], students = 1_000, everySec = 15, durationSec = 15): PacedMix {
  const positions = new Map<string, number>();
  const beats = Math.round((students * durationSec) / everySec);
  return paced(
    `steady video (${students} watching, 1 beat / ${everySec} s)`,
    100,
    pool.slice(0, students),
    (token) => [
      {
        method: 'POST',
        path: '/api/course/userModelRecord/saveUserRecord',
        headers: json,
        setupRequest: (req) => {
          const position = (positions.get(token) ?? 0) + everySec;
          positions.set(token, position);
          return { ...req, body: JSON.stringify({ courseId: 'course-01', nodeId: 'course-01-c1-s2', position: position % 600, watched: position % 600 }) };
        },
      },
    ],
    beats,
    durationSec,
  );
}
