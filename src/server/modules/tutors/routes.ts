import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { badRequest, notFound, ok } from '../../http/envelope';
import { requireStudent, studentIdOf } from '../../http/auth';
import { newId } from '../../lib/ids';
import { PageQuery } from '../../lib/paging';
import { PHONE_MSG, PHONE_RE } from '../../lib/rules';
import { hasActiveSignup, pageTutors, tutorDetail } from './tutors';

const Str = (max: number) => Type.Optional(Type.String({ maxLength: max }));
// Fields are declared optional so the handler can answer with the form's own messages (SPEC §5).
const SignUpBody = Type.Object({
  name: Str(32), sex: Str(2), identityNumber: Str(32), phone: Str(32), studentNo: Str(32), specialty: Str(64), classmate: Str(64),
  introduction: Str(2000), specialtyHobby: Str(2000), goalsIdeas: Str(2000), teacherId: Str(64),
});
const REQUIRED: [keyof Static<typeof SignUpBody>, string][] = [
  ['name', '请输入姓名'], ['sex', '请选择性别'], ['identityNumber', '请输入身份证号'], ['phone', '请输入手机号'], ['studentNo', '请输入学号'],
  ['specialty', '请输入专业'], ['classmate', '请输入班级'], ['introduction', '请输入自我介绍'], ['specialtyHobby', '请输入特长爱好'], ['goalsIdeas', '请输入目标理想'],
];
/** A student holds at most one sign-up that is applying (0) or accepted (1). */
export const ACTIVE_SIGNUP_MSG = '您已有申请中或报名成功的导师，不能同时报名其他导师';
const UidQuery = Type.Object({ uid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })), id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });

/** Tutor activity area: tutor list and résumé, sign-up and cancel (SPEC §7 Tutor). */
export async function tutorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.addHook('onRequest', requireStudent);

  const listSchema = { querystring: Type.Object({ ...PageQuery, name: Type.Optional(Type.String({ maxLength: 32 })) }) };
  // getTeacherPage is the tutor list; getTeacherList is the same list under the name of the hidden call.
  r.get('/api/customer/teacherResume/getTeacherPage', { schema: listSchema }, async (request) => ok(await pageTutors(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query)));
  r.get('/api/customer/teacherResume/getTeacherList', { schema: listSchema }, async (request) => ok(await pageTutors(app.db, app.contentCache, app.studentCache, studentIdOf(request), request.query)));

  const detail = async (studentId: string, q: { uid?: string; id?: string }) => {
    const t = await tutorDetail(app.db, studentId, q.uid ?? q.id ?? '');
    if (!t) throw notFound('导师不存在');
    return ok(t);
  };
  r.get('/api/customer/teacherResume/getResumeDetails', { schema: { querystring: UidQuery } }, async (request) => detail(studentIdOf(request), request.query));
  r.get('/api/customer/teacherResume/getTeacherDetail', { schema: { querystring: UidQuery } }, async (request) => detail(studentIdOf(request), request.query));

  r.post('/api/customer/teacherSignUp/submitTeacherInfo', { schema: { body: SignUpBody }, config: { write: { experience: 'refuse' } } }, async (request) => {
    const studentId = studentIdOf(request);
    const b = request.body;
    for (const [field, msg] of REQUIRED) if (!b[field]?.trim()) throw badRequest(msg);
    if (b.sex !== '0' && b.sex !== '1') throw badRequest('请选择性别');
    if (!PHONE_RE.test(b.phone!.trim())) throw badRequest(PHONE_MSG);
    if (!b.teacherId) throw badRequest('缺少参数：导师编号');
    const tutor = await app.db.selectFrom('tutors').select(['id', 'sign_status']).where('id', '=', b.teacherId).executeTakeFirst();
    if (!tutor) throw notFound('导师不存在');
    if (tutor.sign_status === 1) throw badRequest('该导师报名人数已满');
    const id = newId();
    // One active (0 or 1) sign-up per student. Locking the student's row makes two submissions at
    // once (two tabs, a double click on PostgreSQL) queue up, so the second sees the first.
    await app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('students').select('id').where('id', '=', studentId).forUpdate().execute();
      if (await hasActiveSignup(trx, studentId)) throw badRequest(ACTIVE_SIGNUP_MSG);
      await trx
        .insertInto('tutor_signups')
        .values({
          id, student_id: studentId, tutor_id: tutor.id, name: b.name!.trim(), sex: b.sex!, identity_number: b.identityNumber!.trim(), phone: b.phone!.trim(),
          student_no: b.studentNo!.trim(), specialty: b.specialty!.trim(), classmate: b.classmate!.trim(), introduction: b.introduction!.trim(),
          specialty_hobby: b.specialtyHobby!.trim(), goals_ideas: b.goalsIdeas!.trim(), status: 0, updated_at: new Date(),
        })
        .execute();
    });
    app.studentCache.forget(studentId); // after the commit; the trigger tells the other processes
    return ok({ signUpId: id, status: 0 });
  });

  // Cancel by uid: the tutor's id (what the detail screen holds) or the sign-up's own id. Only an
  // application still under review (0) can be cancelled; it becomes 3.
  r.get('/api/customer/teacherSignUp/cancelSignIn', { schema: { querystring: UidQuery }, config: { write: { experience: 'refuse' } } }, async (request) => {
    const studentId = studentIdOf(request);
    const uid = request.query.uid ?? request.query.id;
    if (!uid) throw badRequest('缺少参数：编号');
    const res = await app.db
      .updateTable('tutor_signups')
      .set({ status: 3, updated_at: new Date() })
      .where('student_id', '=', studentId)
      .where('status', '=', 0)
      .where((eb) => eb.or([eb('tutor_id', '=', uid), eb('id', '=', uid)]))
      .executeTakeFirst();
    app.studentCache.forget(studentId);
    if (Number(res.numUpdatedRows) === 0) throw badRequest('没有可取消的导师报名');
    return ok({ status: 3 });
  });
}
