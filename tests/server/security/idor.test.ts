import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { NORMAL, call } from '../helpers';
import { addStudent, multipart } from './students';

// ASVS 4.2.1: student B, signed in, names student A's records by id and gets nothing of them.
// A is the demo student stu-0001 (maps, study records, sign-ups, tasks, exams, messages, files).
const t = useTestApp({ a: NORMAL });
const { tokens } = t;
let b: string;
const A = 'stu-0001';
const SECRET = 'A的私密笔记-7f3a';
let aFile: string;
beforeAll(async () => {
  b = await addStudent(t, 'stu-idor-b', '13700000201');
  // B studies case-01 too (writes to a case need an application): only ownership stands between B and A.
  await t.database.db.insertInto('case_applications').values({ id: 'apply-idor-b', student_id: 'stu-idor-b', case_id: 'case-01', status: 1 }).execute();
  // A's own records, marked with a secret that must never reach B.
  const shown = await call(t.app, tokens.a, { method: 'GET', url: '/api/course/mindStudent/showMind?caseId=case-01' });
  const doc = shown.data.document;
  doc.root.data.note = SECRET;
  doc.root.data.text = `# ${SECRET}`;
  expect(
    (await call(t.app, tokens.a, { method: 'POST', url: '/api/course/mindStudent/saveStuMind', payload: { caseId: 'case-01', version: 0, document: doc } }))
      .resultCode,
  ).toBe(200);
  const outline = (await call(t.app, tokens.a, { method: 'GET', url: '/api/course/mindStudent/getMindOutline?caseId=case-01' })).data.outline as string;
  expect(
    (
      await call(t.app, tokens.a, {
        method: 'POST',
        url: '/api/course/mindStudent/saveOutline',
        payload: { caseId: 'case-01', outline: outline.replace(/\t/g, '    ') },
      })
    ).resultCode,
  ).toBe(200);
  const up = multipart('a-secret.pdf', `%PDF-1.4 ${SECRET}`);
  const uploaded = (
    await t.app.inject({ method: 'POST', url: '/api/folder/file/upload', headers: { ...up.headers, authorization: tokens.a }, payload: up.payload })
  ).json();
  expect(uploaded.resultCode).toBe(200);
  aFile = uploaded.data.uid;
  await t.database.db.updateTable('task_students').set({ answer: SECRET }).where('id', '=', 'ts-3').execute();
  await t.database.db
    .insertInto('tutor_signups')
    .values({
      id: 'signup-a-open',
      student_id: A,
      tutor_id: 'tutor-02',
      name: SECRET,
      sex: '0',
      identity_number: '330106200301011234',
      phone: '13800000001',
      student_no: '2023010101',
      specialty: 'x',
      classmate: 'x',
      introduction: SECRET,
      specialty_hobby: 'x',
      goals_ideas: 'x',
      status: 0,
      updated_at: new Date(),
    })
    .execute();
  examNode = await firstExamNode();
  const exam = await call(t.app, tokens.a, { method: 'GET', url: `/api/course/nodeTestUser/getExamByNodeId?caseId=case-01&nodeId=${examNode}` });
  expect(
    (
      await call(t.app, tokens.a, {
        method: 'POST',
        url: '/api/course/nodeTestUser/submitExam',
        payload: { examId: exam.data.examId, answers: [{ questionId: exam.data.questions[0].questionId, answer: 'B' }] },
      })
    ).resultCode,
  ).toBe(200);
});

/** The node whose exam A submitted in beforeAll. */
let examNode: string | null = null;
async function firstExamNode() {
  // An untimed node exam A has not taken yet (the seed has some taken and some timed).
  const row = await t.database.db
    .selectFrom('exams')
    .select('node_id')
    .where('case_id', '=', 'case-01')
    .where('node_id', 'is not', null)
    .where('time_limit', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('exam_attempts').select('id').whereRef('exam_attempts.exam_id', '=', 'exams.id').where('student_id', '=', A))),
    )
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.node_id;
}

/** B's answer carries none of A's data: refused, or an answer about B alone. */
function leaksNothing(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(A);
}

describe('B cannot read or change A’s mind map', () => {
  it('read by naming A refuses', async () => {
    for (const url of ['showMind', 'checkIssue', 'getMindOutline', 'mapVersions', 'mapVersion?versionId=0&']) {
      const res = await call(t.app, b, { method: 'GET', url: `/api/course/mindStudent/${url.includes('?') ? url : `${url}?`}caseId=case-01&studentId=${A}` });
      expect(res.resultCode, url).toBe(403);
      leaksNothing(res);
    }
    const nodes = await call(t.app, b, { method: 'GET', url: `/api/course/mindDetails/queryNodeBasicByStudentId?caseId=case-01&studentId=${A}` });
    expect(nodes.resultCode).toBe(403);
  });

  it('B’s own reads show the official map, never A’s copy', async () => {
    for (const url of ['showMind', 'getMindOutline', 'checkIssue', 'mapVersions']) {
      const res = await call(t.app, b, { method: 'GET', url: `/api/course/mindStudent/${url}?caseId=case-01` });
      expect(res.resultCode, url).toBe(200);
      leaksNothing(res);
    }
  });

  it('naming A as the owner of a map B is no member of: every case-map route refuses, the live socket too', async () => {
    for (const url of ['showMind', 'getMindOutline', 'mapVersions', 'checkIssue'])
      expect((await call(t.app, b, { method: 'GET', url: `/api/course/mindStudent/${url}?caseId=case-01&studentId=${A}` })).resultCode, url).toBe(403);
    expect((await call(t.app, b, { method: 'GET', url: `/api/course/mindStudent/mapChanges?caseId=case-01&since=0&studentId=${A}` })).resultCode).toBe(403);
    const changes = { caseId: 'case-01', studentId: A, base: 0, sets: [{ id: 'tab:1', changes: [] }] };
    expect((await call(t.app, b, { method: 'POST', url: '/api/course/mindStudent/saveChanges', payload: changes })).resultCode).toBe(403);
    const live = await call(t.app, b, { method: 'GET', url: `/api/live/map?kind=case&mapId=case-01&ownerId=${A}&since=0` });
    expect(live.resultCode).toBe(403);
  });

  it('saving with A’s version or an outline only ever touches B’s own row', async () => {
    const before = await t.database.db.selectFrom('student_maps').selectAll().where('student_id', '=', A).executeTakeFirstOrThrow();
    const official = (await call(t.app, b, { method: 'GET', url: '/api/course/mindStudent/showMind?caseId=case-01' })).data.document;
    const stale = await call(t.app, b, {
      method: 'POST',
      url: '/api/course/mindStudent/saveStuMind',
      payload: { caseId: 'case-01', version: before.version, document: official, studentId: A },
    });
    // studentId names the owner of a map shared with the caller (issue 32): B is no member of A's map
    expect(stale.resultCode).toBe(403);
    leaksNothing(stale);
    await call(t.app, b, { method: 'POST', url: '/api/course/mindStudent/saveOutline', payload: { caseId: 'case-01', outline: 'B', studentId: A } });
    const after = await t.database.db.selectFrom('student_maps').selectAll().where('student_id', '=', A).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('B cannot read or change A’s study records', () => {
  it('naming A as userId / studentId refuses', async () => {
    const last = await call(t.app, b, { method: 'GET', url: `/api/course/studyRecord/querLastRecord?userId=${A}` });
    expect(last.resultCode).toBe(403);
    leaksNothing(last);
    const before = await t.database.db.selectFrom('case_records').select('id').where('student_id', '=', A).execute();
    for (const url of ['/api/course/studyRecord/addRecord', '/api/course/caseRecord/addRecord']) {
      const res = await call(t.app, b, { method: 'POST', url, payload: { caseId: 'case-01', nodeId: 'x', studentId: A, isStudy: '1' } });
      expect(res.resultCode, url).toBe(403);
    }
    expect(await t.database.db.selectFrom('case_records').select('id').where('student_id', '=', A).execute()).toEqual(before);
  });

  it('B’s learn location and last record are B’s (empty), and B’s heartbeats leave A’s untouched', async () => {
    const loc = await call(t.app, b, { method: 'GET', url: '/api/course/userModelRecord/selectLearnLocation?courseId=course-01' });
    expect(loc).toMatchObject({ resultCode: 200, data: null });
    const before = await t.database.db.selectFrom('learn_locations').selectAll().where('student_id', '=', A).orderBy('node_id').execute();
    const hb = await call(t.app, b, {
      method: 'POST',
      url: '/api/course/userModelRecord/saveUserRecord',
      payload: { courseId: 'course-01', nodeId: 'course-01-c1-s1', position: 5, studentId: A },
    });
    expect(hb.resultCode).toBe(200);
    expect(await t.database.db.selectFrom('learn_locations').selectAll().where('student_id', '=', A).orderBy('node_id').execute()).toEqual(before);
    leaksNothing(await call(t.app, b, { method: 'GET', url: '/api/course/studyRecord/querLastRecord' }));
  });

  it('case access of A is not visible to B', async () => {
    const res = await call(t.app, b, { method: 'GET', url: `/api/course/caseApply/checkCaseAccess?caseId=case-01&studentId=${A}` });
    expect(res.resultCode).toBe(403);
  });
});

describe('B cannot see or cancel A’s tutor sign-ups', () => {
  it('cancel by A’s sign-up id fails and A’s sign-up stays under review', async () => {
    const res = await call(t.app, b, { method: 'GET', url: '/api/customer/teacherSignUp/cancelSignIn?uid=signup-a-open' });
    expect(res.resultCode).toBe(400);
    const byTutor = await call(t.app, b, { method: 'GET', url: '/api/customer/teacherSignUp/cancelSignIn?uid=tutor-02' });
    expect(byTutor.resultCode).toBe(400);
    const row = await t.database.db.selectFrom('tutor_signups').select('status').where('id', '=', 'signup-a-open').executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
  });

  it('tutor lists and details show B’s status only', async () => {
    for (const url of [
      '/api/customer/teacherResume/getResumeDetails?uid=tutor-01',
      '/api/customer/teacherResume/getTeacherDetail?uid=tutor-02',
      '/api/customer/teacherResume/getTeacherPage?currentNum=1&currentSize=50',
    ]) {
      const res = await call(t.app, b, { method: 'GET', url });
      expect(res.resultCode, url).toBe(200);
      leaksNothing(res);
      expect(JSON.stringify(res.data)).not.toMatch(/signup-/);
    }
  });
});

describe('B cannot read or submit A’s tasks', () => {
  it('A’s task result and submission are out of reach', async () => {
    const res = await call(t.app, b, { method: 'GET', url: '/api/course/taskStudentResource/getTaskResult?taskId=task-3' });
    expect(res.resultCode).toBe(404);
    leaksNothing(res);
    const submit = await call(t.app, b, {
      method: 'POST',
      url: '/api/course/taskStudentResource/addTaskByStudent',
      payload: { taskId: 'task-1', answer: 'B 的答案' },
    });
    expect(submit.resultCode).toBe(404);
    const ts1 = await t.database.db.selectFrom('task_students').selectAll().where('id', '=', 'ts-1').executeTakeFirstOrThrow();
    expect(ts1.answer).toBe('');
    const page = await call(t.app, b, { method: 'GET', url: '/api/course/task/queryTaskPage?currentNum=1&currentSize=50' });
    expect(page.data.total).toBe(0);
  });

  it('B cannot attach A’s upload to B’s own submission', async () => {
    await t.database.db.insertInto('task_students').values({ id: 'ts-b', task_id: 'task-2', student_id: 'stu-idor-b', status: 0 }).execute();
    const res = await call(t.app, b, {
      method: 'POST',
      url: '/api/course/taskStudentResource/addTaskByStudent',
      payload: { taskId: 'task-2', answer: 'x', fileId: aFile },
    });
    expect(res).toMatchObject({ resultCode: 400, errMsg: '附件不存在' });
  });
});

describe('B cannot see A’s exam attempts', () => {
  it('getUserExam for an exam A submitted answers 404 for B', async () => {
    const examId = (await t.database.db.selectFrom('exam_attempts').select('exam_id').where('student_id', '=', A).executeTakeFirstOrThrow()).exam_id;
    const res = await call(t.app, b, { method: 'GET', url: `/api/course/nodeTestUser/getUserExam?examId=${examId}&studentId=${A}` });
    expect(res.resultCode).toBe(404);
    leaksNothing(res);
    const exam = await call(t.app, b, { method: 'GET', url: `/api/course/nodeTestUser/getExamByNodeId?caseId=case-01&nodeId=${examNode}` });
    expect(exam.data.isSubmit).toBe(0);
    expect(JSON.stringify(exam.data)).not.toMatch(/rightAnswer|"answer"/);
  });
});

describe('B cannot read or mark A’s messages', () => {
  it('details and mark-read by A’s message id answer 404 and change nothing', async () => {
    const msg = await t.database.db.selectFrom('user_messages').selectAll().where('student_id', '=', A).where('is_look', '=', 0).executeTakeFirstOrThrow();
    const details = await call(t.app, b, { method: 'GET', url: `/api/customer/userMessage/detailsMsg?uuid=${msg.id}` });
    expect(details.resultCode).toBe(404);
    expect(JSON.stringify(details)).not.toContain(msg.title);
    expect((await call(t.app, b, { method: 'POST', url: '/api/customer/userMessage/changeIsLook', payload: { uuid: msg.id } })).resultCode).toBe(404);
    await call(t.app, b, { method: 'POST', url: '/api/customer/userMessage/setIsLook' });
    const after = await t.database.db.selectFrom('user_messages').select('is_look').where('id', '=', msg.id).executeTakeFirstOrThrow();
    expect(after.is_look).toBe(0);
    const page = await call(t.app, b, { method: 'GET', url: '/api/customer/userMessage/pageMsg?currentNum=1&currentSize=100' });
    expect(page.data.records.some((m: { uuid: string }) => m.uuid.startsWith('msg-1-'))).toBe(false);
  });
});

describe('B cannot fetch A’s uploaded files', () => {
  it('download, media and video-url by id answer 404 with B’s token, B’s ?token= and no token', async () => {
    const urls = [`/api/folder/resource/file/download?uid=${aFile}`, `/api/folder/resource/file/vod/${aFile}`];
    for (const url of urls) {
      for (const opts of [{ headers: { authorization: b } }, { url: `${url}${url.includes('?') ? '&' : '?'}token=${b}` }, {}]) {
        const res = await t.app.inject({ method: 'GET', url, ...opts });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(SECRET);
      }
    }
    const video = await call(t.app, b, { method: 'GET', url: `/api/folder/resource/file/getVideoUrl?videoId=${aFile}` });
    expect(video.resultCode).toBe(404);
    // A still gets the file.
    const own = await t.app.inject({ method: 'GET', url: urls[0]!, headers: { authorization: tokens.a } });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(SECRET);
  });
});

describe('B’s profile calls cannot reach A', () => {
  it('selectUser and updateUserInfo ignore an injected id', async () => {
    const res = await call(t.app, b, { method: 'POST', url: '/api/customer/login/updateUserInfo', payload: { userId: A, id: A, username: '被改名' } });
    expect(res.data.userId).toBe('stu-idor-b');
    const aRow = await t.database.db.selectFrom('students').select('username').where('id', '=', A).executeTakeFirstOrThrow();
    expect(aRow.username).toBe('李明');
  });
});

describe('B cannot read or change A’s own maps (我的导图)', () => {
  it('every 我的导图 route naming A’s map answers 404 and leaves it as it was; B’s list and search never show it', async () => {
    const created = await call(t.app, tokens.a, { method: 'POST', url: '/api/mymaps/create', payload: { template: 'notes', title: `${SECRET} 导图` } });
    const mapId = created.data.mapId as string;
    const before = await t.database.db.selectFrom('own_maps').selectAll().where('id', '=', mapId).executeTakeFirstOrThrow();
    const doc = { root: { data: { id: 'r', text: '被改了' }, children: [] }, template: 'default', theme: 'fresh-blue', version: '1.4.43' };
    const tries = [
      { method: 'GET', url: `/api/mymaps/show?mapId=${mapId}` },
      { method: 'GET', url: `/api/mymaps/versions?mapId=${mapId}` },
      { method: 'GET', url: `/api/mymaps/version?mapId=${mapId}&versionId=0` },
      { method: 'POST', url: '/api/mymaps/save', payload: { mapId, version: 1, document: doc } },
      // change sets (issue 30 for own maps) and the sets since a version
      {
        method: 'POST',
        url: '/api/mymaps/saveChanges',
        payload: { mapId, base: 1, sets: [{ id: 'tabB:1', changes: [{ op: 'set', id: 'r', key: 'text', before: null, after: '被改了' }] }] },
      },
      { method: 'GET', url: `/api/mymaps/changes?mapId=${mapId}&since=0` },
      { method: 'POST', url: '/api/mymaps/rename', payload: { mapId, title: '被改名' } },
      { method: 'POST', url: '/api/mymaps/duplicate', payload: { mapId } },
      { method: 'POST', url: '/api/mymaps/delete', payload: { mapId } },
      { method: 'POST', url: '/api/mymaps/keepVersion', payload: { mapId, version: 1 } },
      { method: 'POST', url: '/api/mymaps/link', payload: { mapId, caseId: 'case-01' } },
      // sharing (issue 32): B names A's map without being its member
      { method: 'GET', url: `/api/share/members?kind=own&mapId=${mapId}` },
      { method: 'POST', url: '/api/share/invite', payload: { kind: 'own', mapId, studentNo: 'X1', role: 'edit' } },
      { method: 'POST', url: '/api/share/role', payload: { kind: 'own', mapId, memberId: 'stu-idor-b', role: 'edit' } },
      { method: 'POST', url: '/api/share/remove', payload: { kind: 'own', mapId, memberId: 'stu-idor-b' } },
      { method: 'POST', url: '/api/share/leave', payload: { kind: 'own', mapId, ownerId: A } },
    ] as const;
    for (const req of tries) {
      const res = await call(t.app, b, req);
      expect(res.resultCode, req.url).toBe(404);
      expect(JSON.stringify(res)).not.toContain(SECRET);
    }
    // the live socket on A's map (as its owner, or naming B as the owner): refused before the upgrade
    for (const owner of [A, 'stu-idor-b'])
      expect((await call(t.app, b, { method: 'GET', url: `/api/live/map?kind=own&mapId=${mapId}&ownerId=${owner}&since=0` })).resultCode, owner).toBe(403);
    // In A's 回收站, B can neither restore nor purge it.
    expect((await call(t.app, tokens.a, { method: 'POST', url: '/api/mymaps/delete', payload: { mapId } })).resultCode).toBe(200);
    for (const url of ['/api/mymaps/restore', '/api/mymaps/purge'])
      expect((await call(t.app, b, { method: 'POST', url, payload: { mapId } })).resultCode, url).toBe(404);
    expect((await call(t.app, tokens.a, { method: 'POST', url: '/api/mymaps/restore', payload: { mapId } })).resultCode).toBe(200);
    const after = await t.database.db.selectFrom('own_maps').selectAll().where('id', '=', mapId).executeTakeFirstOrThrow();
    expect({ ...after, deleted_at: null }).toEqual({ ...before, deleted_at: null });
    const lists = [
      await call(t.app, b, { method: 'GET', url: '/api/mymaps/list' }),
      await call(t.app, b, { method: 'GET', url: '/api/mymaps/list?trash=1' }),
      await call(t.app, b, { method: 'GET', url: `/api/mymaps/search?q=${encodeURIComponent(SECRET)}` }),
    ];
    for (const l of lists) expect(JSON.stringify(l)).not.toContain(SECRET);
    const zip = await t.app.inject({ method: 'GET', url: '/api/mymaps/exportAll', headers: { authorization: b } });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.toString('latin1')).not.toContain('7f3a');
  });
});
