import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { call } from '../helpers';
import { addStudent } from './students';

// ASVS 5.3.4: SQL-injection strings in every string field are data. No 500, nobody else's rows
// change, and where a field is stored it comes back byte for byte.
const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = await addStudent(t, 'stu-sqli', '13700000401');
  await t.database.db.insertInto('case_applications').values({ id: 'apply-sqli', student_id: 'stu-sqli', case_id: 'case-02', status: 1 }).execute();
  await t.database.db.insertInto('task_students').values({ id: 'ts-sqli', task_id: 'task-1', student_id: 'stu-sqli', status: 0 }).execute();
});

const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE students; --",
  "1; UPDATE students SET username='pwned' --",
  '" OR ""="',
  "' UNION SELECT password_hash, token_hash FROM students, sessions --",
  "%' AND 1=1 --",
  "\\'; select pg_sleep(5); --",
  '$1 $$ $tag$ ::text',
  "< > & &lt; &gt; &amp; ' \\' 碁 \\ \\\\", // Moodle's tricky-input string
  '\u0000nul',
];
// NUL cannot be stored in PostgreSQL text: it must be refused cleanly, not crash.
const storable = (s: string) => !s.includes('\u0000');

/** A snapshot of everyone else's data, to prove an injection changed nothing outside the caller. */
async function othersSnapshot() {
  const db = t.database.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('students').select(['id', 'username', 'password_hash']).where('id', '!=', 'stu-sqli').orderBy('id').execute(),
      db.selectFrom('tutor_signups').selectAll().where('student_id', '!=', 'stu-sqli').orderBy('id').execute(),
      db.selectFrom('task_students').selectAll().where('student_id', '!=', 'stu-sqli').orderBy('id').execute(),
      db.selectFrom('user_messages').select(['id', 'is_look']).where('student_id', '!=', 'stu-sqli').orderBy('id').execute(),
      db.selectFrom('student_maps').select(['student_id', 'version']).where('student_id', '!=', 'stu-sqli').orderBy('student_id').execute(),
      db.selectFrom('cases').select(['id', 'name']).orderBy('id').execute(),
    ]),
  );
}

const searchUrls = (s: string) => {
  const q = encodeURIComponent(s);
  return [
    `/api/customer/userMessage/pageMsg?title=${q}`,
    `/api/customer/teacherResume/getTeacherPage?name=${q}`,
    `/api/course/caseDetails/queryCasePage?name=${q}&classifyId=${q}`,
    `/api/course/officialCourse/pages?name=${q}&category=${q}`,
    `/api/course/task/queryTaskPage?title=${q}`,
    `/api/course/officialCourse/getCourseByOfficialCourseId?officialCourseId=${q}`,
    `/api/course/officialCourse/courseNodeTree?courseId=${q}`,
    `/api/course/caseDetails/getCasesDetails?caseId=${q}`,
    `/api/course/caseApply/getRanking?caseId=${q}`,
    `/api/course/mindStudent/showMind?caseId=${q}`,
    `/api/course/studyResourceFile/getResourceByUUId?uuid=${q}`,
    `/api/course/studyResourceFile/getResourceByNodeId?caseId=${q}&nodeId=${q}`,
    `/api/course/nodeTestUser/getExamByNodeId?caseId=${q}&nodeId=${q}`,
    `/api/course/nodeTestUser/getUserExam?examId=${q}`,
    `/api/customer/userMessage/detailsMsg?uuid=${q}`,
    `/api/customer/teacherResume/getResumeDetails?uid=${q}`,
    `/api/customer/teacherSignUp/cancelSignIn?uid=${q}`,
    `/api/folder/resource/file/download?uid=${q}`,
    `/api/folder/resource/file/getVideoUrl?videoId=${q}`,
    `/api/baseManage/v1/dictData/getTreeDicts?dictType=${q}`,
  ];
};

describe('SQL-injection strings', () => {
  it('in every query-string field: no 500, nothing changes, searches find nothing extra', async () => {
    const before = await othersSnapshot();
    for (const s of PAYLOADS) {
      for (const url of searchUrls(s)) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
        expect(res.statusCode, url).toBeLessThan(500);
        if (res.headers['content-type']?.toString().includes('json')) {
          const body = res.json();
          expect(body.resultCode, `${url} ${body.errMsg}`).not.toBe(500);
          // A tautology must not turn a search into "everything".
          if (body.data?.records) expect(body.data.total, url).toBe(0);
        }
      }
    }
    expect(await othersSnapshot()).toBe(before);
  });

  it('in login fields: refused like any wrong credential', async () => {
    for (const s of PAYLOADS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authcust/login/token',
        remoteAddress: `192.0.2.${PAYLOADS.indexOf(s) + 1}`,
        payload: { loginName: s, password: s },
      });
      expect([400, 429]).toContain(res.json().resultCode);
      const asName = await t.app.inject({
        method: 'POST',
        url: '/api/authcust/login/token',
        remoteAddress: '192.0.2.200',
        payload: { loginName: "13800000001' --", password: 'x' },
      });
      expect(asName.json().resultCode).not.toBe(200);
    }
  });

  it('in stored fields: profile, tutor sign-up, task answer, outline and mind-map text come back verbatim', async () => {
    const before = await othersSnapshot();
    let version = 0;
    for (const s of PAYLOADS) {
      // Schema lengths: username and identity number ≤ 32, the form fields below ≤ 32/64.
      const s32 = s.slice(0, 32);
      const s64 = s.slice(0, 64);
      const profile = await call(t.app, token, {
        method: 'POST',
        url: '/api/customer/login/updateUserInfo',
        payload: { username: s32, specialty: s64, classmate: s64, identityNumber: s32 },
      });
      if (!storable(s)) {
        expect(profile.resultCode, 'NUL refused').toBe(400);
        continue;
      }
      expect(profile.resultCode, `${s} ${profile.errMsg}`).toBe(200);
      expect(profile.data).toMatchObject({ username: s32.trim(), specialty: s64, classmate: s64, identityNumber: s32 });

      const signup = await call(t.app, token, {
        method: 'POST',
        url: '/api/customer/teacherSignUp/submitTeacherInfo',
        payload: {
          name: s32,
          sex: '0',
          identityNumber: s32,
          phone: '13700000401',
          studentNo: s32,
          specialty: s64,
          classmate: s64,
          introduction: s,
          specialtyHobby: s,
          goalsIdeas: s,
          teacherId: 'tutor-03',
        },
      });
      expect(signup.resultCode, `${s} ${signup.errMsg}`).toBe(200);
      const row = await t.database.db.selectFrom('tutor_signups').selectAll().where('id', '=', signup.data.signUpId).executeTakeFirstOrThrow();
      expect([row.name, row.introduction, row.goals_ideas]).toEqual([s32.trim(), s.trim(), s.trim()]);
      expect((await call(t.app, token, { method: 'GET', url: `/api/customer/teacherSignUp/cancelSignIn?uid=${signup.data.signUpId}` })).resultCode).toBe(200);

      expect(
        (await call(t.app, token, { method: 'POST', url: '/api/course/taskStudentResource/addTaskByStudent', payload: { taskId: 'task-1', answer: s } }))
          .resultCode,
      ).toBe(200);
      expect((await call(t.app, token, { method: 'GET', url: '/api/course/taskStudentResource/getTaskResult?taskId=task-1' })).data.answer).toBe(s);

      const doc = { root: { data: { id: 'r', text: s, note: s, hyperlink: s }, children: [{ data: { id: 'c', text: s } }] } };
      const saved = await call(t.app, token, {
        method: 'POST',
        url: '/api/course/mindStudent/saveStuMind',
        payload: { caseId: 'case-02', version, document: doc },
      });
      expect(saved.resultCode, saved.errMsg).toBe(200);
      version = saved.data.version;
      const shown = await call(t.app, token, { method: 'GET', url: '/api/course/mindStudent/showMind?caseId=case-02' });
      expect(shown.data.document.root.data).toMatchObject({ text: s, note: s, hyperlink: s });
      // The outline must describe the saved map: store the derived one in the student's own wording.
      const derived = (await call(t.app, token, { method: 'GET', url: '/api/course/mindStudent/getMindOutline?caseId=case-02' })).data.outline as string;
      const outline = derived.replace(/^\t/gm, '    ');
      const stored = await call(t.app, token, { method: 'POST', url: '/api/course/mindStudent/saveOutline', payload: { caseId: 'case-02', outline, version } });
      expect(stored.resultCode, stored.errMsg).toBe(200);
      expect((await call(t.app, token, { method: 'GET', url: '/api/course/mindStudent/getMindOutline?caseId=case-02' })).data.outline).toBe(outline);
    }
    expect(await othersSnapshot()).toBe(before);
    // The tables an injection would have dropped are all still there.
    expect(
      Number(
        (
          await t.database.db
            .selectFrom('students')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThanOrEqual(4);
  });

  it('NUL bytes anywhere in a body are a clean 400, never a 500', async () => {
    const bodies: [string, unknown][] = [
      ['/api/course/taskStudentResource/addTaskByStudent', { taskId: 'task-1', answer: 'a\u0000b' }],
      ['/api/course/mindStudent/saveOutline', { caseId: 'case-02', outline: 'a\u0000b' }],
      ['/api/course/mindStudent/saveStuMind', { caseId: 'case-02', version: 0, document: { root: { data: { text: 'a\u0000b' } } } }],
      [
        '/api/customer/teacherSignUp/submitTeacherInfo',
        {
          name: 'a\u0000',
          sex: '0',
          identityNumber: '1',
          phone: '13700000401',
          studentNo: '1',
          specialty: '1',
          classmate: '1',
          introduction: '1',
          specialtyHobby: '1',
          goalsIdeas: '1',
          teacherId: 'tutor-04',
        },
      ],
      ['/api/course/nodeTestUser/submitExam', { examId: 'exam-case-02-1', answers: [{ questionId: 'q\u0000', answer: 'A\u0000' }] }],
      ['/api/course/studyRecord/addRecord', { caseId: 'case-02', nodeId: 'n\u0000' }],
    ];
    for (const [url, payload] of bodies) {
      const res = await call(t.app, token, { method: 'POST', url, payload: payload as Record<string, unknown> });
      expect(res, url).toMatchObject({ resultCode: 400, errMsg: '参数不能包含空字符' });
    }
    const q = await t.app.inject({ method: 'GET', url: '/api/course/caseDetails/getCasesDetails?caseId=a%00b', headers: { authorization: token } });
    expect(q.json().resultCode).not.toBe(500);
  });
});

describe('URL fields', () => {
  it('the avatar is only an image the student uploaded, never javascript:, data: or another site (files/avatar.test.ts has the rest)', async () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'https://cdn.example.cn/a.png',
      'vbscript:x',
      '/api/folder/resource/file/vod/abc',
    ]) {
      expect(await call(t.app, token, { method: 'POST', url: '/api/customer/login/updateUserInfo', payload: { userPicUrl: bad } }), bad).toMatchObject({
        resultCode: 400,
        errMsg: '头像只能使用您上传的图片',
      });
    }
    expect((await call(t.app, token, { method: 'POST', url: '/api/customer/login/updateUserInfo', payload: { userPicUrl: '' } })).resultCode).toBe(200);
  });
});

describe('numbers out of any column’s range', () => {
  it('Infinity in a query and 1e309 in a body are a clean 400', async () => {
    for (const url of [
      '/api/course/task/queryTaskPage?status=Infinity',
      '/api/course/task/queryTaskPage?currentNum=1e309',
      '/api/course/officialCourse/pages?currentSize=-Infinity',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.json().resultCode, url).toBe(400);
    }
    const body = '{"courseId":"course-01","nodeId":"course-01-c1-s1","position":1e309}';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/course/userModelRecord/saveUserRecord',
      payload: body,
      headers: { authorization: token, 'content-type': 'application/json' },
    });
    expect(res.json().resultCode).toBe(400);
  });
});

describe('SQL-injection strings in exam answers and study records', () => {
  it('are data: stored verbatim, or looked up and not found', async () => {
    // Every payload gets a graded attempt of its own (the seed allows one per exam).
    await t.database.db.updateTable('exams').set({ max_attempts: 1000 }).where('id', '=', 'exam-case-02-1').execute();
    const attempts = async () => (await t.database.db.selectFrom('exam_attempts').select('id').where('student_id', '=', 'stu-sqli').execute()).length;
    for (const s of PAYLOADS.filter(storable)) {
      const questionId = s.slice(0, 64);
      // An answer is option letters only: anything else is refused by the schema, nothing stored.
      const before = await attempts();
      const refused = await call(t.app, token, {
        method: 'POST',
        url: '/api/course/nodeTestUser/submitExam',
        payload: { examId: 'exam-case-02-1', answers: [{ questionId, answer: s.slice(0, 16) }] },
      });
      expect(refused, s).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('answer') });
      expect(await attempts()).toBe(before);
      // A question id is free text: stored verbatim in the graded attempt.
      const submit = await call(t.app, token, {
        method: 'POST',
        url: '/api/course/nodeTestUser/submitExam',
        payload: { examId: 'exam-case-02-1', answers: [{ questionId, answer: 'A' }] },
      });
      expect(submit.resultCode, `${s} ${submit.errMsg}`).toBe(200);
      const row = await t.database.db
        .selectFrom('exam_attempts')
        .select('answers')
        .where('student_id', '=', 'stu-sqli')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.answers)).toEqual({ [questionId]: 'A' });

      const nodeId = s.slice(0, 64);
      // Not a node of the case's map: refused (and nothing recorded), whatever the string does.
      const rec = await call(t.app, token, { method: 'POST', url: '/api/course/caseRecord/addRecord', payload: { caseId: 'case-02', nodeId, isStudy: '1' } });
      expect(rec, s).toMatchObject({ resultCode: 404, errMsg: '知识点不存在' });
      expect(await t.database.db.selectFrom('case_records').select('node_id').where('student_id', '=', 'stu-sqli').execute()).toEqual([]);

      const hb = await call(t.app, token, {
        method: 'POST',
        url: '/api/course/userModelRecord/saveUserRecord',
        payload: { courseId: s.slice(0, 64), nodeId, position: 1 },
      });
      expect(hb.resultCode, s).toBe(404);
    }
  });
});
