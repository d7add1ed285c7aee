import type { Insertable, Selectable } from 'kysely';
import type { SignUpApplication, SignUpStatus, Tutor, TutorItem, TutorQuery } from '../../../contract/tutors';
import type { Db, DbOrTrx } from '../../db/database';
import type { TutorSignupsTable, TutorsTable } from '../../db/schema';
import { badRequest, notFound } from '../../http/envelope';
import type { ContentCache } from '../../lib/content-cache';
import { newId } from '../../lib/ids';
import type { StudentCache } from '../../lib/student-cache';
import { pageInMemory, type Page } from '../../lib/paging';

/** A student holds at most one sign-up that is applying (0) or accepted (1). */
export const ACTIVE_SIGNUP_MSG = '您已有申请中或报名成功的导师，不能同时报名其他导师';

/** The student's latest sign-up per tutor (status 0–3), and whether any is active (0 or 1). */
async function signupState(db: DbOrTrx, studentId: string) {
  const rows = await db
    .selectFrom('tutor_signups')
    .select(['id', 'tutor_id', 'status', 'updated_at'])
    .where('student_id', '=', studentId)
    .orderBy('updated_at', 'asc')
    .execute();
  const latest = new Map(rows.map((r) => [r.tutor_id, r]));
  return { latest, active: rows.some((r) => r.status === 0 || r.status === 1) };
}

function listItem(t: Selectable<TutorsTable>, state: Awaited<ReturnType<typeof signupState>>): TutorItem {
  const mine = state.latest.get(t.id);
  return {
    userId: t.id,
    uuid: t.id,
    name: t.name,
    avatar: t.avatar,
    sex: t.sex,
    technicalPosition: t.technical_position,
    intro: t.intro,
    awardInfo: t.award_info,
    projectInfo: t.project_info,
    workExperience: t.work_experience,
    signStatus: t.sign_status,
    /** 1 when the student already holds an active sign-up (with any tutor). */
    isSignIn: state.active ? 1 : 0,
    /** The student's sign-up status with this tutor; absent when never signed up (SPEC §4). */
    status: mine?.status as SignUpStatus | undefined,
    signUpId: mine?.id,
  };
}

export async function pageTutors(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, q: TutorQuery): Promise<Page<TutorItem>> {
  const [all, state] = await Promise.all([
    content.get('tutors', ['tutors'], () => db.selectFrom('tutors').selectAll().orderBy('sort').orderBy('id').execute()),
    // The list only shows each tutor's sign-up state: cached per student (read-only). Signing
    // up checks hasActiveSignup against the database itself.
    students.get(studentId, 'tutors', () => signupState(db, studentId)),
  ]);
  const page = pageInMemory(q.name ? all.filter((t) => t.name.includes(q.name!)) : all, q);
  return { ...page, records: page.records.map((t) => listItem(t, state)) };
}

export async function tutorDetail(db: DbOrTrx, studentId: string, id: string): Promise<Tutor | undefined> {
  const t = await db.selectFrom('tutors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) return undefined;
  const item = listItem(t, await signupState(db, studentId));
  const application = item.status === 3 && item.signUpId ? await applicationOf(db, studentId, item.signUpId) : undefined;
  return {
    ...item,
    birthday: t.birthday,
    education: t.education,
    degree: t.degree,
    firstDiscipline: t.first_discipline,
    secondaryDiscipline: t.secondary_discipline,
    /** A video file id: the client asks getVideoUrl for its URL. Empty when the tutor has none. */
    videoIntro: t.video_intro,
    field: t.field,
    patentWorks: t.patent_works,
    phone: t.phone,
    email: t.email,
    ...(application ? { application } : {}),
  };
}

/** The fields of one of the student's own sign-ups (scoped by student: ownership). */
async function applicationOf(db: DbOrTrx, studentId: string, signUpId: string): Promise<SignUpApplication | undefined> {
  const a = await db.selectFrom('tutor_signups').selectAll().where('id', '=', signUpId).where('student_id', '=', studentId).executeTakeFirst();
  if (!a) return undefined;
  return {
    name: a.name,
    sex: a.sex,
    identityNumber: a.identity_number,
    phone: a.phone,
    studentNo: a.student_no,
    specialty: a.specialty,
    classmate: a.classmate,
    introduction: a.introduction,
    specialtyHobby: a.specialty_hobby,
    goalsIdeas: a.goals_ideas,
  };
}

export async function hasActiveSignup(db: DbOrTrx, studentId: string): Promise<boolean> {
  return (await signupState(db, studentId)).active;
}

/** The form's fields as stored; the rest of the row is set by submitSignup. */
export type SignupFields = Omit<Insertable<TutorSignupsTable>, 'id' | 'student_id' | 'tutor_id' | 'status' | 'updated_at'>;

/**
 * Applies to a tutor who is not full; answers the new sign-up's id. One active (0 or 1) sign-up per
 * student: locking the student's row makes two submissions at once (two tabs, a double click on
 * PostgreSQL) queue up, so the second sees the first.
 */
export async function submitSignup(db: Db, studentId: string, tutorId: string, fields: SignupFields): Promise<string> {
  const tutor = await db.selectFrom('tutors').select(['id', 'sign_status']).where('id', '=', tutorId).executeTakeFirst();
  if (!tutor) throw notFound('导师不存在');
  if (tutor.sign_status === 1) throw badRequest('该导师报名人数已满');
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('students').select('id').where('id', '=', studentId).forUpdate().execute();
    if (await hasActiveSignup(trx, studentId)) throw badRequest(ACTIVE_SIGNUP_MSG);
    await trx
      .insertInto('tutor_signups')
      .values({ ...fields, id, student_id: studentId, tutor_id: tutor.id, status: 0, updated_at: new Date() })
      .execute();
  });
  return id;
}

/** Cancels the student's application under review (0 → 3) by tutor id or sign-up id; false when there is none. */
export async function cancelSignup(db: DbOrTrx, studentId: string, uid: string): Promise<boolean> {
  const res = await db
    .updateTable('tutor_signups')
    .set({ status: 3, updated_at: new Date() })
    .where('student_id', '=', studentId)
    .where('status', '=', 0)
    .where((eb) => eb.or([eb('tutor_id', '=', uid), eb('id', '=', uid)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
