import type { Client, Request } from 'autocannon';

/**
 * The request mixes of the load benchmark (learning-platforms.md §2.3 tests A–C): each connection
 * is one student with its own token; per-connection state (a map's version) lives in closures set
 * up per client, because autocannon resets a request's context each time its list starts over.
 */
export interface Mix {
  name: string;
  connections: number;
  setupClient(tokens: string[]): (client: Client) => void;
  /** Answers that came back HTTP 200 but with a resultCode other than 200. */
  appErrors: number;
  /** The first few distinct failures (`HTTP status resultCode errMsg`), to say what the errors were. */
  errorSamples?: string[];
}

/** Counts enveloped failures (the API answers errors with HTTP 200, DESIGN §4). */
export function counted(mix: Pick<Mix, 'appErrors' | 'errorSamples'>, req: Request): Request {
  const inner = req.onResponse;
  return {
    ...req,
    onResponse: (status, body, context) => {
      let code = 0;
      let msg = '';
      try {
        ({ resultCode: code, errMsg: msg } = JSON.parse(body) as { resultCode: number; errMsg: string });
      } catch {
        code = -1;
      }
      if (status === 200 && code !== 200) mix.appErrors++;
      if (status !== 200 || code !== 200) {
        const sample = `HTTP ${status} ${code} ${msg ?? ''}`.trim();
        mix.errorSamples ??= [];
        if (mix.errorSamples.length < 5 && !mix.errorSamples.includes(sample)) mix.errorSamples.push(sample);
      }
      inner?.(status, body, context);
    },
  };
}

function mix(name: string, connections: number, requestsFor: (token: string) => Request[]): Mix {
  const m: Mix = {
    name,
    connections,
    appErrors: 0,
    setupClient: (tokens) => (client) => client.setRequests(requestsFor(tokenFor(tokens)).map((r) => counted(m, r))),
  };
  return m;
}

export const json = { 'content-type': 'application/json' };
let next = 0;
/** One student per connection, round-robin over the seeded tokens. */
const tokenFor = (tokens: string[]) => tokens[next++ % tokens.length]!;

const BROWSE_PATHS = [
  '/api/course/caseDetails/queryCasePage?currentNum=1&currentSize=12&caseType=1',
  '/api/course/caseDetails/getCasesDetails?caseId=case-02',
  '/api/course/officialCourse/pages?currentNum=1&currentSize=12',
  '/api/course/officialCourse/courseNodeTree?courseId=course-01',
  '/api/course/officialCourse/getCourseByOfficialCourseId?officialCourseId=course-03',
  '/api/customer/teacherResume/getTeacherPage?currentNum=1&currentSize=10',
  '/api/customer/userMessage/newsCheck?currentNum=1&currentSize=1',
  '/api/basic/helpCenter/helpCenterPage?currentNum=1&currentSize=10',
  '/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-02',
  '/api/course/officialCourse/homeCourse',
];

export function browse(connections: number): Mix {
  return mix('browse (lists + details)', connections, (token) => BROWSE_PATHS.map((path) => ({ method: 'GET', path, headers: { authorization: token } })));
}

export function heartbeat(connections: number): Mix {
  return mix('video heartbeat (saveUserRecord)', connections, (token) => {
    let position = 0;
    return [
      {
        method: 'POST',
        path: '/api/course/userModelRecord/saveUserRecord',
        headers: { ...json, authorization: token },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ courseId: 'course-01', nodeId: 'course-01-c1-s2', position: (position += 15) % 600, watched: position % 600 }),
        }),
      },
    ];
  });
}

/**
 * Many students open the same node exam and hand it in at once. An exam allows one attempt per
 * student (as on exam day), so every start + submit pair takes a student who has not sat it yet:
 * the pool must hold more students than the mix can serve pairs in its duration.
 */
export function examStampede(connections: number, exam: { caseId: string; nodeId: string; examId: string; questionIds: string[] }): Mix {
  const body = JSON.stringify({ examId: exam.examId, answers: exam.questionIds.map((questionId) => ({ questionId, answer: 'A' })) });
  let nextStudent = 0;
  const m: Mix = {
    name: 'exam stampede (start + submit)',
    connections,
    appErrors: 0,
    setupClient: (tokens) => (client) => {
      let token = '';
      const requests: Request[] = [
        {
          method: 'GET',
          path: `/api/course/nodeTestUser/getExamByNodeId?caseId=${exam.caseId}&nodeId=${exam.nodeId}`,
          setupRequest: (req) => {
            token = tokens[nextStudent++ % tokens.length]!;
            return { ...req, headers: { authorization: token } };
          },
        },
        { method: 'POST', path: '/api/course/nodeTestUser/submitExam', body, setupRequest: (req) => ({ ...req, headers: { ...json, authorization: token } }) },
      ];
      client.setRequests(requests.map((r) => counted(m, r)));
    },
  };
  return m;
}

export function mapSaves(connections: number, caseId: string, document: unknown): Mix {
  return mix('map saves (saveStuMind)', connections, (token) => {
    let version = 0;
    let n = 0;
    return [
      {
        method: 'POST',
        path: '/api/course/mindStudent/saveStuMind',
        headers: { ...json, authorization: token },
        setupRequest: (req) => {
          const doc = structuredClone(document) as { root: { data: Record<string, unknown> } };
          doc.root.data.note = `第 ${++n} 次保存`;
          return { ...req, body: JSON.stringify({ caseId, version, document: doc }) };
        },
        onResponse: (_status, body) => {
          const res = JSON.parse(body) as { resultCode: number; data: { version?: number } | null };
          if (typeof res.data?.version === 'number') version = res.data.version;
        },
      },
    ];
  });
}
