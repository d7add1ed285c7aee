import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Reply } from '../../../contract/common';
import { PHONE_MSG, isPhone } from '../../../contract/rules';
import { CancelResult, SignUpBody, SignUpResult, Tutor, TutorPage, TutorQuery, TutorUid } from '../../../contract/tutors';
import { badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { cancelSignup, pageTutors, submitSignup, tutorDetail } from './tutors';

const REQUIRED: [keyof SignUpBody, string][] = [
  ['name', '请输入姓名'],
  ['sex', '请选择性别'],
  ['identityNumber', '请输入身份证号'],
  ['phone', '请输入手机号'],
  ['studentNo', '请输入学号'],
  ['specialty', '请输入专业'],
  ['classmate', '请输入班级'],
  ['introduction', '请输入自我介绍'],
  ['specialtyHobby', '请输入特长爱好'],
  ['goalsIdeas', '请输入目标理想'],
];

/** Tutor activity area: tutor list and résumé, sign-up and cancel (SPEC §7 Tutor). */
export async function tutorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  const listSchema = { querystring: TutorQuery, response: Reply(TutorPage) };
  // getTeacherPage is the tutor list; getTeacherList is the same list under the name of the hidden call.
  r.get('/api/customer/teacherResume/getTeacherPage', { schema: listSchema }, async (request) =>
    ok(await pageTutors(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query)),
  );
  r.get('/api/customer/teacherResume/getTeacherList', { schema: listSchema }, async (request) =>
    ok(await pageTutors(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query)),
  );

  const detail = async (studentId: string, q: { uid?: string; id?: string }) => {
    const t = await tutorDetail(app.db, studentId, q.uid ?? q.id ?? '');
    if (!t) throw notFound('导师不存在');
    return ok(t);
  };
  r.get('/api/customer/teacherResume/getResumeDetails', { schema: { querystring: TutorUid, response: Reply(Tutor) } }, async (request) =>
    detail(studentIdOf(request), request.query),
  );
  r.get('/api/customer/teacherResume/getTeacherDetail', { schema: { querystring: TutorUid, response: Reply(Tutor) } }, async (request) =>
    detail(studentIdOf(request), request.query),
  );

  r.post(
    '/api/customer/teacherSignUp/submitTeacherInfo',
    { schema: { body: SignUpBody, response: Reply(SignUpResult) }, config: { write: { experience: 'refuse' } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const b = request.body;
      for (const [field, msg] of REQUIRED) if (!b[field]?.trim()) throw badRequest(msg);
      if (b.sex !== '0' && b.sex !== '1') throw badRequest('请选择性别');
      if (!isPhone(b.phone!.trim())) throw badRequest(PHONE_MSG);
      if (!b.teacherId) throw badRequest('缺少参数：导师编号');
      const id = await submitSignup(app.db, studentId, b.teacherId, {
        name: b.name!.trim(),
        sex: b.sex,
        identity_number: b.identityNumber!.trim(),
        phone: b.phone!.trim(),
        student_no: b.studentNo!.trim(),
        specialty: b.specialty!.trim(),
        classmate: b.classmate!.trim(),
        introduction: b.introduction!.trim(),
        specialty_hobby: b.specialtyHobby!.trim(),
        goals_ideas: b.goalsIdeas!.trim(),
      });
      app.studentCache.forget(studentId); // after the commit; the trigger tells the other processes
      return ok({ signUpId: id, status: 0 as const });
    },
  );

  // Cancel by uid: the tutor's id (what the detail screen holds) or the sign-up's own id. Only an
  // application still under review (0) can be cancelled; it becomes 3.
  r.get(
    '/api/customer/teacherSignUp/cancelSignIn',
    { schema: { querystring: TutorUid, response: Reply(CancelResult) }, config: { write: { experience: 'refuse' } } },
    async (request) => {
      const studentId = studentIdOf(request);
      const uid = request.query.uid ?? request.query.id;
      if (!uid) throw badRequest('缺少参数：编号');
      const cancelled = await cancelSignup(app.db, studentId, uid);
      app.studentCache.forget(studentId);
      if (!cancelled) throw badRequest('没有可取消的导师报名');
      return ok({ status: 3 as const });
    },
  );
}
