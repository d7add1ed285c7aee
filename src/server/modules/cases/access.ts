import type { DbOrTrx } from '../../db/database';
import { forbidden, notFound } from '../../http/envelope';

export const GRADUATED_MSG = '您已结业，无法进入学习';
export const EXPERIENCE_MSG = '您正在进行学生端体验，管理案例课程请登录教师端进行。';
export const NOT_APPLIED_MSG = '您尚未报名该案例，请先报名再学习';

/** Case access from an application's status (none when there is no application): 0 none, 1 active, 2 graduated (结业). */
export function accessOf(status: number | null | undefined): 0 | 1 | 2 {
  return status === null || status === undefined ? 0 : status === 2 ? 2 : 1;
}

/** Case access of a student (see accessOf). */
export async function caseAccess(db: DbOrTrx, studentId: string, caseId: string): Promise<0 | 1 | 2> {
  const row = await db.selectFrom('case_applications').select('status').where('student_id', '=', studentId).where('case_id', '=', caseId).executeTakeFirst();
  return accessOf(row?.status);
}

/**
 * For a write to a case: null when the case does not exist, else the student's access (see
 * accessOf). One statement, so a case and its application are read at the same instant.
 */
export async function caseWriteAccess(db: DbOrTrx, studentId: string, caseId: string): Promise<0 | 1 | 2 | null> {
  const row = await db
    .selectFrom('cases as c')
    .leftJoin('case_applications as a', (j) => j.onRef('a.case_id', '=', 'c.id').on('a.student_id', '=', studentId))
    .select('a.status')
    .where('c.id', '=', caseId)
    .executeTakeFirst();
  return row ? accessOf(row.status) : null;
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
