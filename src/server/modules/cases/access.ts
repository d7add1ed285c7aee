import type { DbOrTrx } from '../../db/database';
import { forbidden, notFound } from '../../http/envelope';

export const GRADUATED_MSG = '您已结业，无法进入学习';
export const EXPERIENCE_MSG = '您正在进行学生端体验，管理案例课程请登录教师端进行。';

/** Case access from an application's status (none when there is no application): 0 none, 1 active, 2 graduated (结业). */
export function accessOf(status: number | null | undefined): 0 | 1 | 2 {
  return status === null || status === undefined ? 0 : status === 2 ? 2 : 1;
}

/** Case access of a student (see accessOf). */
export async function caseAccess(db: DbOrTrx, studentId: string, caseId: string): Promise<0 | 1 | 2> {
  const row = await db.selectFrom('case_applications').select('status').where('student_id', '=', studentId).where('case_id', '=', caseId).executeTakeFirst();
  return accessOf(row?.status);
}

export async function requireCase(db: DbOrTrx, caseId: string) {
  const row = await db.selectFrom('cases').selectAll().where('id', '=', caseId).executeTakeFirst();
  if (!row) throw notFound('案例不存在');
  return row;
}

/** Project detail, minder and content calls refuse graduated students (SPEC §6). */
export async function assertNotGraduated(db: DbOrTrx, studentId: string, caseId: string): Promise<void> {
  if ((await caseAccess(db, studentId, caseId)) === 2) throw forbidden(GRADUATED_MSG);
}

/** Case management belongs to the teacher site; the experience account (customerType 1) is refused. */
export async function assertNotExperience(db: DbOrTrx, studentId: string): Promise<void> {
  const s = await db.selectFrom('students').select('customer_type').where('id', '=', studentId).executeTakeFirst();
  if (s?.customer_type === 1) throw forbidden(EXPERIENCE_MSG);
}
