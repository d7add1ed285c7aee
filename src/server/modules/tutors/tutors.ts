import type { Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { TutorsTable } from '../../db/schema';
import type { ContentCache } from '../../lib/content-cache';
import type { StudentCache } from '../../lib/student-cache';
import { pageInMemory } from '../../lib/paging';

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

function listItem(t: Selectable<TutorsTable>, state: Awaited<ReturnType<typeof signupState>>) {
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
    status: mine?.status,
    signUpId: mine?.id,
  };
}

export async function pageTutors(db: DbOrTrx, content: ContentCache, students: StudentCache, studentId: string, q: { currentNum: number; currentSize: number; name?: string }) {
  const [all, state] = await Promise.all([
    content.get('tutors', ['tutors'], () => db.selectFrom('tutors').selectAll().orderBy('sort').orderBy('id').execute()),
    // The list only shows each tutor's sign-up state: cached per student (read-only). Signing
    // up checks hasActiveSignup against the database itself.
    students.get(studentId, 'tutors', () => signupState(db, studentId)),
  ]);
  const page = pageInMemory(q.name ? all.filter((t) => t.name.includes(q.name!)) : all, q);
  return { ...page, records: page.records.map((t) => listItem(t, state)) };
}

export async function tutorDetail(db: DbOrTrx, studentId: string, id: string) {
  const t = await db.selectFrom('tutors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) return undefined;
  return {
    ...listItem(t, await signupState(db, studentId)),
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
  };
}

export async function hasActiveSignup(db: DbOrTrx, studentId: string): Promise<boolean> {
  return (await signupState(db, studentId)).active;
}
